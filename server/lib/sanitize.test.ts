import { describe, expect, it } from "vitest";
import { safeEmbedSrc } from "../../contract/index.js";
import { emptyIfBlank, opensInNewTab, sanitizeUserHtml } from "./sanitize.js";

const clean = (html: string) => sanitizeUserHtml(html, "course-designer");

describe("sanitizeUserHtml", () => {
  it("removes scripts, styles and event handlers", () => {
    const out = clean(`<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p><img src="https://example.org/a.png" onerror="steal()" alt="a">`);
    expect(out).toBe('<p>Hi</p><img src="https://example.org/a.png" alt="a" />');
  });

  it("drops javascript: and data: URLs", () => {
    expect(clean(`<a href="javascript:alert(1)">x</a>`)).toBe("<a>x</a>");
    expect(clean(`<a href=" JaVaScRiPt:alert(1)">x</a>`)).toBe("<a>x</a>");
    expect(clean(`<img src="data:image/png;base64,AAAA">`)).toBe("<img />");
  });

  it("opens links in a new tab unless they are anchors, mail or relative", () => {
    expect(clean(`<a href="https://example.org/x" target="_self" rel="opener">x</a>`)).toBe('<a href="https://example.org/x" target="_blank" rel="noopener">x</a>');
    expect(clean(`<a href="#part-2" target="_blank">x</a>`)).toBe('<a href="#part-2">x</a>');
    expect(clean(`<a href="mailto:a@b.org">x</a>`)).toBe('<a href="mailto:a@b.org">x</a>');
    expect(clean(`<a href="/search/?st=frogs">x</a>`)).toBe('<a href="/search/?st=frogs">x</a>');
    expect(opensInNewTab("//evil.example/x")).toBe(true);
  });

  it("keeps allowed embeds with a 560x315 default and drops foreign frames", () => {
    expect(clean(`<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>`)).toBe(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" title="Embedded content" allowfullscreen frameborder="0" loading="lazy"></iframe>',
    );
    expect(clean(`<iframe src="http://player.vimeo.com/video/123" width="640" height="abc"></iframe>`)).toContain('src="https://player.vimeo.com/video/123" width="640" height="315"');
    expect(clean(`<iframe src="https://drive.google.com/file/d/abc_DEF-1/preview"></iframe>`)).toContain("drive.google.com/file/d/abc_DEF-1/preview");
    expect(clean(`<iframe src="https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC"></iframe>`)).toContain("open.spotify.com/embed/track/");
    expect(clean(`<iframe src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/1"></iframe>`)).toContain("w.soundcloud.com/player/");
    expect(clean(`<iframe src="/embed/resources/abc"></iframe>`)).toContain('src="/embed/resources/abc"');
    for (const src of [
      "https://evil.example/embed/x",
      "https://www.youtube.com.evil.example/embed/x",
      "https://www.youtube.com/watch?v=x",
      "https://drive.google.com/file/d/abc/edit",
      "javascript:alert(1)",
      "/embed/../auth/logout",
      "/search/",
      "//evil.example/embed/x",
      "https://user:pw@www.youtube.com/embed/x",
    ]) {
      expect(clean(`<p>a</p><iframe src="${src}">fallback</iframe>`), src).toBe("<p>a</p>");
    }
    expect(safeEmbedSrc(undefined)).toBeNull();
  });

  it("keeps math, rendering it again with KaTeX from data-equation (the client's markup inside is replaced)", () => {
    const out = clean(`<p>Area: <span class="math-equation" data-equation="\\frac{a}{b} &lt; x" data-size="2.0"><span onclick="x()">fake</span><img src=x></span> done</p>`);
    expect(out).toMatch(/^<p>Area: <span class="math-equation" data-equation="\\frac\{a\}\{b\} &lt; x" data-size="2" style="font-size:2em"><span class="katex">/);
    expect(out).toContain('<annotation encoding="application/x-tex">\\frac{a}{b} &lt; x</annotation>');
    expect(out).toContain("mfrac");
    expect(out).not.toContain("fake");
    expect(out).not.toContain("onclick");
    expect(out).toMatch(/<\/span> done<\/p>$/);
  });

  it("falls back to size 1 for a non-numeric size and keeps sizes within 0.5 to 5", () => {
    expect(clean(`<span class="math-equation" data-equation="x" data-size="big"></span>`)).toContain('data-size="1" style="font-size:1em"');
    expect(clean(`<span class="math-equation" data-equation="x" data-size="9"></span>`)).toContain('data-size="5"');
    expect(clean(`<span class="math-equation" data-equation="x" data-size="0.1"></span>`)).toContain('data-size="0.5"');
  });

  it("does not let KaTeX make links or run anything", () => {
    const out = clean(`<span class="math-equation" data-equation="\\href{javascript:alert(1)}{x} \\url{https://evil.example}"></span>`);
    expect(out).not.toContain("<a ");
    expect(out).not.toMatch(/href=/);
  });

  it("applies the named profiles' tag lists", () => {
    const html = `<h2>Head</h2><p><strong>b</strong> <a href="https://x.org">l</a></p><ul><li>i</li></ul><table><tbody><tr><td>c</td></tr></tbody></table><iframe src="https://www.youtube.com/embed/abc"></iframe>`;
    expect(sanitizeUserHtml(html, "minimal")).toBe("Head<p><strong>b</strong> l</p>ic");
    expect(sanitizeUserHtml(html, "simple")).toBe('Head<p><strong>b</strong> <a href="https://x.org" target="_blank" rel="noopener">l</a></p><ul><li>i</li></ul>c');
    expect(sanitizeUserHtml(html, "comment")).toBe(sanitizeUserHtml(html, "simple"));
    expect(sanitizeUserHtml(html, "relaxed-html")).toContain("<h2>Head</h2>");
    expect(sanitizeUserHtml(html, "relaxed-html")).toContain("<td>c</td>");
    expect(sanitizeUserHtml(html, "relaxed-html")).not.toContain("iframe");
    expect(sanitizeUserHtml(html, "course-designer")).toContain("<iframe");
    expect(sanitizeUserHtml(`<span class="math-equation" data-equation="x^2"></span>`, "simple")).toBe("");
    expect(sanitizeUserHtml(`<span class="math-equation" data-equation="x^2"></span>`, "comment")).toContain("katex");
  });

  it("keeps text alignment and drops other styles and classes", () => {
    expect(clean(`<p style="text-align: center; position: fixed" class="evil">x</p>`)).toBe('<p style="text-align:center">x</p>');
  });
});

describe("emptyIfBlank", () => {
  it("empties section text that shows nothing: the editor's empty state, empty paragraphs, spaces and no-break spaces", () => {
    for (const html of ['<p class="rt-p" dir="ltr"><br></p>', "<p><br /></p><p> </p>", "<p>&nbsp;</p>\n<p>&#160;</p>", "  ", ""]) expect(emptyIfBlank(html), html).toBe("");
  });

  it("keeps text that shows something without words: an image, a frame, a rule, a table, a list's markers, an equation", () => {
    const course = (html: string) => sanitizeUserHtml(html, "course-designer");
    const kept = [
      course('<p><img src="https://example.org/a.png" alt=""></p>'),
      course('<iframe src="https://www.youtube.com/embed/abc"></iframe>'),
      "<hr />",
      "<table><tbody><tr><td></td></tr></tbody></table>",
      "<ol><li><br /></li><li><br /></li></ol>",
      "<ul><li></li></ul>",
      course('<p><span class="math-equation" data-equation="x^2"></span></p>'),
    ];
    for (const html of kept) {
      expect(html.length, "the sanitizer kept something").toBeGreaterThan(0);
      expect(emptyIfBlank(html), html).toBe(html);
    }
  });
});
