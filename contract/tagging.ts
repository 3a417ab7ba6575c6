import { z } from "zod";
import { AttributeIdList } from "./attributes.js";
import { MAX_ID } from "./common.js";
import { AttributeGroupView } from "./contentActions.js";
import { KEYWORD_PATTERN, RESOURCE_MESSAGES } from "./resource.js";

/** The longest keyword a tag save takes (the Keywords tab says so as it is typed). */
export const KEYWORD_MAX = 64;

/** Texts of the model-attribute editor (quoted from the specification where it names them). */
export const TAGGING_MESSAGES = {
  keywordLabel: "Add Keyword (Letters, Numbers, Spaces, and Hyphens Only)",
  keywordInvalid: RESOURCE_MESSAGES.keywordInvalid,
  keywordTooLong: `A keyword may be at most ${KEYWORD_MAX} characters.`,
  tooManyKeywords: "An item may have at most 50 keywords.",
  pendingKeyword: "Add or clear the keyword you are typing before saving.",
  unknownAttribute: "One of the chosen attributes does not exist or does not apply to this item.",
  leafOnly: (type: string) => `Only the most specific ${type} can be chosen.`,
  single: (type: string) => `Choose at most one ${type}.`,
  saved: "Tags saved.",
  /** The Standards dialog's save (the same call: its answer's message is the Tags dialog's). */
  standardsSaved: "Standards saved.",
  otherNotOffered: (type: string) => `${type} takes no other value.`,
  otherUnknownType: "A write-in value is for an attribute type that does not apply to this item.",
  otherTooLong: (type: string, max: number) => `The other ${type} may be at most ${max} characters.`,
  otherInvalid: "other_values must list each attribute type at most once, with its type_id and a text value.",
  searchMin: "Please enter at least 2 characters to search.",
} as const;

/** Attribute search in the editor's tabs starts at 2 characters (second document, section 5). */
export const ATTRIBUTE_TAB_SEARCH_MIN = 2;

/**
 * The keyword rule of the attribute editor's Keywords tab (second document, the rule written for this form, its label
 * quoted): letters, digits, spaces and hyphens. POST {link}/tags, which only the editor sends, applies it to the keywords
 * it adds; a keyword the item already carries from the first document's contexts (add resource, bulk import: periods as
 * well, KEYWORD_PATTERN) is kept as it is. docs/design.md, "Keywords".
 */
export const EDITOR_KEYWORD_PATTERN = /^[\p{L}\p{N} -]+$/u;

/** The keywords of a tag save that the item does not carry yet (compared case-insensitively) and the editor's rule refuses. */
export function refusedNewKeywords(carried: readonly string[], sent: readonly string[]): string[] {
  const known = new Set(carried.map((k) => k.toLowerCase()));
  return sent.filter((k) => !known.has(k.toLowerCase()) && !EDITOR_KEYWORD_PATTERN.test(k));
}

/**
 * Splits a pending keyword entry the way the Keywords tab adds it: comma-separated, trimmed, empty ones dropped; with
 * what is wrong with it (the first refused keyword's message), or null.
 */
export function splitKeywordEntry(entry: string): { keywords: string[]; valid: boolean; problem: string | null } {
  const keywords = entry
    .split(",")
    .map((k) => k.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  const problem = keywords.length === 0 || keywords.some((k) => !EDITOR_KEYWORD_PATTERN.test(k)) ? TAGGING_MESSAGES.keywordInvalid : keywords.some((k) => k.length > KEYWORD_MAX) ? TAGGING_MESSAGES.keywordTooLong : null;
  return { keywords, valid: problem === null, problem };
}

/** Adds keywords to a list: de-duplicated (case-insensitively) and sorted. */
export function mergeKeywords(list: string[], added: string[]): string[] {
  const seen = new Map<string, string>();
  for (const k of [...list, ...added]) if (!seen.has(k.toLowerCase())) seen.set(k.toLowerCase(), k);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));
}

const keyword = z
  .string()
  .transform((k) => k.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, TAGGING_MESSAGES.keywordInvalid).max(KEYWORD_MAX, TAGGING_MESSAGES.keywordTooLong).regex(KEYWORD_PATTERN, TAGGING_MESSAGES.keywordInvalid));

/** An item's write-in ("Other") value of one attribute type. */
export const OtherValue = z.object({ type_id: z.number(), value: z.string() });
export type OtherValue = z.infer<typeof OtherValue>;

/**
 * The write-ins of a tag save: trimmed, empty ones dropped (none for that type), each type at most once. Each type's own
 * maximum (its configuration's other_max_length) is checked by the server; OTHER_VALUE_MAX bounds them all.
 */
const otherValues = z
  .array(
    z.object({
      type_id: z.number({ error: TAGGING_MESSAGES.otherInvalid }).int(TAGGING_MESSAGES.otherInvalid).positive(TAGGING_MESSAGES.otherInvalid).max(MAX_ID, TAGGING_MESSAGES.otherInvalid),
      value: z.string({ error: TAGGING_MESSAGES.otherInvalid }).trim(),
    }),
    { error: TAGGING_MESSAGES.otherInvalid },
  )
  .max(50, TAGGING_MESSAGES.otherInvalid)
  .transform((list) => list.filter((o) => o.value !== ""))
  .refine((list) => new Set(list.map((o) => o.type_id)).size === list.length, TAGGING_MESSAGES.otherInvalid)
  // Left out (a client that knows no write-ins), the item's write-ins stay as they are; [] removes them.
  .optional();

/** POST {link}/tags: the item's attributes (all types at once), write-ins and keywords; each replaces what was there (write-ins only when sent). */
export const ContentTagsRequest = z.object({
  attribute_ids: AttributeIdList,
  other_values: otherValues,
  keywords: z
    .array(keyword, { error: TAGGING_MESSAGES.keywordInvalid })
    .max(50, TAGGING_MESSAGES.tooManyKeywords)
    .default([])
    .transform((list) => mergeKeywords([], list)),
});
export type ContentTagsRequest = z.input<typeof ContentTagsRequest>;

/** An item's tags: attribute ids, write-ins and keywords (sorted). */
export const ContentTags = z.object({
  model_key: z.string(),
  attribute_ids: z.array(z.number()),
  /** The write-in ("Other") values, by type id. */
  other_values: z.array(OtherValue),
  keywords: z.array(z.string()),
  keywords_enabled: z.boolean(),
  /** The same attributes and write-ins by type, with their names (as the item's page lists them): what the edit page shows as the item's current tags. */
  groups: z.array(AttributeGroupView),
});
export type ContentTags = z.infer<typeof ContentTags>;

/** The answer of a tag save. */
export const ContentTagsResponse = z.object({ status: z.literal("success"), message: z.string(), tags: ContentTags });
export type ContentTagsResponse = z.infer<typeof ContentTagsResponse>;
