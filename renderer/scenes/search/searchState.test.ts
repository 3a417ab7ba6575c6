import { describe, expect, it } from "vitest";
import { screenStateFromUrl, type SearchScreenState, type SearchTypeConfig } from "../../../contract/index.js";
import {
  adminSearchAbilities,
  facetTree,
  filterTags,
  hasAdminOptions,
  hasFilters,
  isTypeSelected,
  nextTypeSelection,
  pageWindow,
  pagerEntries,
  searchHref,
  shortDescription,
  sortOption,
  supportedFacetKeys,
  withAttribute,
  withChanges,
  withoutFilters,
  withoutRefusedFilters,
  usableState,
  withPermittedAdminOptions,
  withSupportedFilters,
  withTypes,
} from "./searchState.js";

const config = (type: string, attributes: string[], filters = ["owners", "publishers", "others", "dates"], extra: Partial<SearchTypeConfig> = {}): SearchTypeConfig => ({
  type,
  label: type,
  icon: "",
  model_types: [],
  sub_types: [],
  model_sub_types: {},
  attributes,
  filters,
  group_type_ids: [],
  admin_only: false,
  ...extra,
});

const CONFIGS = [
  config("all", ["grades", "subjects"]),
  config("resources", ["grades", "subjects", "industries"], undefined, { model_types: ["resource"] }),
  config("groups", ["grouptypes"], ["others", "dates"], { model_types: ["profile"], sub_types: ["group"] }),
  config("announcements", [], ["owners", "dates"], { model_types: ["cms_page"], sub_types: ["announcement"] }),
  config("users", [], ["dates"], { admin_only: true, model_types: ["user"] }),
];

const state = (overrides: Partial<SearchScreenState> = {}): SearchScreenState => ({ ...screenStateFromUrl(new URLSearchParams()), ...overrides });

describe("type selection", () => {
  it("selects one type on a plain click", () => {
    expect(nextTypeSelection(["resources"], "groups", false)).toEqual(["groups"]);
  });
  it("toggles a type on shift-click", () => {
    expect(nextTypeSelection(["resources"], "groups", true)).toEqual(["resources", "groups"]);
    expect(nextTypeSelection(["resources", "groups"], "resources", true)).toEqual(["groups"]);
  });
  it("treats all as exclusive and an empty selection as all", () => {
    expect(nextTypeSelection(["resources", "groups"], "all", true)).toEqual([]);
    expect(nextTypeSelection(["resources"], "resources", true)).toEqual([]);
    expect(isTypeSelected(state(), "all")).toBe(true);
    expect(isTypeSelected(state({ types: ["all"] }), "all")).toBe(true);
    expect(isTypeSelected(state({ types: ["groups"] }), "all")).toBe(false);
  });
});

describe("withTypes", () => {
  it("drops attribute and other filters the new types do not support, and resets the page", () => {
    const before = state({ page: 4, attributes: { grades: [1], grouptypes: [9] }, owners: [3], others: ["open"], from: "2024-01-01" });
    const after = withTypes(before, ["groups"], CONFIGS);
    expect(after).toMatchObject({ page: 1, types: ["groups"], attributes: { grouptypes: [9] }, owners: [], others: ["open"], from: "2024-01-01" });
  });
  it("keeps sub and model types when All is chosen (it spans every type), drops them for a type that does not list them", () => {
    const bookmarked = state({ modelTypes: ["resource"], subTypes: ["group"] });
    expect(withTypes(bookmarked, [], CONFIGS)).toMatchObject({ types: [], modelTypes: ["resource"], subTypes: ["group"] });
    expect(withTypes(state({ types: ["resources"], modelTypes: ["resource"] }), ["all"], CONFIGS)).toMatchObject({ types: [], modelTypes: ["resource"] });
    expect(withTypes(bookmarked, ["groups"], CONFIGS)).toMatchObject({ modelTypes: [], subTypes: ["group"] });
    expect(withTypes(bookmarked, ["resources"], CONFIGS)).toMatchObject({ modelTypes: ["resource"], subTypes: [] });
  });
  it("uses the all config for an empty selection", () => {
    expect([...supportedFacetKeys(CONFIGS, [])].sort()).toEqual(["grades", "subjects"]);
    expect([...supportedFacetKeys(CONFIGS, ["resources", "groups"])].sort()).toEqual(["grades", "grouptypes", "industries", "subjects"]);
  });
});

