import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { writeSections } from "../models/sections.js";

/**
 * Copies a template's sections (titles and starter HTML) into a new item's body, in order; returns how
 * many were copied. They go through writeSections, so the HTML is sanitized like an editor's save and
 * the edit page imports it (no Lexical JSON yet).
 */
export async function applyTemplate(trx: Transaction<Database>, templateId: number, contentId: number): Promise<number> {
  const sections = await trx.selectFrom("curriculum_template_sections").select(["position", "title", "html"]).where("template_id", "=", templateId).orderBy("position").execute();
  if (!sections.length) return 0;
  await writeSections(
    trx,
    contentId,
    sections.map((s) => ({ title: s.title, html: s.html })),
  );
  return sections.length;
}
