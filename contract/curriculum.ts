import { z } from "zod";
import { ContentUpdateRequest, EDITOR_MESSAGES, SECTIONS_MAX, SectionInput } from "./editor.js";

/** Curriculum item types, the path segment of their start call, and their display names. */
export const CURRICULUM_TYPES = [
  { modelKey: "lesson_plan", startPath: "lesson-plans", label: "Lesson Plan" },
  { modelKey: "outline", startPath: "outlines", label: "Outline" },
  { modelKey: "project", startPath: "projects", label: "Project" },
  { modelKey: "pathway", startPath: "pathway", label: "Pathway" },
] as const;
export type CurriculumModelKey = (typeof CURRICULUM_TYPES)[number]["modelKey"];
export const CURRICULUM_MODEL_KEYS = CURRICULUM_TYPES.map((t) => t.modelKey) as [CurriculumModelKey, ...CurriculumModelKey[]];

/** The curriculum type of a model key, or undefined. */
export const curriculumType = (modelKey: string) => CURRICULUM_TYPES.find((t) => t.modelKey === modelKey);

/** Template pages hold at most 48 (second document, section 9). */
export const TEMPLATES_PAGE_SIZE = 48;
export const CURRICULUM_TITLE_MAX = 255;
export const CURRICULUM_INTRODUCTION_MAX = 10000;

/** Message texts of curriculum creation; the failure text is quoted from the specification. */
export const CURRICULUM_MESSAGES = {
  createFailed: "An error occurred while creating this curriculum. Please wait a moment and try again.",
  titleRequired: "Title is required.",
  titleTooLong: `Title may be at most ${CURRICULUM_TITLE_MAX} characters.`,
  introductionRequired: EDITOR_MESSAGES.introductionRequired,
  introductionTooLong: EDITOR_MESSAGES.introductionTooLong,
  templateInvalid: "Choose a template from the list.",
  unknownType: "Unknown curriculum type.",
  pageInvalid: "page must be a positive whole number.",
  limitInvalid: `limit must be a whole number from 1 to ${TEMPLATES_PAGE_SIZE}.`,
  created: (label: string) => `${label} created.`,
} as const;

/** POST /lesson-plans/start, /outlines/start, /pathway/start, /projects/start: title and introduction plus extras (template_id). */
export const CurriculumStartRequest = z.object({
  title: z.string({ error: CURRICULUM_MESSAGES.titleRequired }).trim().min(1, CURRICULUM_MESSAGES.titleRequired).max(CURRICULUM_TITLE_MAX, CURRICULUM_MESSAGES.titleTooLong),
  introduction: z
    .string({ error: CURRICULUM_MESSAGES.introductionRequired })
    .trim()
    .min(1, CURRICULUM_MESSAGES.introductionRequired)
    .max(CURRICULUM_INTRODUCTION_MAX, CURRICULUM_MESSAGES.introductionTooLong),
  template_id: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: CURRICULUM_MESSAGES.templateInvalid }).int(CURRICULUM_MESSAGES.templateInvalid).positive(CURRICULUM_MESSAGES.templateInvalid).optional(),
  ),
});
export type CurriculumStartRequest = z.input<typeof CurriculumStartRequest>;

/** The started item; the renderer goes to data.link + "/edit". */
export const CurriculumStartResponse = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: z.object({ id: z.number(), link: z.string(), title: z.string(), template_id: z.number().nullable() }),
});
export type CurriculumStartResponse = z.infer<typeof CurriculumStartResponse>;

const positiveInt = (message: string, max?: number) =>
  z.preprocess((v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v), max ? z.number({ error: message }).int(message).min(1, message).max(max, message) : z.number({ error: message }).int(message).min(1, message));

/** GET /curriculum/templates/{type} query: page (from 1) and limit (48 by default and at most). */
export const TemplatesQuery = z.object({
  page: positiveInt(CURRICULUM_MESSAGES.pageInvalid).default(1),
  limit: positiveInt(CURRICULUM_MESSAGES.limitInvalid, TEMPLATES_PAGE_SIZE).default(TEMPLATES_PAGE_SIZE),
});
export type TemplatesQuery = z.input<typeof TemplatesQuery>;

/** A curriculum template: what the chooser shows, and whether the actor may manage it. */
export const CurriculumTemplate = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  sections: z.array(z.string()),
  can_edit: z.boolean(),
  abilities: z.object({ edit: z.boolean() }),
});
export type CurriculumTemplate = z.infer<typeof CurriculumTemplate>;

export const TemplatesResponse = z.object({
  data: z.array(CurriculumTemplate),
  total: z.number(),
  meta: z.object({ total: z.number(), current_page: z.number(), last_page: z.number(), per_page: z.number() }),
});
export type TemplatesResponse = z.infer<typeof TemplatesResponse>;

/** A template with its sections' HTML, for its edit page (GET /api/templates/{uid}). */
export const TemplateDetail = z.object({
  id: z.number(),
  uid: z.string(),
  model_key: z.string(),
  type_name_singular: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  sections: z.array(z.object({ title: z.string(), html: z.string() })),
  abilities: z.object({ edit: z.boolean() }),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;

/** POST /templates/{uid}/update: the template's title, description and sections (HTML only; items copy it at start). */
export const TemplateUpdateRequest = ContentUpdateRequest.extend({
  sections: z.array(SectionInput.pick({ title: true, html: true })).max(SECTIONS_MAX, EDITOR_MESSAGES.tooManySections).default([]),
});
export type TemplateUpdateRequest = z.input<typeof TemplateUpdateRequest>;

export const TemplateUpdateResponse = z.object({ status: z.literal("success"), message: z.string(), template: TemplateDetail });
export type TemplateUpdateResponse = z.infer<typeof TemplateUpdateResponse>;