describe("withSupportedFilters (a URL's filters)", () => {
  it("drops the filters the URL's types do not support and starts at page 1", () => {
    const fromUrl = screenStateFromUrl(new URLSearchParams("f[t][]=announcements&grades[]=6&f[owners][]=3&f[others][]=open&page=2"));
    const shown = withSupportedFilters(fromUrl, CONFIGS);
    expect(shown).toMatchObject({ types: ["announcements"], attributes: {}, owners: [3], others: [], page: 1 });
    expect(searchHref(shown)).toBe("?f[t][]=announcements&f[owners][]=3");
  });
  it("keeps the very same state when every filter is supported, page included", () => {
    const fromUrl = state({ page: 3, types: ["resources"], attributes: { industries: [2] }, from: "2024-01-01" });
    expect(withSupportedFilters(fromUrl, CONFIGS)).toBe(fromUrl);
  });
  it("without a chosen type, checks attributes against the all type and keeps model types (it lists none)", () => {
    const fromUrl = state({ attributes: { grades: [1], grouptypes: [9] }, modelTypes: ["resource"] });
    expect(withSupportedFilters(fromUrl, CONFIGS)).toMatchObject({ attributes: { grades: [1] }, modelTypes: ["resource"] });
    expect(withSupportedFilters(state({ types: ["groups"], subTypes: ["group", "announcement"] }), CONFIGS).subTypes).toEqual(["group"]);
  });
  it("tells whether a state carries any filter", () => {
    expect(hasFilters(state({ st: "math", page: 2, types: ["resources"], s: "1" }))).toBe(false);
    expect(hasFilters(state({ attributes: { grades: [1] } }))).toBe(true);
    expect(hasFilters(state({ to: "2024-01-01" }))).toBe(true);
    expect(hasFilters(state({ modelTypes: ["resource"] }))).toBe(true);
  });
});

describe("usableState (what a URL's search can run as for its asker)", () => {
  const guest = { isAdmin: false, signedIn: false };
  const member = { isAdmin: false, signedIn: true };
  const admin = { isAdmin: true, signedIn: true };
  it("drops types the asker cannot choose: unknown ones, and admin-only ones for others than admins", () => {
    const fromUrl = state({ st: "math", types: ["resources", "bogus", "users"], page: 3 });
    expect(usableState(fromUrl, CONFIGS, member)).toMatchObject({ st: "math", types: ["resources"], page: 1 });
    expect(usableState(state({ types: ["users"] }), CONFIGS, admin).types).toEqual(["users"]);
  });
  it("drops a guest's 'mine' and 'favorites', not the open and restricted filters", () => {
    const fromUrl = state({ others: ["mine", "favorites", "open"] });
    expect(usableState(fromUrl, CONFIGS, guest).others).toEqual(["open"]);
    expect(usableState(fromUrl, CONFIGS, member)).toBe(fromUrl);
  });
  it("drops a date that is no day, and an end before the start", () => {
    expect(usableState(state({ from: "abc", to: "2024-02-30" }), CONFIGS, member)).toMatchObject({ from: "", to: "" });
    expect(usableState(state({ from: "2026-01-01", to: "2024-01-01" }), CONFIGS, member)).toMatchObject({ from: "2026-01-01", to: "" });
    const good = state({ from: "2024-01-01", to: "2024-01-01" });
    expect(usableState(good, CONFIGS, member)).toBe(good);
  });
  it("then drops the filters the remaining types do not support", () => {
    expect(usableState(state({ types: ["announcements", "bogus"], attributes: { grades: [6] } }), CONFIGS, member)).toMatchObject({ types: ["announcements"], attributes: {} });
  });
});

