import type { CurriculumTemplate as TemplateJson } from "../../contract/index.js";
import type { CurriculumTemplate } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { curriculumPolicy } from "../policies/index.js";

/** A template as the chooser sees it, with the actor's abilities decided by the curriculum policy. */
export function presentTemplate(row: CurriculumTemplate & { sections: string[] }, actor: Actor): TemplateJson {
  const edit = curriculumPolicy.canEditTemplate(actor, row);
  return { id: row.id, title: row.title, description: row.description, link: `/templates/${row.uid}`, sections: row.sections, can_edit: edit, abilities: { edit } };
}
