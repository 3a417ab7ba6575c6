import {
  isCalendarDate,
  OTHER_FILTERS,
  SORT_OPTIONS,
  screenStateToUrl,
  sortFromCode,
  type FacetValue,
  type SearchFacets,
  type SearchScreenState,
  type SearchTypeConfig,
} from "../../../contract/index.js";
import { shortDay } from "../../components/dates.js";

/** The search type that stands for "everything"; it is exclusive and is what an empty selection means. */
export const ALL_TYPE = "all";

/** The query string ("?..." or "") for a screen state, with the brackets left readable. */
export function searchHref(state: SearchScreenState): string {
  const query = screenStateToUrl(state).toString().replace(/%5B/gi, "[").replace(/%5D/gi, "]");
  return query ? `?${query}` : "";
}

/** Applies a change to filters, term, types or sort: paging starts again at page 1. */
export function withChanges(state: SearchScreenState, patch: Partial<SearchScreenState>): SearchScreenState {
  return { ...state, ...patch, page: 1 };
}

/** The type tabs a profile may see: admin-only ones only for admins. */
export function visibleSearchTypes(types: SearchTypeConfig[], isAdmin: boolean): SearchTypeConfig[] {
  return types.filter((t) => !t.admin_only || isAdmin);
}

/** The selected types, with "all" (and an empty selection) meaning none in particular. */
export function selectedTypes(state: SearchScreenState): string[] {
  return state.types.filter((t) => t !== ALL_TYPE);
}

/** Whether a type tab shows as selected. */
export function isTypeSelected(state: SearchScreenState, type: string): boolean {
  const selected = selectedTypes(state);
  return type === ALL_TYPE ? selected.length === 0 : selected.includes(type);
}

/**
 * The selection after clicking a type tab: a plain click selects just that type, shift-click
 * toggles it within the selection, "all" is exclusive, and an empty selection falls back to all.
 */
export function nextTypeSelection(current: string[], clicked: string, additive: boolean): string[] {
  const selected = current.filter((t) => t !== ALL_TYPE);
  if (clicked === ALL_TYPE) return [];
  if (!additive) return [clicked];
  return selected.includes(clicked) ? selected.filter((t) => t !== clicked) : [...selected, clicked];
}

/** The search-type configs in force for a selection (the "all" config when nothing is selected). */
function activeConfigs(configs: SearchTypeConfig[], types: string[]): SearchTypeConfig[] {
  const selected = types.filter((t) => t !== ALL_TYPE);
  if (selected.length === 0) {
    const all = configs.find((c) => c.type === ALL_TYPE);
    return all ? [all] : configs;
  }
  return configs.filter((c) => selected.includes(c.type));
}

/** Attribute facet keys that the selected types support. */
export function supportedFacetKeys(configs: SearchTypeConfig[], types: string[]): Set<string> {
  return new Set(activeConfigs(configs, types).flatMap((c) => c.attributes));
}

/** The other filter groups ("owners", "publishers", "others", "dates") that the selected types support. */
export function supportedFilterKeys(configs: SearchTypeConfig[], types: string[]): Set<string> {
  return new Set(activeConfigs(configs, types).flatMap((c) => c.filters));
}

/**
 * Selects new types and drops the filters they do not support: attribute filters outside their
 * attributes, owner, publisher, my-stuff and date filters outside their filters, and sub types or
 * model types outside their lists (all spans every type, so it keeps them: clicking All, even when
 * it is already selected, leaves a bookmark's `f[_types][]` as it was).
 */
export function withTypes(state: SearchScreenState, types: string[], configs: SearchTypeConfig[]): SearchScreenState {
  const selected = types.filter((t) => t !== ALL_TYPE);
  return withChanges(keepSupported({ ...state, types: selected }, configs), {});
}

/**
 * The state a URL should show: without the filters its types do not support (a bookmark or an
 * edited link may carry them), as a tab click leaves them, page 1 when any went. The same object
 * when nothing goes.
 */