describe("withoutRefusedFilters (a way out of a refused bookmark)", () => {
  it("drops every filter and the types the profile may not choose, keeping term and sort", () => {
    const refused = state({ st: "math", s: "1", page: 2, types: ["resources", "bogus", "users"], attributes: { standards: [1] }, owners: [4] });
    const tabs = CONFIGS.filter((c) => !c.admin_only);
    expect(withoutRefusedFilters(refused, tabs)).toMatchObject({ st: "math", s: "1", page: 1, types: ["resources"], attributes: {}, owners: [] });
  });
});

describe("admin options (search as a profile, ignore permissions)", () => {
  const admin = adminSearchAbilities({ permissions: { is_admin: true, search_as_profile: true, search_ignore_permissions: true } });
  const member = adminSearchAbilities({ permissions: { is_admin: false, search_as_profile: false, search_ignore_permissions: false } });

  it("reads the abilities from the permissions map, none for guests or when the map is silent", () => {
    expect(admin).toEqual({ searchAsProfile: true, ignorePermissions: true });
    expect(adminSearchAbilities(null)).toEqual({ searchAsProfile: false, ignorePermissions: false });
    expect(adminSearchAbilities({ permissions: { is_admin: true } })).toEqual({ searchAsProfile: false, ignorePermissions: false });
  });
  it("drops the options a profile may not use, at page 1, and keeps the very same state otherwise", () => {
    const shared = state({ st: "math", page: 3, asProfile: 5, ignorePermissions: true, owners: [2] });
    expect(withPermittedAdminOptions(shared, admin)).toBe(shared);
    const dropped = withPermittedAdminOptions(shared, member);
    expect(dropped).toMatchObject({ st: "math", page: 1, asProfile: null, ignorePermissions: false, owners: [2] });
    expect(searchHref(dropped)).toBe("?st=math&f[owners][]=2");
    expect(withPermittedAdminOptions(shared, { searchAsProfile: true, ignorePermissions: false })).toMatchObject({ asProfile: 5, ignorePermissions: false });
    const plain = state({ st: "math", page: 3 });
    expect(withPermittedAdminOptions(plain, member)).toBe(plain);
  });
  it("counts them as filters that clearing all removes, and keeps them across type changes", () => {
    expect(hasAdminOptions(state({ ignorePermissions: true }))).toBe(true);
    expect(hasAdminOptions(state({ asProfile: 4 }))).toBe(true);
    expect(hasAdminOptions(state({ owners: [4] }))).toBe(false);
    expect(hasFilters(state({ ignorePermissions: true }))).toBe(true);
    expect(withoutFilters(state({ asProfile: 4, ignorePermissions: true }))).toMatchObject({ asProfile: null, ignorePermissions: false });
    expect(withTypes(state({ asProfile: 4, ignorePermissions: true }), ["users"], CONFIGS)).toMatchObject({ types: ["users"], asProfile: 4, ignorePermissions: true });
  });
  it("names a removable tag for each, with the chosen profile's name when known", () => {
    const on = state({ asProfile: 4, ignorePermissions: true, owners: [7] });
    const tags = filterTags(on, null, [], new Map([[4, "Maria Lopez"]]));
    expect(tags.map((t) => t.label)).toEqual(["Searching as Maria Lopez", "Permissions ignored", "Owner: #7"]);
    expect(tags[0]?.without).toMatchObject({ asProfile: null, ignorePermissions: true, owners: [7] });
    expect(tags[1]?.without).toMatchObject({ asProfile: 4, ignorePermissions: false, owners: [7] });
    expect(filterTags(state({ asProfile: 9 }), null, [])[0]?.label).toBe("Searching as profile #9");
  });
});

