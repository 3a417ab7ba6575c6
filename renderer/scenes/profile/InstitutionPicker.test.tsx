// eslint-disable-next-line no-restricted-imports -- React DOM's string renderer, not our server/ layer
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PROFILE_LIMITS } from "../../../contract/index.js";
import { InstitutionPicker, withPendingInstitution, type InstitutionPick } from "./InstitutionPicker.js";

// The search is the server's: here it has answered `answer` (the API client needs a browser window to load at all).
const search = vi.hoisted(() => ({ answer: undefined as { data: InstitutionPick[] } | undefined }));
vi.mock("../../api/profiles.js", () => ({ useInstitutionSearch: () => ({ data: search.answer, isPlaceholderData: false }) }));

const picks = (n: number): InstitutionPick[] => Array.from({ length: n }, (_, i) => ({ institution_id: i + 1, name: `School ${i + 1}`, location: null }));
const render = (value: InstitutionPick[], term = "") =>
  renderToStaticMarkup(<InstitutionPicker id="institutions" value={value} onChange={() => {}} term={term} onTermChange={() => {}} />);

describe("InstitutionPicker", () => {
  it("says the multiselect's maximum text, with N the most allowed, once that many are chosen", () => {
    const html = render(picks(PROFILE_LIMITS.institutionsMax));
    expect(html).toContain(`Maximum of ${PROFILE_LIMITS.institutionsMax} options selected. First remove a selected option to select another.`);
  });

  it("does not say it while fewer are chosen", () => {
    expect(render(picks(PROFILE_LIMITS.institutionsMax - 1))).not.toContain("Maximum of");
  });

  it("never says nothing was found while the typed name can be added: it says Enter adds it", () => {
    search.answer = { data: [] };
    try {
      const html = render(picks(1), "Hilltop Community School");
      expect(html).not.toContain("No elements found");
      expect(html).toContain("Press Enter to add &quot;Hilltop Community School&quot; as typed.");
      expect(render([{ institution_id: null, name: "Hilltop Community School", location: null }], "hilltop community school")).toContain("hilltop community school is already chosen.");
    } finally {
      search.answer = undefined;
    }
  });
});

describe("withPendingInstitution", () => {
  const chosen = picks(2);

  it("adds the typed name as a custom entry, trimmed", () => {
    expect(withPendingInstitution("  Hilltop Community School ", chosen)).toEqual([...chosen, { institution_id: null, name: "Hilltop Community School", location: null }]);
  });

  it("leaves the choices as they are when nothing is typed, or a chosen name (letter case aside)", () => {
    expect(withPendingInstitution("   ", chosen)).toBe(chosen);
    expect(withPendingInstitution("school 2", chosen)).toBe(chosen);
  });

  it("cannot add a name shorter than a search needs, or one more than the maximum", () => {
    expect(withPendingInstitution("ab", chosen)).toBeNull();
    expect(withPendingInstitution("Hilltop Community School", picks(PROFILE_LIMITS.institutionsMax))).toBeNull();
  });
});
