import { describe, expect, it } from "vitest";
import { EDITOR_MESSAGES } from "../../contract/index.js";
import { linkedItemUids, markRemovedItemLinks, retitleItemLinks, standaloneItemLinkUids } from "./itemLinks.js";

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

describe("retitling the links that stand alone in their paragraph", () => {
  const titles = new Map([["r1", "New <One>"]]);

  it("gives a paragraph's only link to an item the item's current title, escaped, inside Lexical's span too", () => {
    expect(retitleItemLinks('<p><a href="/resources/r1">Old</a></p>', titles)).toBe('<p><a href="/resources/r1">New &lt;One&gt;</a></p>');
    expect(retitleItemLinks('<p dir="ltr"><a href="/resources/r1" rel="noopener"><span>Old</span></a></p>', titles)).toBe('<p dir="ltr"><a href="/resources/r1" rel="noopener"><span>New &lt;One&gt;</span></a></p>');
    expect(standaloneItemLinkUids('<p><a href="/resources/r1">Old</a></p><p>See <a href="/resources/r2">two</a>.</p>')).toEqual(["r1"]);
  });

  it("leaves links within sentences, with markup of their own, or to items without a title given", () => {
    for (const html of ['<p>See <a href="/resources/r1">Old</a>.</p>', '<p><a href="/resources/r1"><b>Old</b></a></p>', '<p><a href="/resources/r2">Old</a></p>', '<p><a href="/resources/r1"></a></p>']) {
      expect(retitleItemLinks(html, titles)).toBe(html);
    }
  });
});
