import { describe, expect, it } from "vitest";
import { SEARCH_MAX_PAGE, SEARCH_MAX_TERM, SearchRequest } from "./search.js";
import { normalizeSearchInput, screenStateFromUrl, screenStateToCall, screenStateToUrl } from "./searchParams.js";

describe("normalizeSearchInput", () => {
  it("reads the screen's bracketed parameters as parsed by qs", () => {
    const r = normalizeSearchInput({ st: "  Fractions ", s: "-1", page: "2", f: { t: ["resources"], _types: ["resource"], others: ["open"], owners: ["4"] }, grades: ["3", "5"], professional_roles: ["9"] });
    expect(r).toMatchObject({ st: "fractions", sort: "title_desc", page: 2, per: 15, types: ["resources"], modelTypes: ["resource"], others: ["open"], owners: [4], attributes: { grades: [3, 5], professional_roles: [9] } });
  });

  it("reads the main call's names and POST /search's body", () => {
    expect(normalizeSearchInput({ query: "x", sort: "updated_at_asc", professionalRoles: "7", created_from: "2024-01-01", subTypes: "group" })).toMatchObject({ sort: "updated_asc", attributes: { professional_roles: [7] }, from: "2024-01-01", subTypes: ["group"] });
    expect(normalizeSearchInput({ st: "abc", limit: "5", only_mine: "1", f: { provider: ["3"] } })).toMatchObject({ per: 5, others: ["mine"], publishers: [3] });
  });

  it("defaults to relevance with a term and recently updated without", () => {
    expect(normalizeSearchInput({ st: "abc" }).sort).toBe("relevance");
    expect(normalizeSearchInput({}).sort).toBe("updated_desc");
  });

  it("leaves bad values for the schema to reject", () => {
    expect(SearchRequest.safeParse(normalizeSearchInput({ page: "abc" })).success).toBe(false);
    expect(SearchRequest.safeParse(normalizeSearchInput({ grades: ["x"] })).success).toBe(false);
    expect(SearchRequest.safeParse(normalizeSearchInput({ per: "15" })).success).toBe(true);
  });
});

