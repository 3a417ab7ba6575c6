// eslint-disable-next-line no-restricted-imports -- React DOM's string renderer, not our server/ layer
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PROFILE_LIMITS } from "../../../contract/index.js";
import { InstitutionPicker, type InstitutionPick } from "./InstitutionPicker.js";

// The search is the server's: here it has answered nothing (the API client needs a browser window to load at all).
vi.mock("../../api/profiles.js", () => ({ useInstitutionSearch: () => ({ data: undefined, isPlaceholderData: false }) }));

const picks = (n: number): InstitutionPick[] => Array.from({ length: n }, (_, i) => ({ institution_id: i + 1, name: `School ${i + 1}`, location: null }));
const render = (value: InstitutionPick[]) => renderToStaticMarkup(<InstitutionPicker id="institutions" value={value} onChange={() => {}} />);

describe("InstitutionPicker", () => {
  it("says the multiselect's maximum text, with N the most allowed, once that many are chosen", () => {
    const html = render(picks(PROFILE_LIMITS.institutionsMax));
    expect(html).toContain(`Maximum of ${PROFILE_LIMITS.institutionsMax} options selected. First remove a selected option to select another.`);
  });

  it("does not say it while fewer are chosen", () => {
    expect(render(picks(PROFILE_LIMITS.institutionsMax - 1))).not.toContain("Maximum of");
  });
});
