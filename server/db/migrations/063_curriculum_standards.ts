import { sql, type Kysely } from "kysely";

/**
 * Projects and pathways take standards as lesson plans and outlines do (their model-attribute configuration is their
 * search type's attributes, `models/attributes.ts` attributeTypesForModel): an installation made before gets Standards
 * in those two types' attributes, after Subjects as the defaults have it, unless it is there already.
 */
const CURRICULUM_SEARCH_TYPES = ['["project"]', '["pathway"]'];

/** Adds "standards" to the attributes of the project and pathway search types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ type: string; attributes: string }>`select type, attributes from search_types where model_types in (${sql.join(CURRICULUM_SEARCH_TYPES)})`.execute(db);
  for (const row of rows.rows) {
    const attributes = JSON.parse(row.attributes) as string[];
    if (attributes.includes("standards")) continue;
    const at = attributes.indexOf("subjects") + 1 || attributes.length;
    attributes.splice(at, 0, "standards");
    await sql`update search_types set attributes = ${JSON.stringify(attributes)} where type = ${row.type}`.execute(db);
  }
}

/** Takes "standards" out of those types' attributes again (the items' standards stay, as any tag of a type a model no longer offers does). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ type: string; attributes: string }>`select type, attributes from search_types where model_types in (${sql.join(CURRICULUM_SEARCH_TYPES)})`.execute(db);
  for (const row of rows.rows) {
    const attributes = (JSON.parse(row.attributes) as string[]).filter((a) => a !== "standards");
    await sql`update search_types set attributes = ${JSON.stringify(attributes)} where type = ${row.type}`.execute(db);
  }
}
