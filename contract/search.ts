import { z } from "zod";
import { ThumbnailSettings } from "./thumbnail.js";
import { MAX_ID, MESSAGES, ModelKey, digitsAsNumber } from "./common.js";
import { GroupJoinMode } from "./create.js";

/** Default page size and minimum term length (first document, section 9). */
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_MAX_PAGE_SIZE = 100;
/** The deepest page a search may ask for. */
export const SEARCH_MAX_PAGE = 10000;
export const SEARCH_MIN_TERM = 3;
export const SEARCH_MAX_TERM = 80;

/**
 * Attribute facets: the key used in the screen's URL, the key used by the main search call,
 * and the attribute type it filters on.
 */
export const ATTRIBUTE_FACETS = [
  { url: "standards", call: "standards", type: "standards", label: "Standards" },
  { url: "grades", call: "grades", type: "grades", label: "Grades" },
  { url: "subjects", call: "subjects", type: "subjects", label: "Subjects" },
  { url: "industries", call: "industries", type: "industries", label: "Industries" },
  { url: "professional_roles", call: "professionalRoles", type: "professional_roles", label: "Professional Roles" },
  { url: "resource_categories", call: "resourceCategories", type: "resource_categories", label: "Resource Categories" },
  { url: "content_pricing", call: "contentPricing", type: "content_pricing", label: "Content Pricing" },
  { url: "grouptypes", call: "grouptypes", type: "group_types", label: "Group Types" },
] as const;
export type AttributeFacetKey = (typeof ATTRIBUTE_FACETS)[number]["url"];
export const ATTRIBUTE_FACET_KEYS = ATTRIBUTE_FACETS.map((f) => f.url) as AttributeFacetKey[];

/** f[others][] values: my stuff and openness. */
export const OTHER_FILTERS = [
  { key: "mine", label: "My content", signedIn: true },
  { key: "favorites", label: "My favorites", signedIn: true },
  { key: "open", label: "Open to everyone", signedIn: false },
  { key: "restricted", label: "Restricted", signedIn: true },
] as const;
export type OtherFilterKey = (typeof OTHER_FILTERS)[number]["key"];

/** Sort codes and strings of the first document; relevance when omitted and a term is given. */
export const SORTS = {
  "1": "title_asc",
  "-1": "title_desc",
  "2": "updated_asc",
  "-2": "updated_desc",
  "3": "created_asc",
  "-3": "created_desc",
  title_lsort_asc: "title_asc",
  title_lsort_desc: "title_desc",
  updated_at_asc: "updated_asc",
  updated_at_desc: "updated_desc",
  created_at_asc: "created_asc",
  created_at_desc: "created_desc",
} as const;
export type SortCode = keyof typeof SORTS;
export type Sort = (typeof SORTS)[SortCode] | "relevance";
export const SORT_OPTIONS: { code: SortCode | ""; label: string }[] = [
  { code: "", label: "Relevance" },
  { code: "1", label: "Title A-Z" },
  { code: "-1", label: "Title Z-A" },
  { code: "-2", label: "Recently updated" },
  { code: "2", label: "Least recently updated" },
  { code: "-3", label: "Newest" },
  { code: "3", label: "Oldest" },
];

/** A search type (a tab on the search screen). */
export const SearchTypeConfig = z.object({
  type: z.string(),
  label: z.string(),
  model_types: z.array(ModelKey),
  sub_types: z.array(z.string()),
  model_sub_types: z.record(z.string(), z.array(z.string())),
  attributes: z.array(z.string()),
  filters: z.array(z.string()),
  group_type_ids: z.array(z.number()),
  admin_only: z.boolean(),
  icon: z.string(),
});
export type SearchTypeConfig = z.infer<typeof SearchTypeConfig>;

