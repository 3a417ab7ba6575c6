import type { Db } from "../db/connection.js";
import type { CurriculumTemplate } from "../db/schema.js";

/** One page of a type's templates (site templates and members' own, in display order) and the total. */
export async function listTemplates(db: Db, modelKey: string, page: number, limit: number): Promise<{ rows: (CurriculumTemplate & { sections: string[] })[]; total: number }> {
  const { total } = await db.selectFrom("curriculum_templates").select((eb) => eb.fn.countAll<string | number>().as("total")).where("model_key", "=", modelKey).executeTakeFirstOrThrow();
  const rows = await db.selectFrom("curriculum_templates").selectAll().where("model_key", "=", modelKey).orderBy("sort_order").orderBy("id").limit(limit).offset((page - 1) * limit).execute();
  const sections = rows.length
    ? await db.selectFrom("curriculum_template_sections").select(["template_id", "title"]).where("template_id", "in", rows.map((r) => r.id)).orderBy("template_id").orderBy("position").execute()
    : [];
  return { rows: rows.map((r) => ({ ...r, sections: sections.filter((s) => s.template_id === r.id).map((s) => s.title) })), total: Number(total) };
}

/** A template by id, only when it belongs to the given type. */
export async function findTemplate(db: Db, id: number, modelKey: string): Promise<CurriculumTemplate | undefined> {
  return db.selectFrom("curriculum_templates").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
}
