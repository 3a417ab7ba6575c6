import { z } from "zod";
import { MAX_ID } from "./common.js";
import { ResourceView } from "./resourceView.js";

/**
 * The rules of a resource, shared by the single-resource form (POST /resources/create-fetch),
 * the bulk importer's row validation and the desktop's local spreadsheet preview.
 * Message texts in quotes come from the specification.
 */
export const RESOURCE_MESSAGES = {
  titleRequired: "The title field is required.",
  titleTooLong: "The title may be at most 255 characters.",
  descriptionTooLong: "The description may be at most 10000 characters.",
  urlRequired: "The URL field is required.",
  urlInvalid: "Please check that your URL is correct",
  urlTooLong: "The URL may be at most 2048 characters.",
  fileRequired: "Please choose a file to upload.",
  fileTooLarge: "The file may be at most 2048 KB.",
  fileType: "The selected file type should be (doc,docx,pdf,rtf,gif,jpeg,jpg,png)",
  fileContentMismatch: "The file's content does not match its extension.",
  categoryRequired: "Please choose a resource category.",
  keywordInvalid: "Invalid keyword characters.  Please check that you are only using approved characters.",
  generic: "Oops! An unexpected error has occurred. Please refresh your browser and try again.",
  addTypeInvalid: "Choose whether the resource is a link (show-url) or a file (show-file).",
  shareWithInvalid: "Choose where to share from the list.",
  shareWithForbidden: "You may only share with groups you belong to.",
  categoryInvalid: "Choose a resource category from the list.",
  subcategoryInvalid: "Subcategories must belong to the chosen resource category.",
  pricingInvalid: "Choose a content pricing option from the list.",
  created: "Resource created.",
  sourceChanged: "Link or file changed.",
} as const;

export const RESOURCE_TITLE_MAX = 255;
export const RESOURCE_DESCRIPTION_MAX = 10000;
/** A resource's link is at most this long (content.url is a varchar(2048): PostgreSQL refuses a longer one). */
export const RESOURCE_URL_MAX = 2048;
/** A resource file is at most 2048 KB. */
export const RESOURCE_FILE_MAX_BYTES = 2048 * 1024;
export const RESOURCE_FILE_EXTENSIONS = ["doc", "docx", "pdf", "rtf", "gif", "jpeg", "jpg", "png"] as const;

/** The form's URL pattern: http(s):// and a host, no spaces. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

/** What is wrong with a resource's link (already trimmed), or null when it is fine: required, at most RESOURCE_URL_MAX, http(s). */
export function resourceUrlProblem(url: string): string | null {
  if (!url) return RESOURCE_MESSAGES.urlRequired;
  if (url.length > RESOURCE_URL_MAX) return RESOURCE_MESSAGES.urlTooLong;
  return isHttpUrl(url) ? null : RESOURCE_MESSAGES.urlInvalid;
}

/** A keyword: letters, digits, spaces, periods and hyphens (first document's reading). */
export const KEYWORD_PATTERN = /^[\p{L}\p{N} .-]+$/u;

/** Splits a comma-separated keyword entry: trimmed, empty ones dropped, de-duplicated and sorted. */
export function parseKeywords(entry: string): { keywords: string[]; invalid: string[] } {
  const parts = entry
    .split(",")
    .map((k) => k.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  const invalid = parts.filter((k) => !KEYWORD_PATTERN.test(k));
  const keywords = [...new Set(parts.filter((k) => KEYWORD_PATTERN.test(k)))].sort((a, b) => a.localeCompare(b));
  return { keywords, invalid };
}

/** The extension of a file name, lowercased, without the dot ("" when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export interface ResourceFieldError {
  field: string;
  message: string;
}

export interface ResourceFields {
  title?: string | null;
  description?: string | null;
  url?: string | null;
  resource_category?: number | string | null;
  keywords?: string | null;
}

export interface ResourceRuleOptions {
  /** "show-url" needs a URL; "show-file" needs a file (checked by fileErrors). */
  mode: "show-url" | "show-file";
  categoryRequired: boolean;
}

/** The field errors of a resource's text fields, in form order (empty when valid). */
export function resourceFieldErrors(fields: ResourceFields, options: ResourceRuleOptions): ResourceFieldError[] {
  const errors: ResourceFieldError[] = [];
  const title = (fields.title ?? "").trim();
  if (!title) errors.push({ field: "title", message: RESOURCE_MESSAGES.titleRequired });
  else if (title.length > RESOURCE_TITLE_MAX) errors.push({ field: "title", message: RESOURCE_MESSAGES.titleTooLong });
  if ((fields.description ?? "").length > RESOURCE_DESCRIPTION_MAX) errors.push({ field: "description", message: RESOURCE_MESSAGES.descriptionTooLong });
  if (options.mode === "show-url") {
    const problem = resourceUrlProblem((fields.url ?? "").trim());
    if (problem) errors.push({ field: "url", message: problem });
  }
  const category = fields.resource_category;
  if (options.categoryRequired && (category === null || category === undefined || String(category).trim() === "")) {
    errors.push({ field: "resource_category", message: RESOURCE_MESSAGES.categoryRequired });
  }
  if (fields.keywords && parseKeywords(fields.keywords).invalid.length) errors.push({ field: "keywords", message: RESOURCE_MESSAGES.keywordInvalid });
  return errors;
}

