import { z } from "zod";
import { ATTRIBUTE_FACETS, SEARCH_MAX_PAGE, SEARCH_MAX_TERM, SEARCH_MIN_TERM, SEARCH_PAGE_SIZE, SORTS, type SearchRequest, type Sort, type SortCode } from "./search.js";

type Raw = Record<string, unknown>;

const asRecord = (v: unknown): Raw => (v && typeof v === "object" && !Array.isArray(v) ? (v as Raw) : {});

/** Reads a list from `a[]`, `a` (array, comma list or single value) or an object of indexed values. */
function list(v: unknown): string[] {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.flatMap(list);
  if (typeof v === "object") return Object.values(v as Raw).flatMap(list);
  return String(v)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function first(...values: unknown[]): string | undefined {
  for (const v of values) {
    if (v === undefined || v === null) continue;
    const s = Array.isArray(v) ? v[v.length - 1] : v;
    if (s === undefined || s === null || typeof s === "object") continue;
    return String(s);
  }
  return undefined;
}

const TRUE_FLAGS = ["1", "true", "on", "yes"];
const FALSE_FLAGS = ["0", "false", "off", "no"];
const truthy = (v: string | undefined) => v !== undefined && TRUE_FLAGS.includes(v);

/** Maps a sort code or sort string to the internal sort (relevance with a term, else newest updates first, when none); an unknown code is kept, for validation to refuse. */
export function sortFromCode(code: string | undefined, hasTerm: boolean): Sort | string {
  if (code && code in SORTS) return SORTS[code as SortCode];
  if (code) return code;
  return hasTerm ? "relevance" : "updated_desc";
}

// Any JSON number, Infinity too (what 1e400 parses to): the request's own check then says what is wrong with it.
const anyNumber = z.custom<number>((v) => typeof v === "number");

/** One value, or a list of them when a parameter is repeated (`st=a&st=b`): never an object. */
const scalar = (name: string) =>
  z.union([z.string(), anyNumber, z.boolean(), z.null(), z.array(z.union([z.string(), anyNumber, z.boolean()]))], { error: `${name} must be a value, not an object.` }).optional();

/** A yes-or-no option: 1/0, true/false, on/off, yes/no, or empty (its default); anything else is refused, not read as no. */
const flag = (name: string) => {
  const value = z.union([z.boolean(), z.literal(0), z.literal(1), z.null(), z.enum(["", ...TRUE_FLAGS, ...FALSE_FLAGS])]);
  return z.union([value, z.array(value)], { error: `${name} must be 1 or 0 (true or false).` }).optional();
};
const FLAGS = ["ignore_permissions", "ignorePermissions", "only_mine", "facets"];

/**
 * The shape every accepted search input has before normalizing: single-valued parameters hold values, and
 * f holds the bracketed filters. normalizeSearchInput reads only values, so without this check a parameter
 * sent as an object (`{"st": {"a": 1}}`) would be silently left out.
 */
/** The filters read from under f: the screen's (t, st, _types, others, owners, publishers, the attribute facets) and the POST /search call's (types, other, provider). */
const F_KEYS = new Set(["t", "st", "_types", "others", "owners", "publishers", "types", "other", "provider", ...ATTRIBUTE_FACETS.map((facet) => facet.url)]);

export const SearchInput = z.looseObject({
  ...Object.fromEntries(
    ["st", "query", "q", "s", "sort", "page", "per", "limit", "per_page", "from", "to", "created_from", "created_to", "tz", "as_profile", "asProfile"].map((name) => [name, scalar(name)]),
  ),
  ...Object.fromEntries(FLAGS.map((name) => [name, flag(name)])),
  // null, and [] (how some clients write an empty map), mean no filters.
  f: z.union([z.record(z.string(), z.unknown()), z.null(), z.array(z.never()).length(0)], { error: "f must be an object of filters (f[t][], f[owners][], ...)." }).optional(),
}).superRefine((input, ctx) => {
  // A filter under f the search does not know (a misspelt f[grade][]) was searched as no filter at all.
  const f = asRecord(input.f);
  for (const key of Object.keys(f).filter((k) => !F_KEYS.has(k))) ctx.addIssue({ code: "custom", path: [`f[${key}]`], message: `Unknown filter: f[${key}].` });
});

/**
 * Turns any of the accepted shapes (the screen's URL parameters, the main search call's
 * parameters, or the POST /search body; bracketed or nested under f) into a search request
 * for validation. The term is trimmed and lowercased (first document, section 5).
 */
export function normalizeSearchInput(raw: Raw): Omit<SearchRequest, "page" | "per" | "sort"> & { page: number; per: number; sort: string } {
  const f = asRecord(raw.f);
  const st = (first(raw.st, raw.query, raw.q) ?? "").trim().toLowerCase();
  const attributes: Record<string, number[]> = {};
  for (const facet of ATTRIBUTE_FACETS) {
    const values = [...list(raw[facet.url]), ...list(raw[facet.call]), ...list(f[facet.url])];
    if (values.length) attributes[facet.url] = [...new Set(values.map(Number))];
  }
  const others = [...list(f.others), ...list(f.other), ...list(raw.other), ...list(raw.others)];
  if (truthy(first(raw.only_mine))) others.push("mine");
  const num = (v: string | undefined, d: number) => (v === undefined || v === "" ? d : Number(v));
  return {
    st,
    sort: sortFromCode(first(raw.s, raw.sort), st.length > 0),
    page: num(first(raw.page), 1),
    per: num(first(raw.per, raw.limit, raw.per_page), SEARCH_PAGE_SIZE),
    types: [...new Set([...list(f.t), ...list(f.types), ...list(raw.types)])],
    subTypes: [...new Set([...list(f.st), ...list(raw.subTypes), ...list(raw.sub_types)])],
    modelTypes: [...new Set([...list(f._types), ...list(raw._types)])] as SearchRequest["modelTypes"],
    others: [...new Set(others)] as SearchRequest["others"],
    owners: list(f.owners).concat(list(raw.owners)).map(Number),
    publishers: list(f.publishers).concat(list(raw.publishers), list(f.provider)).map(Number),
    from: first(raw.from, raw.created_from) || null,
    to: first(raw.to, raw.created_to) || null,
    // The time zone whose days the dates are (the screen sends it with a date).
    tz: first(raw.tz) || null,
    attributes,
    asProfile: first(raw.as_profile, raw.asProfile) ? Number(first(raw.as_profile, raw.asProfile)) : null,
    ignorePermissions: truthy(first(raw.ignore_permissions, raw.ignorePermissions)),
    includeFacets: !FALSE_FLAGS.includes(first(raw.facets) ?? ""),
  };
}

/** The parameter each field of a normalized search request comes from, as the screen's URL and the main search call name it. */
const SEARCH_PARAMETERS: Record<string, string> = {
  st: "st",
  sort: "s",
  page: "page",
  per: "per",
  types: "f[t]",
  subTypes: "f[st]",
  modelTypes: "f[_types]",
  others: "f[others]",
  owners: "f[owners]",
  publishers: "f[publishers]",
  from: "from",
  to: "to",
  asProfile: "as_profile",
  ignorePermissions: "ignore_permissions",
  includeFacets: "facets",
};

/** The parameter a path into a normalized search request names (`attributes.grades.0` is `grades`, `modelTypes.0` is `f[_types]`), for its errors. */
export function searchParameterOf(path: readonly PropertyKey[]): string {
  const [field, facet] = path;
  if (field === "attributes" && typeof facet === "string") return facet;
  return SEARCH_PARAMETERS[String(field)] ?? String(field);
}

/** The search screen's state, as carried by its URL. */
export interface SearchScreenState {
  st: string;
  s: string;
  page: number;
  types: string[];
  subTypes: string[];
  modelTypes: string[];
  others: string[];
  owners: number[];
  publishers: number[];
  from: string;
  to: string;
  attributes: Record<string, number[]>;
  /** Admin option: the user profile whose view of the catalogue is searched (`as_profile`), or null for one's own. */
  asProfile: number | null;
  /** Admin option: search every item, whatever its permissions (`ignore_permissions=1`). */
  ignorePermissions: boolean;
}

/**
 * Reads the screen's state from its URL query (`f[t][]=...`, `grades[]=...` or `f[grades][]=...`, `st`, `s`, `page`, `from`, `to`,
 * and the admin options `as_profile` and `ignore_permissions`).
 * List parameters may also come as `key=a` or indexed (`f[t][0]=a`, as bookmarked nested objects under f are
 * written). The term is trimmed and lowercased, cut to the search box's maximum length (second document: 80), and one
 * too short to search (first document, section 5) and a sort code the server does not know count as none, so such a
 * URL shows what the screen would have run; a page past the deepest one a search may ask for is read as that one.
 */
export function screenStateFromUrl(params: URLSearchParams): SearchScreenState {
  const all = (key: string) => listParam(params, key);
  const ids = (...keys: string[]) => [...new Set(keys.flatMap(all).map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  const attributes: Record<string, number[]> = {};
  for (const facet of ATTRIBUTE_FACETS) {
    // `grades[]` or nested under f (`f[grades][]`), as the server reads them (first document: "nested objects under f").
    const values = ids(facet.url, `f[${facet.url}]`);
    if (values.length) attributes[facet.url] = values;
  }
  const page = Number(params.get("page") ?? 1);
  const st = termAsTheBoxTakesIt((params.get("st") ?? "").trim().toLowerCase());
  const s = params.get("s") ?? "";
  const asProfile = Number(params.get("as_profile") ?? "");
  return {
    st: st.length < SEARCH_MIN_TERM ? "" : st,
    s: Object.hasOwn(SORTS, s) ? s : "",
    // Past the deepest page a search may ask for, the deepest: "past the end" with a way back, not a refusal.
    page: Number.isInteger(page) && page > 0 ? Math.min(page, SEARCH_MAX_PAGE) : 1,
    types: all("f[t]"),
    subTypes: all("f[st]"),
    modelTypes: all("f[_types]"),
    others: all("f[others]"),
    owners: ids("f[owners]"),
    // The provider filter (second document) is the publishers facet, as the server reads it.
    publishers: ids("f[publishers]", "f[provider]"),
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    attributes,
    asProfile: Number.isInteger(asProfile) && asProfile > 0 ? asProfile : null,
    ignorePermissions: truthy(params.get("ignore_permissions") ?? undefined),
  };
}

/** A term cut as the search box cuts a longer paste (at its maximum length), without splitting a character in two. */
function termAsTheBoxTakesIt(term: string): string {
  if (term.length <= SEARCH_MAX_TERM) return term;
  const cut = term.slice(0, SEARCH_MAX_TERM);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

/** The non-empty values of a list parameter written `key[]`, `key` or `key[N]`, in URL order and without repeats. */
function listParam(params: URLSearchParams, key: string): string[] {
  const values = new Set<string>();
  for (const [name, value] of params) {
    const indexed = name.startsWith(`${key}[`) && /^\[\d*\]$/.test(name.slice(key.length));
    if (value && (name === key || indexed)) values.add(value);
  }
  return [...values];
}

/** The screen state's lists, each with its parameter in the screen's URL (written `name[]`) and in the main search call. */
const LIST_PARAMETERS = [
  { field: "types", url: "f[t]", call: "types" },
  { field: "subTypes", url: "f[st]", call: "subTypes" },
  { field: "modelTypes", url: "f[_types]", call: "_types" },
  { field: "others", url: "f[others]", call: "other" },
  { field: "owners", url: "f[owners]", call: "owners" },
  { field: "publishers", url: "f[publishers]", call: "publishers" },
] as const satisfies readonly { field: keyof SearchScreenState; url: string; call: string }[];

/** Writes the screen's state as URL query parameters (the first document's names). */
export function screenStateToUrl(state: SearchScreenState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.st) p.set("st", state.st);
  if (state.s) p.set("s", state.s);
  if (state.page > 1) p.set("page", String(state.page));
  const add = (key: string, values: (string | number)[]) => values.forEach((v) => p.append(`${key}[]`, String(v)));
  for (const list of LIST_PARAMETERS) add(list.url, state[list.field]);
  if (state.from) p.set("from", state.from);
  if (state.to) p.set("to", state.to);
  for (const facet of ATTRIBUTE_FACETS) add(facet.url, state.attributes[facet.url] ?? []);
  if (state.asProfile !== null) p.set("as_profile", String(state.asProfile));
  if (state.ignorePermissions) p.set("ignore_permissions", "1");
  return p;
}

/** The main search call's parameters (GET /api/search) for a screen state, asked from `timeZone` (whose days its dates are). */
export function screenStateToCall(state: SearchScreenState, per = SEARCH_PAGE_SIZE, timeZone: string | null = null): URLSearchParams {
  const p = new URLSearchParams();
  p.set("page", String(state.page));
  p.set("per", String(per));
  if (state.st) p.set("query", state.st);
  if (state.s) p.set("sort", state.s);
  const add = (key: string, values: (string | number)[]) => values.forEach((v) => p.append(key, String(v)));
  for (const list of LIST_PARAMETERS) add(list.call, state[list.field]);
  if (state.from) p.set("created_from", state.from);
  if (state.to) p.set("created_to", state.to);
  // The dates are the asker's own days: from midnight where they are, not in UTC.
  if ((state.from || state.to) && timeZone) p.set("tz", timeZone);
  for (const facet of ATTRIBUTE_FACETS) add(facet.call, state.attributes[facet.url] ?? []);
  if (state.asProfile !== null) p.set("as_profile", String(state.asProfile));
  if (state.ignorePermissions) p.set("ignore_permissions", "1");
  return p;
}
