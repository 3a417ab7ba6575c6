import { describe, expect, it } from "vitest";
import { sanitizeUserHtml } from "./sanitize.js";
import { expandShortCodes, previewShortCodes } from "./shortCodes.js";

/** A section's HTML as it is stored: the editor's paragraphs, sanitized on save. */
const stored = (html: string) => sanitizeUserHtml(html, "course-designer");

describe("expandShortCodes", () => {
  it("expands codes in a section's text into the short-code markup", () => {
    const html = stored(`<p><span style="white-space: pre-wrap;">Before [callout type="tip" title="Soak"]Soak the seeds overnight.[/callout] after</span></p>`);
    expect(expandShortCodes(html)).toBe(
      '<p><span>Before <span class="sc-callout sc-callout--tip"><span class="sc-callout__title">Soak</span><span class="sc-callout__body">Soak the seeds overnight.</span></span> after</span></p>',
    );
    expect(expandShortCodes(stored(`<p>[vocab word="Ion"]A charged atom.[/vocab]</p>`))).toBe('<p><span class="sc-vocab"><span class="sc-vocab__word">Ion</span> <span class="sc-vocab__definition">A charged atom.</span></span></p>');
    expect(expandShortCodes(stored(`<p>[cta href="https://example.org/sim"]Open[/cta] [button href="/collections/abc"]Ours[/button]</p>`))).toBe(
      '<p><a class="sc-button" href="https://example.org/sim" target="_blank" rel="noopener">Open</a> <a class="sc-button" href="/collections/abc">Ours</a></p>',
    );
    expect(expandShortCodes(stored(`<p>[video url="https://www.youtube.com/watch?v=abc" title="Tides"]</p>`))).toBe(
      '<p><span class="sc-video"><iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" title="Tides" allowfullscreen frameborder="0" loading="lazy"></iframe></span></p>',
    );
  });

  it("heads a callout with its type when it has no title, and expands codes in its content", () => {
    expect(expandShortCodes(`<p>[warning]x[/warning] [note type="warning"]Hot [vocab word="kiln"]an oven[/vocab][/note]</p>`)).toBe(
      '<p>[warning]x[/warning] <span class="sc-callout sc-callout--warning"><span class="sc-callout__title">Warning</span><span class="sc-callout__body">Hot <span class="sc-vocab"><span class="sc-vocab__word">kiln</span> <span class="sc-vocab__definition">an oven</span></span></span></span></p>',
    );
  });

  it("escapes what authors typed: HTML-looking text stays text, quotes cannot leave an attribute", () => {
    const html = stored(`<p>[callout title="&lt;img src=x onerror=alert(1)&gt;"]&lt;script&gt;alert(1)&lt;/script&gt; &amp; more[/callout]</p>`);
    const out = expandShortCodes(html);
    expect(out).toContain('<span class="sc-callout__title">&lt;img src=x onerror=alert(1)&gt;</span>');
    expect(out).toContain('<span class="sc-callout__body">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</span>');
    expect(out).not.toMatch(/<script|<img/);
    // A quote typed inside a value ends it: what follows is no attribute, so the code stays the text it was.
    const quoted = `<p>[button href="/a?x=&quot;onmouseover=&quot;alert(1)"]Go[/button]</p>`;
    expect(expandShortCodes(quoted)).toBe(quoted);
    expect(expandShortCodes(`<p>[vocab word='&quot;&gt;&lt;b&gt;']x[/vocab]</p>`)).toContain('<span class="sc-vocab__word">"&gt;&lt;b&gt;</span>');
  });

  it("leaves hostile links and players as the text they were", () => {
    for (const text of ['[button href="javascript:alert(1)"]Go[/button]', '[button href="//evil.example"]Go[/button]', '[video url="https://evil.example/embed/x"]', '[video url="javascript:alert(1)"]']) {
      const html = stored(`<p>${text}</p>`);
      expect(expandShortCodes(html), text).toBe(html);
    }
  });

  it("expands only text: never attributes, links, code or equations", () => {
    const html = stored(
      `<p><a href="https://example.org/?q=[note]x[/note]" title="[note]y[/note]">[note]in a link[/note]</a></p><pre><code>[note]literal[/note]</code></pre><p><img src="https://example.org/a.png" alt="[note]z[/note]"></p><p><span class="math-equation" data-equation="\\sqrt[note]{x}">x</span></p>`,
    );
    expect(expandShortCodes(html)).toBe(html);
  });

  it("leaves HTML with no code byte for byte", () => {
    const html = stored(`<p>Arrays look like [1, 2] and a&nbsp;b &amp; [c]</p><p>[callout]never closed</p>`);
    expect(expandShortCodes(html)).toBe(html);
  });

  it("keeps the short codes' classes in item bodies only, and no other class", () => {
    expect(stored('<p><span class="sc-callout evil">x</span><a class="sc-button other" href="/a">y</a></p>')).toBe('<p><span class="sc-callout">x</span><a class="sc-button" href="/a">y</a></p>');
    expect(sanitizeUserHtml('<p><span class="sc-callout">x</span></p>', "comment")).toBe("<p><span>x</span></p>");
  });

  it("gives the preview a paragraph a line, escaped, with its codes expanded", () => {
    expect(previewShortCodes('<b>hi</b>\n\n[term word="atom"]Smallest unit.[/term]')).toBe(
      '<p>&lt;b&gt;hi&lt;/b&gt;</p><p><span class="sc-vocab"><span class="sc-vocab__word">atom</span> <span class="sc-vocab__definition">Smallest unit.</span></span></p>',
    );
    expect(previewShortCodes("")).toBe("");
  });
});
