import { describe, expect, it } from "vitest";
import { SHORT_CODES, findShortCode, parseShortCodes, safeButtonHref, shortCodeText, videoEmbedSrc, type ShortCodeToken } from "./index.js";

/** The uses of the codes found, without the text around them. */
const uses = (text: string) => parseShortCodes(text).flatMap((t) => (t.kind === "code" ? [t.use] : []));
/** True when the text parses as itself, with no code in it. */
const staysText = (text: string) => expect(parseShortCodes(text)).toEqual<ShortCodeToken[]>(text ? [{ kind: "text", text }] : []);

describe("the short-code catalogue", () => {
  it("names each code once, by tag or alias, and writes its examples as codes that parse", () => {
    const names = SHORT_CODES.flatMap((c) => [c.tag, ...c.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const code of SHORT_CODES) {
      expect(code.examples.length).toBeGreaterThan(0);
      for (const example of code.examples) {
        const tokens = parseShortCodes(shortCodeText(code, example));
        expect(tokens, shortCodeText(code, example)).toHaveLength(1);
        expect(tokens[0]).toMatchObject({ kind: "code", use: { tag: code.tag } });
      }
    }
    expect(findShortCode("NOTE")?.tag).toBe("callout");
    expect(findShortCode("__proto__")).toBeUndefined();
  });
});

describe("parseShortCodes", () => {
  it("finds codes among text, with double or single quotes", () => {
    expect(parseShortCodes(`Read this: [callout type="tip" title='Hint']Water first.[/callout] Then go on.`)).toEqual([
      { kind: "text", text: "Read this: " },
      { kind: "code", use: { tag: "callout", type: "tip", title: "Hint", content: "Water first." }, source: `[callout type="tip" title='Hint']Water first.[/callout]` },
      { kind: "text", text: " Then go on." },
    ]);
    expect(uses(`[vocab word='don"t']x[/vocab]`)).toEqual([{ tag: "vocab", word: 'don"t', content: "x" }]);
    expect(uses(`[button href = "/collections/abc" ]Go[/button]`)).toEqual([{ tag: "button", href: "/collections/abc", content: "Go" }]);
  });

  it("takes the curly quotes a word processor or phone keyboard types for straight ones", () => {
    expect(uses(`[callout type=“warning” title=‘Heads up’]Hot plate.[/callout]`)).toEqual([{ tag: "callout", type: "warning", title: "Heads up", content: "Hot plate." }]);
    expect(uses(`[vocab word=“Don’t”]x[/vocab]`)).toEqual([{ tag: "vocab", word: "Don’t", content: "x" }]);
    // A quote is closed by its own partner only.
    expect(uses(`[callout title=“Mixed"]x[/callout]`)).toEqual([]);
  });

  it("reads tags, aliases and attribute names whatever their case, and closes with the name opened", () => {
    expect(uses(`[NOTE TYPE="Warning"]Hot![/note] [Box]Plain[/BOX] [cta href="https://example.org"]Go[/CTA] [Term word="ion"]A charged atom.[/term]`)).toEqual([
      { tag: "callout", type: "warning", title: null, content: "Hot!" },
      { tag: "callout", type: "info", title: null, content: "Plain" },
      { tag: "button", href: "https://example.org", content: "Go" },
      { tag: "vocab", word: "ion", content: "A charged atom." },
    ]);
    // Opened as note, closed as callout: not a pair.
    staysText("[note]x[/callout]");
  });

  it("reads self-closing codes with or without the slash", () => {
    const embed = "https://www.youtube-nocookie.com/embed/abc123";
    expect(uses(`[video url="https://youtu.be/abc123"] and [YouTube url="https://www.youtube.com/watch?v=abc123&t=5" title="Tides" /]`)).toEqual([
      { tag: "video", src: embed, title: null },
      { tag: "video", src: embed, title: "Tides" },
    ]);
  });

  it("leaves unknown tags, unclosed codes and malformed codes as the text they are", () => {
    for (const text of [
      "[quote]To be[/quote]",
      "[callout]never closed",
      "[callout type=tip]unquoted[/callout]",
      `[callout type="tip]broken quote[/callout]`,
      "[callout type='danger']unknown type[/callout]",
      "[callout]   [/callout]",
      "[callout/]",
      "[button]no link[/button]",
      "[vocab]no word[/vocab]",
      "[video]",
      "[ callout]space first[/callout]",
      "[]",
      "[[[",
      "a [/callout] b",
      "",
    ])
      staysText(text);
  });

  it("keeps text before an unclosed code and still finds a later code", () => {
    expect(parseShortCodes("[callout]open [vocab word=\"x\"]y[/vocab]")).toEqual([
      { kind: "text", text: "[callout]open " },
      { kind: "code", use: { tag: "vocab", word: "x", content: "y" }, source: '[vocab word="x"]y[/vocab]' },
    ]);
  });

  it("passes HTML-looking content and attributes through as text (the server escapes them)", () => {
    expect(uses(`[callout title="<b>x</b>"]<script>alert(1)</script>[/callout]`)).toEqual([{ tag: "callout", type: "info", title: "<b>x</b>", content: "<script>alert(1)</script>" }]);
  });

  it("closes a code at the first closing tag (a code inside itself is not supported) and keeps other codes in its content", () => {
    expect(uses("[callout]a [callout]b[/callout] c[/callout]")).toEqual([{ tag: "callout", type: "info", title: null, content: "a [callout]b" }]);
    expect(uses(`[callout]See [vocab word="x"]y[/vocab][/callout]`)).toEqual([{ tag: "callout", type: "info", title: null, content: `See [vocab word="x"]y[/vocab]` }]);
  });

  it("refuses links and players that could run script or leave the safe-embed rules", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,hi", "//evil.example/x", "/\\evil.example", "vbscript:x", "https://user:pw@example.org/", "mailto:a@b.c", "ftp://example.org/"]) {
      expect(safeButtonHref(href), href).toBeNull();
      staysText(`[button href="${href}"]Go[/button]`);
    }
    expect(safeButtonHref("/lesson-plans/abc?x=1#part")).toBe("/lesson-plans/abc?x=1#part");
    for (const url of ["https://evil.example/embed/x", "javascript:alert(1)", "https://www.youtube.com/watch?v=a%22onload", "https://www.youtube.com/watch", "http://vimeo.com/12/34", "/embed/../../x"]) expect(videoEmbedSrc(url), url).toBeNull();
    expect(videoEmbedSrc("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(videoEmbedSrc("https://player.vimeo.com/video/76979871")).toBe("https://player.vimeo.com/video/76979871");
  });

  it("cannot be made to break out of an attribute's quotes", () => {
    // The value ends at its own quote; what follows is not an attribute, so the code is malformed and stays text.
    staysText(`[button href="/ok" onclick="alert(1)]Go[/button]`);
    // Unknown attributes are ignored; they never reach the output.
    expect(uses(`[button href="/ok" onclick="alert(1)"]Go[/button]`)).toEqual([{ tag: "button", href: "/ok", content: "Go" }]);
    expect(uses(`[vocab constructor="x" word="a"]b[/vocab]`)).toEqual([{ tag: "vocab", word: "a", content: "b" }]);
  });

  it("reads long hostile text in linear time", () => {
    const started = performance.now();
    parseShortCodes("[callout]".repeat(50_000) + `[callout${" ".repeat(50_000)}x`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
