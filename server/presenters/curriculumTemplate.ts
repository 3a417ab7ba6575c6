import { curriculumType, type CurriculumTemplate as TemplateJson, type TemplateDetail } from "../../contract/index.js";
import type { CurriculumTemplate, CurriculumTemplateSection } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { curriculumPolicy } from "../policies/index.js";

/** A template as the chooser sees it, with the actor's abilities decided by the curriculum policy. */
export function presentTemplate(row: CurriculumTemplate & { sections: string[] }, actor: Actor): TemplateJson {
  const edit = curriculumPolicy.canEditTemplate(actor, row);
  return { id: row.id, title: row.title, description: row.description, link: `/templates/${row.uid}`, sections: row.sections, can_edit: edit, abilities: { edit } };
}

/** A template with its sections' HTML, for its edit page. */
export function presentTemplateDetail(row: CurriculumTemplate, sections: CurriculumTemplateSection[], actor: Actor): TemplateDetail {
  return {
    id: row.id,
    uid: row.uid,
    model_key: row.model_key,
    type_name_singular: curriculumType(row.model_key)?.label ?? "Template",
    title: row.title,
    description: row.description,
    link: `/templates/${row.uid}`,
    sections: sections.map((s) => ({ title: s.title, html: s.html })),
    abilities: { edit: curriculumPolicy.canEditTemplate(actor, row) },
  };
}