describe("filters and paging", () => {
  it("resets to page 1 on any change", () => {
    expect(withChanges(state({ page: 3 }), { s: "1" }).page).toBe(1);
    expect(withAttribute(state({ page: 3 }), "grades", 5, true)).toMatchObject({ page: 1, attributes: { grades: [5] } });
    expect(withAttribute(state({ attributes: { grades: [5] } }), "grades", 5, false).attributes).toEqual({});
  });
  it("clears every filter but keeps term, types and sort", () => {
    const cleared = withoutFilters(state({ st: "math", s: "1", types: ["resources"], owners: [2], from: "2024-01-01", attributes: { grades: [1] } }));
    expect(cleared).toMatchObject({ st: "math", s: "1", types: ["resources"], owners: [], from: "", attributes: {} });
  });
  it("names a tag per active filter, including the date range", () => {
    const tags = filterTags(
      state({ attributes: { grades: [5] }, from: "2024-01-01", to: "2024-12-31", owners: [7] }),
      { types: {}, attributes: { grades: [{ id: 5, label: "Grade 5", parent_id: null, count: 3 }] }, owners: [{ profile_id: 7, name: "Maria", count: 2 }], publishers: [], others: {} },
      [{ key: "grades", label: "Grades" }],
    );
    expect(tags.map((t) => t.label)).toEqual(["Grades: Grade 5", "Owner: Maria", "Created on or after 1/1/2024", "Created on or before 12/31/2024"]);
    expect(tags[2]?.without.from).toBe("");
  });
  it("shows a window of 3 pages kept inside the range", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it("keeps the first and the last page around the window, with gaps for two or more skipped pages", () => {
    const show = (page: number, total: number) => pagerEntries(page, total).map((e) => ("page" in e ? e.page : "…"));
    expect(show(5, 67)).toEqual([1, "…", 4, 5, 6, "…", 67]);
    expect(show(1, 67)).toEqual([1, 2, 3, "…", 67]);
    expect(show(67, 67)).toEqual([1, "…", 65, 66, 67]);
    expect(show(3, 67)).toEqual([1, 2, 3, 4, "…", 67]);
    expect(show(4, 8)).toEqual([1, 2, 3, 4, 5, "…", 8]);
    expect(show(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(show(1, 3)).toEqual([1, 2, 3]);
    expect(show(1, 1)).toEqual([1]);
    expect(show(1, 0)).toEqual([]);
    // Past the end (an old bookmark): the window ends at the last page.
    expect(show(99, 10)).toEqual([1, "…", 8, 9, 10]);
  });
  it("round-trips through the URL with readable brackets", () => {
    const s = state({ st: "math", page: 2, types: ["resources"], attributes: { grades: [3] }, from: "2024-01-01" });
    const href = searchHref(s);
    expect(href).toContain("f[t][]=resources");
    expect(screenStateFromUrl(new URLSearchParams(href))).toEqual(s);
  });
});

describe("display helpers", () => {
  it("orders facet values as a tree", () => {
    const tree = facetTree([
      { id: 2, label: "child", parent_id: 1, count: 1 },
      { id: 1, label: "parent", parent_id: null, count: 1 },
      { id: 3, label: "orphan", parent_id: 99, count: 1 },
    ]);
    expect(tree.map((t) => [t.value.id, t.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });
  it("strips markup and shortens descriptions at a word", () => {
    expect(shortDescription("<p>Fish &amp; chips</p>")).toBe("Fish & chips");
    const long = shortDescription("word ".repeat(100), 30);
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(31);
  });
  it("shows the sort option meaning the same as the URL's sort, else the server's default order", () => {
    expect(sortOption("title_lsort_asc", true)).toBe("1");
    expect(sortOption("title_lsort_desc", false)).toBe("-1");
    expect(sortOption("updated_at_desc", true)).toBe("-2");
    expect(sortOption("created_at_asc", true)).toBe("3");
    expect(sortOption("-3", true)).toBe("-3");
    expect(sortOption("", true)).toBe("");
    expect(sortOption("", false)).toBe("-2");
  });
});