describe("screen state and URL", () => {
  it("round-trips through the URL with the spec's parameter names", () => {
    const url = new URLSearchParams("st=plants&s=1&page=3&f[t][]=resources&f[others][]=open&grades[]=4&from=2024-01-01&to=2024-12-31");
    const state = screenStateFromUrl(url);
    expect(state).toMatchObject({ st: "plants", s: "1", page: 3, types: ["resources"], others: ["open"], attributes: { grades: [4] }, from: "2024-01-01" });
    expect(screenStateFromUrl(screenStateToUrl(state))).toEqual(state);
    const call = screenStateToCall(state);
    expect(call.get("query")).toBe("plants");
    expect(call.getAll("grades")).toEqual(["4"]);
    expect(call.get("created_to")).toBe("2024-12-31");
  });

  it("writes each list filter under its own name in the URL and in the search call", () => {
    const state = screenStateFromUrl(new URLSearchParams("f[t][]=resources&f[st][]=group&f[_types][]=resource&f[others][]=open&f[owners][]=3&f[publishers][]=8"));
    expect(screenStateToUrl(state).toString()).toBe(new URLSearchParams("f[t][]=resources&f[st][]=group&f[_types][]=resource&f[others][]=open&f[owners][]=3&f[publishers][]=8").toString());
    const call = screenStateToCall(state);
    expect([...call].filter(([name]) => name !== "page" && name !== "per")).toEqual([
      ["types", "resources"],
      ["subTypes", "group"],
      ["_types", "resource"],
      ["other", "open"],
      ["owners", "3"],
      ["publishers", "8"],
    ]);
  });

  it("reads indexed list parameters (bookmarked nested objects under f) as well as bracketed and plain ones", () => {
    const url = new URLSearchParams("f[t][0]=resources&f[t][1]=collections&f[owners][0]=3&f[owners][]=5&f[st][0]=group&f[_types][0]=resource&f[others][2]=open&f[publishers]=8&grades[0]=4&grades[1]=6&professional_roles[0]=9");
    expect(screenStateFromUrl(url)).toMatchObject({
      types: ["resources", "collections"],
      owners: [3, 5],
      subTypes: ["group"],
      modelTypes: ["resource"],
      others: ["open"],
      publishers: [8],
      attributes: { grades: [4, 6], professional_roles: [9] },
    });
    // Attribute filters nested under f, and the provider filter, read as the server reads them.
    expect(screenStateFromUrl(new URLSearchParams("f[grades][]=4&grades[]=6&f[grades][0]=4&f[standards][]=90&f[provider][]=8&f[publishers][]=9"))).toMatchObject({
      attributes: { grades: [6, 4], standards: [90] },
      publishers: [9, 8],
    });
    // Other parameters that merely share a prefix are not read as the list, and repeats count once.
    expect(screenStateFromUrl(new URLSearchParams("f[t]x=a&f[types][0]=b&f[t][a]=c&f[t][]=d&f[t][0]=d")).types).toEqual(["d"]);
  });

  it("trims and lowercases the term and treats one of 1–2 characters as no term", () => {
    expect(screenStateFromUrl(new URLSearchParams("st=%20MATH%20")).st).toBe("math");
    expect(screenStateFromUrl(new URLSearchParams("st=ab")).st).toBe("");
    expect(screenStateFromUrl(new URLSearchParams("st=%20a%20")).st).toBe("");
    expect(screenStateFromUrl(new URLSearchParams("st=abc")).st).toBe("abc");
  });

  it("reads a page past the deepest a search may ask for as the deepest, and a bad page as the first", () => {
    expect(screenStateFromUrl(new URLSearchParams("page=99999999999")).page).toBe(SEARCH_MAX_PAGE);
    expect(screenStateFromUrl(new URLSearchParams(`page=${SEARCH_MAX_PAGE}`)).page).toBe(SEARCH_MAX_PAGE);
    expect(screenStateFromUrl(new URLSearchParams("page=abc")).page).toBe(1);
    expect(screenStateFromUrl(new URLSearchParams("page=0")).page).toBe(1);
  });

  it("cuts a term longer than the search box takes (80) as the box cuts a paste, never inside a character", () => {
    expect(screenStateFromUrl(new URLSearchParams(`st=${"A".repeat(3000)}`)).st).toBe("a".repeat(SEARCH_MAX_TERM));
    expect(screenStateFromUrl(new URLSearchParams(`st=${"a".repeat(SEARCH_MAX_TERM - 1)}😀`)).st).toBe("a".repeat(SEARCH_MAX_TERM - 1));
    expect(screenStateFromUrl(new URLSearchParams(`st=${"a".repeat(SEARCH_MAX_TERM - 1)} bbb`)).st).toBe("a".repeat(SEARCH_MAX_TERM - 1));
    expect(screenStateFromUrl(new URLSearchParams(`st=${"a".repeat(SEARCH_MAX_TERM)}`)).st).toBe("a".repeat(SEARCH_MAX_TERM));
  });

  it("keeps the spec's sort codes and strings and drops unknown ones", () => {
    expect(screenStateFromUrl(new URLSearchParams("s=title_lsort_asc")).s).toBe("title_lsort_asc");
    expect(screenStateFromUrl(new URLSearchParams("s=-2")).s).toBe("-2");
    expect(screenStateFromUrl(new URLSearchParams("s=bogus")).s).toBe("");
    expect(screenStateFromUrl(new URLSearchParams("s=toString")).s).toBe("");
  });

  it("carries the admin options in the URL and the main call, and reads bad ones as off", () => {
    const state = screenStateFromUrl(new URLSearchParams("st=plants&as_profile=7&ignore_permissions=1"));
    expect(state).toMatchObject({ asProfile: 7, ignorePermissions: true });
    expect(screenStateToUrl(state).toString()).toBe("st=plants&as_profile=7&ignore_permissions=1");
    expect(screenStateFromUrl(screenStateToUrl(state))).toEqual(state);
    const call = screenStateToCall(state);
    expect([call.get("as_profile"), call.get("ignore_permissions")]).toEqual(["7", "1"]);
    expect(normalizeSearchInput(Object.fromEntries(call))).toMatchObject({ asProfile: 7, ignorePermissions: true });

    const off = screenStateFromUrl(new URLSearchParams("as_profile=x&ignore_permissions=0"));
    expect(off).toMatchObject({ asProfile: null, ignorePermissions: false });
    expect(screenStateFromUrl(new URLSearchParams("as_profile=-3")).asProfile).toBeNull();
    expect(screenStateToUrl(off).toString()).toBe("");
    expect(screenStateToCall(off).has("as_profile") || screenStateToCall(off).has("ignore_permissions")).toBe(false);
  });
});
