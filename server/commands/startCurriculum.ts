import type { CurriculumModelKey } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { applyTemplate } from "./applyTemplate.js";
import { insertContent } from "./createContent.js";

export interface StartCurriculumInput {
  modelKey: CurriculumModelKey;
  ownerId: number;
  title: string;
  introduction: string;
  /** The template it starts from (already checked to be of this type), or null for the default. */
  templateId: number | null;
}

/**
 * Starts a lesson plan, outline, project or pathway in one transaction: the searchable content row (its
 * introduction is its description, stored there only), the record of its template, and the template's sections.
 */
export async function startCurriculum(db: Db, input: StartCurriculumInput): Promise<Content> {
  return db.transaction().execute(async (trx) => {
    const content = await insertContent(trx, { modelKey: input.modelKey, title: input.title, description: input.introduction, ownerId: input.ownerId });
    await trx.insertInto("curriculum_items").values({ content_id: content.id, template_id: input.templateId }).execute();
    if (input.templateId !== null) await applyTemplate(trx, input.templateId, content.id);
    return content;
  });
}
