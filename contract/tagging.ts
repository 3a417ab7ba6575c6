import { z } from "zod";
import { AttributeIdList } from "./attributes.js";
import { MAX_ID } from "./common.js";
import { AttributeGroupView } from "./contentActions.js";
import { isHttpUrl, KEYWORD_PATTERN, RESOURCE_MESSAGES, RESOURCE_URL_MAX } from "./resource.js";

/** The longest keyword a tag save takes (the Keywords tab says so as it is typed). */
export const KEYWORD_MAX = 64;

/** The most authors a resource lists, and the longest name (and original author) it takes. */
export const AUTHORS_MAX = 20;
export const AUTHOR_NAME_MAX = 255;

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
  authorNameRequired: "Please give the author's name.",
  authorNameTooLong: `An author's name may be at most ${AUTHOR_NAME_MAX} characters.`,
  authorUrlInvalid: RESOURCE_MESSAGES.urlInvalid,
  authorUrlTooLong: RESOURCE_MESSAGES.urlTooLong,
  tooManyAuthors: `An item may have at most ${AUTHORS_MAX} authors.`,
  originalAuthorTooLong: `The original author may be at most ${AUTHOR_NAME_MAX} characters.`,
  authorsNotTaken: "Only resources have authors.",
  authorsInvalid: "Please correct the authors marked above.",
} as const;

/** One of a resource's authors (first document: extra_data's authors_list "of name and url"); url is "" when none. */
export const Author = z.object({ name: z.string(), url: z.string() });
export type Author = z.infer<typeof Author>;

/**
 * A resource's authors as its page and the tags editor read them (first document: extra_data keywords, authors_list,
 * authors, author_url, original_author; the keywords are the item's tags). `authors` (the names joined) and `author_url`
 * (the first author's link) are the single-author form, kept in step with the list.
 */
export const ItemAuthors = z.object({
  authors_list: z.array(Author),
  authors: z.string(),
  author_url: z.string(),
  /** Free text: who first wrote what this resource holds. */
  original_author: z.string(),
});
export type ItemAuthors = z.infer<typeof ItemAuthors>;

/** No authors (what an older server's answer, which has none, reads as). */
export const NO_AUTHORS: ItemAuthors = { authors_list: [], authors: "", author_url: "", original_author: "" };

const authorEntry = z.object({
  name: z.string({ error: TAGGING_MESSAGES.authorNameRequired }).trim().min(1, TAGGING_MESSAGES.authorNameRequired).max(AUTHOR_NAME_MAX, TAGGING_MESSAGES.authorNameTooLong),
  url: z
    .string({ error: TAGGING_MESSAGES.authorUrlInvalid })
    .trim()
    .max(RESOURCE_URL_MAX, TAGGING_MESSAGES.authorUrlTooLong)
    .refine((u) => u === "" || isHttpUrl(u), TAGGING_MESSAGES.authorUrlInvalid)
    .default(""),
});

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
  /** A resource's authors, in order (left out: kept as they are; [] removes them). Only resources take them. */
  authors_list: z.array(authorEntry, { error: TAGGING_MESSAGES.authorNameRequired }).max(AUTHORS_MAX, TAGGING_MESSAGES.tooManyAuthors).optional(),
  /** A resource's original author, free text (left out: kept; "" removes it). */
  original_author: z.string().trim().max(AUTHOR_NAME_MAX, TAGGING_MESSAGES.originalAuthorTooLong).optional(),
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
  /** Whether the item takes authors (resources): the editor then shows its Authors section. */
  authors_enabled: z.boolean().default(false),
  /** A resource's authors, in order (none for other items). */
  authors_list: z.array(Author).default([]),
  /** A resource's original author ("" when none). */
  original_author: z.string().default(""),
  /** The same attributes and write-ins by type, with their names (as the item's page lists them): what the edit page shows as the item's current tags. */
  groups: z.array(AttributeGroupView),
});
export type ContentTags = z.infer<typeof ContentTags>;

/** The answer of a tag save. */
export const ContentTagsResponse = z.object({ status: z.literal("success"), message: z.string(), tags: ContentTags });
export type ContentTagsResponse = z.infer<typeof ContentTagsResponse>;

/** What is wrong with one author row as the editor holds it (untrimmed), by field: the same rules the save applies. */
export function authorRowProblems(row: { name: string; url: string }): { name?: string; url?: string } {
  const name = row.name.trim();
  const url = row.url.trim();
  const problems: { name?: string; url?: string } = {};
  if (!name) problems.name = TAGGING_MESSAGES.authorNameRequired;
  else if (name.length > AUTHOR_NAME_MAX) problems.name = TAGGING_MESSAGES.authorNameTooLong;
  if (url.length > RESOURCE_URL_MAX) problems.url = TAGGING_MESSAGES.authorUrlTooLong;
  else if (url && !isHttpUrl(url)) problems.url = TAGGING_MESSAGES.authorUrlInvalid;
  return problems;
}