/** The errors of a chosen file by name and size (its content is checked on the server). */
export function fileErrors(file: { name: string; size: number } | null | undefined): ResourceFieldError[] {
  if (!file) return [{ field: "file", message: RESOURCE_MESSAGES.fileRequired }];
  if (!(RESOURCE_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return [{ field: "file", message: RESOURCE_MESSAGES.fileType }];
  if (file.size > RESOURCE_FILE_MAX_BYTES) return [{ field: "file", message: RESOURCE_MESSAGES.fileTooLarge }];
  return [];
}

/** The answer of POST /resources/create-fetch on success: the new item's link (its editor is link + "/edit"). */
export const ResourceCreateResponse = z.object({
  status: z.literal("success"),
  message: z.string(),
  response: z.object({ id: z.number(), link: z.string(), title: z.string() }),
});
export type ResourceCreateResponse = z.infer<typeof ResourceCreateResponse>;

/** How a resource is added: by link or by file (add_resource_type). */
export const ADD_RESOURCE_TYPES = ["show-url", "show-file"] as const;
export type AddResourceType = (typeof ADD_RESOURCE_TYPES)[number];

/**
 * A sharing context of a new resource: everyone ("global"), signed-in members ("authed"),
 * or one group ("group:{id}").
 */
export type ShareContext = { kind: "global" } | { kind: "authed" } | { kind: "group"; id: number };

/** Reads share_with (a comma list or an array of context values); null when an entry is malformed. */
export function parseShareWith(value: unknown): ShareContext[] | null {
  if (value === undefined || value === null || value === "") return [];
  const entries = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === "string" ? v.split(",") : [v]));
  const out: ShareContext[] = [];
  for (const raw of entries) {
    if (typeof raw !== "string") return null;
    const entry = raw.trim();
    if (!entry) continue;
    if (entry === "global" || entry === "authed") out.push({ kind: entry });
    else {
      const match = /^group:([1-9]\d{0,9})$/.exec(entry);
      if (!match) return null;
      out.push({ kind: "group", id: Number(match[1]) });
    }
  }
  return out;
}

/** The string form of a sharing context (what share_with carries). */
export const shareContextValue = (c: ShareContext): string => (c.kind === "group" ? `group:${c.id}` : c.kind);

/** An optional attribute item id sent as form text ("" means none). */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message).optional(),
  );

/** A list of attribute item ids sent as a comma list or repeated fields. */
const idList = (message: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null || v === ""
        ? []
        : (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(",").filter((s) => s.trim()) : [x])).map((x) => (typeof x === "string" && /^\s*\d{1,10}\s*$/.test(x) ? Number(x) : x)),
    z.array(z.number({ error: message }).int(message).positive(message).max(MAX_ID, message), { error: message }).max(50, message),
  );

/**
 * POST /resources/create-fetch text fields (multipart). The file itself is checked by fileErrors and,
 * on the server, by its content. The rules run through resourceFieldErrors so every client shares them.
 */
export const resourceCreateRequest = (options: { categoryRequired: boolean }) =>
  z
    .object({
      title: z.string().optional(),
      description: z.string().optional(),
      add_resource_type: z.enum(ADD_RESOURCE_TYPES, { error: RESOURCE_MESSAGES.addTypeInvalid }).default("show-url"),
      url: z.string().optional(),
      share_with: z
        .unknown()
        .optional()
        .transform((v, ctx) => {
        const parsed = parseShareWith(v);
        if (parsed === null) {
          ctx.addIssue({ code: "custom", message: RESOURCE_MESSAGES.shareWithInvalid });
          return z.NEVER;
        }
        return parsed;
      }),
      resource_category: optionalId(RESOURCE_MESSAGES.categoryInvalid),
      resource_subcategories: idList(RESOURCE_MESSAGES.subcategoryInvalid),
      content_pricing: optionalId(RESOURCE_MESSAGES.pricingInvalid),
    })
    .superRefine((body, ctx) => {
      const errors = resourceFieldErrors(body, { mode: body.add_resource_type, categoryRequired: options.categoryRequired });
      for (const e of errors) ctx.addIssue({ code: "custom", path: [e.field], message: e.message });
    })
    .transform((body) => ({
      ...body,
      title: (body.title ?? "").trim(),
      description: (body.description ?? "").trim(),
      url: body.add_resource_type === "show-url" ? (body.url ?? "").trim() : null,
    }));
export type ResourceCreateFields = z.output<ReturnType<typeof resourceCreateRequest>>;

/** GET /resources/share-options: where the signed-in author may share a new resource. */
export const ResourceShareOptions = z.object({ contexts: z.array(z.object({ value: z.string(), label: z.string() })) });
export type ResourceShareOptions = z.infer<typeof ResourceShareOptions>;

/**
 * POST /resources/{uid}/source: a resource's new link (add_resource_type show-url, url) or its replacement file
 * (show-file, the part named file), under the same rules as create-fetch.
 */
export const ResourceSourceRequest = z
  .object({
    add_resource_type: z.enum(ADD_RESOURCE_TYPES, { error: RESOURCE_MESSAGES.addTypeInvalid }).default("show-url"),
    url: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.add_resource_type !== "show-url") return;
    const url = (body.url ?? "").trim();
    const message = resourceUrlProblem(url);
    if (message) ctx.addIssue({ code: "custom", path: ["url"], message });
  })
  .transform((body) => ({ add_resource_type: body.add_resource_type, url: body.add_resource_type === "show-url" ? (body.url ?? "").trim() : null }));
export type ResourceSourceFields = z.output<typeof ResourceSourceRequest>;

/** The answer of POST /resources/{uid}/source: the resource's new view (its link or file) and when it changed. */
export const ResourceSourceResponse = z.object({
  status: z.literal("success"),
  message: z.string(),
  resource_view: ResourceView,
  updated_at: z.string(),
});
export type ResourceSourceResponse = z.infer<typeof ResourceSourceResponse>;
