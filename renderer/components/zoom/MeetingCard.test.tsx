// eslint-disable-next-line no-restricted-imports -- React DOM's string renderer, not our server/ layer
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MeetingDetails } from "../../../contract/index.js";
import { MeetingCard } from "./MeetingCard.js";

const meeting: MeetingDetails = {
  id: 1,
  owner: { name: "Tess Teacher" },
  zoom_id: "85746352311",
  join_url: "https://us02web.zoom.us/j/85746352311",
  type: "meeting",
  topic: "Fractions review",
  start_time: "2026-11-27T14:23:00Z",
};

describe("MeetingCard", () => {
  it("writes the start as the app writes dates (M/D/YYYY) and the Zoom ID grouped 3-4-rest", () => {
    const html = renderToStaticMarkup(<MeetingCard meeting={meeting} />);
    expect(html).toMatch(/Starts: \d{1,2}\/\d{1,2}\/2026, \d{1,2}:\d{2}\s(AM|PM)</);
    expect(html).toContain("Zoom ID: 857 4635 2311");
  });

  it("shows no Join link for an address that is not an https Zoom link", () => {
    const html = renderToStaticMarkup(<MeetingCard meeting={{ ...meeting, join_url: "javascript:alert(1)" }} />);
    expect(html).not.toContain("href");
  });
});
