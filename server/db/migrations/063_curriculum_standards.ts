import { sql, type Kysely } from "kysely";

/**
 * Projects and pathways take standards as lesson plans and outlines do (their model-attribute configuration is their
 * search type's attributes, `models/attributes.ts` attributeTypesForModel): an installation made before gets Standards
 * in the attributes of every search type made of those models only, after Subjects as the defaults have it, unless it
 * is there already. The model list is read as JSON, so a type an administrator saved as `["pathway", "project"]` or
 * with other spacing is found too; a type that mixes in other models is left as its administrator set it.
 */
const CURRICULUM_MODELS = new Set(["project", "pathway"]);

type SearchTypeRow = { type: string; model_types: string; attributes: string };

/** The search types whose models are all projects or pathways, each with its attributes. */
async function curriculumSearchTypes(db: Kysely<unknown>): Promise<{ type: string; attributes: string[] }[]> {
  const rows = await sql<SearchTypeRow>`select type, model_types, attributes from search_types`.execute(db);
  return rows.rows.flatMap((row) => {
    const models: unknown = JSON.parse(row.model_types);
    const curricular = Array.isArray(models) && models.length > 0 && models.every((m) => CURRICULUM_MODELS.has(m as string));
    return curricular ? [{ type: row.type, attributes: JSON.parse(row.attributes) as string[] }] : [];
  });
}

/** Adds "standards" to the attributes of the project and pathway search types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { type, attributes } of await curriculumSearchTypes(db)) {
    if (attributes.includes("standards")) continue;
    const at = attributes.indexOf("subjects") + 1 || attributes.length;
    attributes.splice(at, 0, "standards");
    await sql`update search_types set attributes = ${JSON.stringify(attributes)} where type = ${type}`.execute(db);
  }
}

/** Takes "standards" out of those types' attributes again (the items' standards stay, as any tag of a type a model no longer offers does). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { type, attributes } of await curriculumSearchTypes(db)) {
    const kept = attributes.filter((a) => a !== "standards");
    await sql`update search_types set attributes = ${JSON.stringify(kept)} where type = ${type}`.execute(db);
  }
}
