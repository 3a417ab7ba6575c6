import { describe, expect, it } from "vitest";
import { EDITOR_MESSAGES } from "../../contract/index.js";
import { linkedItemUids, markRemovedItemLinks } from "./itemLinks.js";

describe("links to items in a section's HTML", () => {
  const html = '<p><a href="/resources/r1">One</a> <a href="/pathways/p2?tab=1">Two</a> <a href="https://example.org/resources/x">Out</a> <a href="/search/">Search</a></p>';

  it("finds the items a section links to on this site, not other pages or sites", () => {
    expect(linkedItemUids(html)).toEqual(["r1", "p2"]);
  });

  it("turns only the links to removed items into their text with a note", () => {
    const marked = markRemovedItemLinks(html, new Set(["p2"]));
    expect(marked).toContain('<a href="/resources/r1">One</a>');
    expect(marked).toContain(`<span class="removed-link">Two</span> <span class="removed-link__note">${EDITOR_MESSAGES.linkedItemRemoved}</span>`);
    expect(marked).toContain('<a href="https://example.org/resources/x">Out</a>');
    expect(markRemovedItemLinks(html, new Set())).toBe(html);
  });
});