export function withSupportedFilters(state: SearchScreenState, configs: SearchTypeConfig[]): SearchScreenState {
  const kept = keepSupported(state, configs);
  return searchHref(kept) === searchHref(state) ? state : { ...kept, page: 1 };
}

/** "My content" and "My favorites": a guest has neither. */
const SIGNED_IN_OTHERS = new Set(["mine", "favorites"]);

/**
 * What a URL's search can run as for this asker, as the screen's own controls would have left it: the types it cannot
 * choose (unknown, or admin-only for others than admins), "mine" and "favorites" for a guest, a date that is no day,
 * and an end before the start, dropped; then the filters the remaining types do not support (withSupportedFilters).
 * A bookmark or an edited link then searches what it still can, rather than failing as a whole.
 */
export function usableState(state: SearchScreenState, configs: SearchTypeConfig[], asker: { isAdmin: boolean; signedIn: boolean }): SearchScreenState {
  const known = new Set(visibleSearchTypes(configs, asker.isAdmin).map((t) => t.type));
  const from = isCalendarDate(state.from) ? state.from : "";
  const to = isCalendarDate(state.to) && !(from && state.to < from) ? state.to : "";
  const usable = withSupportedFilters(
    {
      ...state,
      types: state.types.filter((t) => known.has(t)),
      others: asker.signedIn ? state.others : state.others.filter((o) => !SIGNED_IN_OTHERS.has(o)),
      from,
      to,
    },
    configs,
  );
  return searchHref(usable) === searchHref(state) ? state : { ...usable, page: 1 };
}

/** Whether the state carries any filter (attributes, my stuff, owners, publishers, dates, sub or model types). */
export function hasFilters(state: SearchScreenState): boolean {
  return searchHref(withoutFilters(state)) !== searchHref({ ...state, page: 1 });
}

/**
 * The state's filters narrowed to what its types support; term, types, sort and page stay. Sub and model types are
 * checked against the chosen types' lists; with none chosen (all), they all stay: the "all" type lists none because it
 * spans every type, and `f[_types][]` on its own is a filter the first document's URLs use.
 */
function keepSupported(state: SearchScreenState, configs: SearchTypeConfig[]): SearchScreenState {
  const active = activeConfigs(configs, state.types);
  const facetKeys = new Set(active.flatMap((c) => c.attributes));
  const filters = new Set(active.flatMap((c) => c.filters));
  const subTypes = new Set(active.flatMap((c) => [...c.sub_types, ...Object.values(c.model_sub_types).flat()]));
  const modelTypes = new Set<string>(active.flatMap((c) => c.model_types));
  const spansAll = selectedTypes(state).length === 0;
  const inList = (list: Set<string>) => (value: string) => spansAll || list.has(value);
  const attributes = Object.fromEntries(Object.entries(state.attributes).filter(([key, ids]) => facetKeys.has(key) && ids.length > 0));
  return {
    ...state,
    attributes,
    owners: filters.has("owners") ? state.owners : [],
    publishers: filters.has("publishers") ? state.publishers : [],
    others: filters.has("others") ? state.others : [],
    from: filters.has("dates") ? state.from : "",
    to: filters.has("dates") ? state.to : "",
    subTypes: state.subTypes.filter(inList(subTypes)),
    modelTypes: state.modelTypes.filter(inList(modelTypes)),
  };
}

/**
 * The way out of a search the server refused (a stale bookmark naming a filter value or type it
 * does not know): no filters, and only the types the profile may choose.
 */
export function withoutRefusedFilters(state: SearchScreenState, tabs: SearchTypeConfig[]): SearchScreenState {
  const known = new Set(tabs.map((t) => t.type));
  return withoutFilters({ ...state, types: state.types.filter((t) => known.has(t)) });
}

/**
 * The sort option that stands for the URL's sort: the one meaning the same as its code or string
 * (`title_lsort_asc` is "1"), else the order the server uses without one (relevance with a term,
 * most recently updated without).
 */