const ids = z.array(z.preprocess(digitsAsNumber, z.number().int().positive().max(MAX_ID))).max(200);

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(v: string): boolean {
  const time = Date.parse(`${v}T00:00:00.000Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
}
/** The canonical name of a time zone this runtime knows (america/new_york is America/New_York), or null. */
export function canonicalTimeZone(v: string): string | null {
  if (v.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
const day = (name: string) => z.string().refine(isCalendarDate, `${name} must be a date (YYYY-MM-DD).`).nullable();

/** The normalized search request, whatever shape it arrived in. */
export const SearchRequest = z
  .object({
    st: z
      .string()
      .max(SEARCH_MAX_TERM, `The search term may be at most ${SEARCH_MAX_TERM} characters.`)
      .refine((st) => st.length === 0 || st.length >= SEARCH_MIN_TERM, MESSAGES.minChars(SEARCH_MIN_TERM)),
    sort: z.enum(["relevance", "title_asc", "title_desc", "updated_asc", "updated_desc", "created_asc", "created_desc"], {
      error: `sort must be one of: ${Object.keys(SORTS).join(", ")}.`,
    }),
    page: z.number({ error: "page must be a whole number." }).int("page must be a whole number.").min(1, "page must be 1 or more.").max(SEARCH_MAX_PAGE, `page may be at most ${SEARCH_MAX_PAGE}.`),
    per: z
      .number({ error: "per must be a whole number." })
      .int("per must be a whole number.")
      .min(1, "per must be 1 or more.")
      .max(SEARCH_MAX_PAGE_SIZE, `per may be at most ${SEARCH_MAX_PAGE_SIZE}.`),
    types: z.array(z.string().max(64)).max(20),
    subTypes: z.array(z.string().max(64)).max(50),
    modelTypes: z.array(ModelKey).max(20),
    others: z.array(z.enum(["mine", "favorites", "open", "restricted"])).max(4),
    owners: ids,
    publishers: ids,
    from: day("from"),
    to: day("to"),
    /** The time zone whose days from and to are (UTC when not given). */
    tz: z
      .string()
      .refine((v) => canonicalTimeZone(v) !== null, "tz must be a time zone, such as America/New_York.")
      .transform((v) => canonicalTimeZone(v)!)
      .nullable(),
    attributes: z.record(z.string(), ids),
    asProfile: z.number().int().positive().max(MAX_ID).nullable(),
    ignorePermissions: z.boolean(),
    includeFacets: z.boolean(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: "from must be on or before to.", path: ["from"] })
  // Without a date the time zone changes nothing, so it is not part of the request (nor of its answer's cache key).
  .transform((r) => (r.from || r.to ? r : { ...r, tz: null }));
export type SearchRequest = z.output<typeof SearchRequest>;

/** A search result card (the content object of the first document, section 3). */
export const SearchResultItem = z.object({
  id: z.number(),
  model_key: ModelKey,
  uid: z.string(),
  opaque_id: z.string(),
  title: z.string(),
  name: z.string(),
  link: z.string(),
  preview_link: z.string(),
  description: z.string(),
  thumb_url: z.string().nullable(),
  thumb_url_medium: z.string().nullable(),
  thumbnail: z.string().nullable(),
  thumbnail_contain: z.boolean(),
  /** The thumbnail designer's non-default settings (null when none). */
  thumbnail_settings: ThumbnailSettings.nullable(),
  /** True when the card has an image (a designed one or the item's own). */
  bool_thumbnail: z.boolean(),
  owner_data: z.object({ profile_id: z.number(), name: z.string() }),
  /** The per-type id the first document names, for the model keys that have one (a group's or user's profile, the item's own id otherwise). */
  resource_id: z.number().optional(),
  page_id: z.number().optional(),
  profile_id: z.number().optional(),
  user_id: z.number().optional(),
  attr_item_id: z.number().optional(),
  /** True for a group's profile card. */
  is_group: z.boolean().optional(),
  /** A group's card only: how one joins it (contract/create.ts GroupJoinMode); absent on other cards and from older servers. */
  join_mode: GroupJoinMode.optional(),
  // The fields below came after the first desktop release: optional, so a newer client still reads an older server.
  /** Analytics markup for the card; none is configured, so always null. */
  tracking_snippet: z.string().nullable().optional(),
  /** The designed thumbnail's stored image key, null without one. */
  thumb_key: z.string().nullable().optional(),
  /** Products selling the item; there is no store, so 0. */
  purchasable_in_products_count: z.number().optional(),
  favorite: z.boolean(),
  is_owner: z.boolean(),
  is_fee_based: z.boolean(),
  sub_type: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  common: z.object({
    features: z.object({ collectible: z.boolean(), favorite: z.boolean(), "designed-thumbnails": z.boolean() }),
    type_name: z.string(),
    type_name_singular: z.string(),
    /** The name shown on the card: the sub type's when it has one (Group, Announcement), else the model's (optional: see tracking_snippet). */
    type_name_display: z.string().optional(),
    sub_type_name: z.string().nullable().optional(),
    /**
     * The item's grades folded into their bands ("K–2", "3–5", "6–8", "9–12"; a grade no band holds, such as "Higher
     * Education", is its own; nested grades take their top-level folder), in the grade tree's order; empty without
     * grades (optional: see tracking_snippet).
     */
    grade_bands: z.array(z.string()).optional(),
    icon: z.string(),
    title: z.string(),
  }),
  abilities: z.object({ view: z.boolean(), favorite: z.boolean(), edit: z.boolean() }),
});
export type SearchResultItem = z.infer<typeof SearchResultItem>;

export const FacetValue = z.object({
  id: z.number(),
  label: z.string(),
  parent_id: z.number().nullable(),
  count: z.number(),
});
export type FacetValue = z.infer<typeof FacetValue>;

export const ProfileFacetValue = z.object({ profile_id: z.number(), name: z.string(), count: z.number() });
export type ProfileFacetValue = z.infer<typeof ProfileFacetValue>;

/** Counts per filter value, so the screen can show them. */
export const SearchFacets = z.object({
  types: z.record(z.string(), z.number()),
  attributes: z.record(z.string(), z.array(FacetValue)),
  owners: z.array(ProfileFacetValue),
  publishers: z.array(ProfileFacetValue),
  /** open and restricted; for a signed-in profile also mine (its own matches) and favorites (the matches it has favorited). */
  others: z.record(z.string(), z.number()),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

/** Answer of the main search screen's call, GET /api/search. */
export const SearchResponse = z.object({
  data: z.array(SearchResultItem),
  total: z.number(),
  page: z.number(),
  per: z.number(),
  st: z.string(),
  didYouMean: z.string().nullable(),
  facets: SearchFacets.nullable(),
  /**
   * The user searched as (admin option `as_profile`), named, so a bookmark or a reload shows whose view it is; null for
   * one's own. Came after the first desktop release: optional, so a newer client still reads an older server.
   */
  asProfile: z.object({ profile_id: z.number(), name: z.string() }).nullable().optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/** Answer of POST /search (first document, section 7). */
export const LegacySearchResponse = z.object({
  status: z.literal("success"),
  arrObjResponse: z.object({ data: z.array(SearchResultItem), total: z.number() }),
});
export type LegacySearchResponse = z.infer<typeof LegacySearchResponse>;

/**
 * GET /api/search/find-providers (second document: the search screen's provider filter, whose autocomplete starts
 * at 3 characters): publishers whose name holds `st`, for the `f[provider]` / `publishers` filter.
 */
export const PROVIDER_AUTOCOMPLETE_MIN = 3;
export const PROVIDER_AUTOCOMPLETE_LIMIT = 30;
export const ProviderQuery = z.object({
  st: z
    .string({ error: (issue) => (issue.input === undefined ? "st is required." : "st must be text.") })
    .trim()
    .min(PROVIDER_AUTOCOMPLETE_MIN, MESSAGES.minChars(PROVIDER_AUTOCOMPLETE_MIN))
    .max(SEARCH_MAX_TERM, `st must be at most ${SEARCH_MAX_TERM} characters.`),
});
export const ProviderAutocomplete = z.object({ data: z.array(z.object({ profile_id: z.number(), name: z.string() })) });
export type ProviderAutocomplete = z.infer<typeof ProviderAutocomplete>;
