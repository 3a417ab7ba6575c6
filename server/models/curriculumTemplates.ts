import { MAX_ID } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { CurriculumTemplate, CurriculumTemplateSection } from "../db/schema.js";
import { sanitizeUserHtml } from "../lib/sanitize.js";

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
  if (id > MAX_ID) return undefined;
  return db.selectFrom("curriculum_templates").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
}

/** A template by its uid. */
export async function findTemplateByUid(db: Db, uid: string): Promise<CurriculumTemplate | undefined> {
  return db.selectFrom("curriculum_templates").selectAll().where("uid", "=", uid).executeTakeFirst();
}

/** A template's sections, in order. */
export function listTemplateSections(db: Db, templateId: number): Promise<CurriculumTemplateSection[]> {
  return db.selectFrom("curriculum_template_sections").selectAll().where("template_id", "=", templateId).orderBy("position").execute();
}

/**
 * Replaces a template's title, description and sections (HTML sanitized with the course-designer profile, as item
 * bodies are); a description left out stays as it was.
 */
export async function updateTemplate(db: Db, id: number, input: { title: string; description?: string; sections: { title: string; html: string }[] }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("curriculum_templates").set({ title: input.title, ...(input.description === undefined ? {} : { description: input.description }) }).where("id", "=", id).execute();
    await trx.deleteFrom("curriculum_template_sections").where("template_id", "=", id).execute();
    if (!input.sections.length) return;
    await trx
      .insertInto("curriculum_template_sections")
      .values(input.sections.map((s, position) => ({ template_id: id, position, title: s.title.trim().slice(0, 255), html: sanitizeUserHtml(s.html, "course-designer") })))
      .execute();
  });
}