export function sortOption(s: string, hasTerm: boolean): string {
  const sort = sortFromCode(s || undefined, hasTerm);
  return SORT_OPTIONS.find((option) => sortFromCode(option.code || undefined, true) === sort)?.code ?? "";
}

/** Adds or removes one value of a list filter. */
export function toggled<T>(values: T[], value: T, on: boolean): T[] {
  const rest = values.filter((v) => v !== value);
  return on ? [...rest, value] : rest;
}

/** Adds or removes one attribute filter value. */
export function withAttribute(state: SearchScreenState, key: string, id: number, on: boolean): SearchScreenState {
  const ids = toggled(state.attributes[key] ?? [], id, on);
  const attributes = { ...state.attributes, [key]: ids };
  if (ids.length === 0) delete attributes[key];
  return withChanges(state, { attributes });
}

/** Removes every filter (attributes, my stuff, owners, publishers, dates, sub and model types) and the admin options; term, types and sort stay. */
export function withoutFilters(state: SearchScreenState): SearchScreenState {
  return withChanges(state, { attributes: {}, others: [], owners: [], publishers: [], from: "", to: "", subTypes: [], modelTypes: [], asProfile: null, ignorePermissions: false });
}

/** Which admin options of the search the signed-in profile may use, as its permissions map says (the server's search policy decides it). */
export interface AdminSearchAbilities {
  searchAsProfile: boolean;
  ignorePermissions: boolean;
}

/** The admin options a profile may use: none for guests and for profiles whose permissions do not grant them. */
export function adminSearchAbilities(profile: { permissions: Record<string, boolean> } | null): AdminSearchAbilities {
  return { searchAsProfile: profile?.permissions.search_as_profile === true, ignorePermissions: profile?.permissions.search_ignore_permissions === true };
}

/** Whether the state uses an admin option (searching as another profile, ignoring permissions). */
export function hasAdminOptions(state: SearchScreenState): boolean {
  return state.asProfile !== null || state.ignorePermissions;
}

/**
 * The state without the admin options the profile may not use (a shared link or bookmark opened by
 * someone else would otherwise be refused), page 1 when any went. The same object when nothing goes.
 */
export function withPermittedAdminOptions(state: SearchScreenState, abilities: AdminSearchAbilities): SearchScreenState {
  const asProfile = abilities.searchAsProfile ? state.asProfile : null;
  const ignorePermissions = abilities.ignorePermissions && state.ignorePermissions;
  return asProfile === state.asProfile && ignorePermissions === state.ignorePermissions ? state : withChanges(state, { asProfile, ignorePermissions });
}

/** Up to `size` page numbers around the current page, shifted to stay within 1..totalPages. */
export function pageWindow(page: number, totalPages: number, size = 3): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor((size - 1) / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** One entry of the pager: a page's number, or a gap ("…") standing for the pages it skips. */
export type PagerEntry = { page: number } | { gap: "before" | "after" };

/**
 * The pager's entries: the window of `size` pages around the current one, with the first and the last page always
 * reachable (1 … 4 5 6 … 67). A gap hides two pages or more; a single skipped page is shown instead of "…".
 */
export function pagerEntries(page: number, totalPages: number, size = 3): PagerEntry[] {
  const around = pageWindow(page, totalPages, size);
  const first = around[0];
  const last = around.at(-1);
  if (first === undefined || last === undefined) return [];
  const entries: PagerEntry[] = [];
  if (first > 1) entries.push({ page: 1 });
  if (first === 3) entries.push({ page: 2 });
  else if (first > 3) entries.push({ gap: "before" });
  entries.push(...around.map((n) => ({ page: n })));
  if (last === totalPages - 2) entries.push({ page: totalPages - 1 });
  else if (last < totalPages - 2) entries.push({ gap: "after" });
  if (last < totalPages) entries.push({ page: totalPages });
  return entries;
}

/** Facet values in tree order (children after their parent), with their depth for indenting. */
export function facetTree(values: FacetValue[]): { value: FacetValue; depth: number }[] {
  const ids = new Set(values.map((v) => v.id));
  const children = new Map<number | null, FacetValue[]>();
  for (const v of values) {
    const parent = v.parent_id !== null && ids.has(v.parent_id) ? v.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), v]);
  }
  const out: { value: FacetValue; depth: number }[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const v of children.get(parent) ?? []) {
      if (seen.has(v.id)) continue;
      seen.add(v.id);
      out.push({ value: v, depth });
      walk(v.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A removable tag for one active filter. */
export interface FilterTag {
  key: string;
  label: string;
  without: SearchScreenState;
}

/**
 * Labels for the tags, from the facet counts of the last answer (ids without one show as "#id"), and
 * from the names of the profiles chosen to search as (one not known shows as "profile #id").
 */
export function filterTags(
  state: SearchScreenState,
  facets: SearchFacets | null | undefined,
  facetLabels: { key: string; label: string }[],
  profileNames: ReadonlyMap<number, string> = new Map(),
): FilterTag[] {
  const tags: FilterTag[] = [];
  if (state.asProfile !== null) {
    const name = profileNames.get(state.asProfile) ?? `profile #${state.asProfile}`;
    tags.push({ key: "as-profile", label: `Searching as ${name}`, without: withChanges(state, { asProfile: null }) });
  }
  if (state.ignorePermissions) tags.push({ key: "ignore-permissions", label: "Permissions ignored", without: withChanges(state, { ignorePermissions: false }) });
  const facetLabel = (key: string) => facetLabels.find((f) => f.key === key)?.label ?? key;
  for (const [key, ids] of Object.entries(state.attributes)) {
    for (const id of ids) {
      const value = facets?.attributes[key]?.find((v) => v.id === id);
      tags.push({ key: `attr:${key}:${id}`, label: `${facetLabel(key)}: ${value?.label ?? `#${id}`}`, without: withAttribute(state, key, id, false) });
    }
  }
  for (const key of state.others) {
    const label = OTHER_FILTERS.find((o) => o.key === key)?.label ?? key;
    tags.push({ key: `other:${key}`, label, without: withChanges(state, { others: toggled(state.others, key, false) }) });
  }
  for (const id of state.owners) {
    const name = facets?.owners.find((o) => o.profile_id === id)?.name ?? `#${id}`;
    tags.push({ key: `owner:${id}`, label: `Owner: ${name}`, without: withChanges(state, { owners: toggled(state.owners, id, false) }) });
  }
  for (const id of state.publishers) {
    const name = facets?.publishers.find((o) => o.profile_id === id)?.name ?? `#${id}`;
    tags.push({ key: `publisher:${id}`, label: `Publisher: ${name}`, without: withChanges(state, { publishers: toggled(state.publishers, id, false) }) });
  }
  for (const subType of state.subTypes) {
    tags.push({ key: `subtype:${subType}`, label: `Sub type: ${subType}`, without: withChanges(state, { subTypes: toggled(state.subTypes, subType, false) }) });
  }
  for (const modelType of state.modelTypes) {
    tags.push({ key: `model:${modelType}`, label: `Model type: ${modelType}`, without: withChanges(state, { modelTypes: toggled(state.modelTypes, modelType, false) }) });
  }
  if (state.from) tags.push({ key: "from", label: `Created on or after ${shortDay(state.from)}`, without: withChanges(state, { from: "" }) });
  if (state.to) tags.push({ key: "to", label: `Created on or before ${shortDay(state.to)}`, without: withChanges(state, { to: "" }) });
  return tags;
}

/** Plain text of a description (it may hold markup), cut to about `max` characters at a word boundary. */
export function shortDescription(text: string, max = 180): string {
  const plain = decodeEntities(text.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "")}…`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes the common named and numeric character references (the text is rendered as text, never as HTML). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : match;
    }
    return ENTITIES[code.toLowerCase()] ?? match;
  });
}
