import { mayHoldShortCodes, parseShortCodes, type CalloutType, type ShortCodeUse } from "../../contract/index.js";
import { sanitizeUserHtml } from "./sanitize.js";

/** Elements whose text is never expanded: links (a button inside a link would nest links), code, equations, frames. */
const LITERAL_ELEMENTS = new Set(["a", "code", "pre", "math", "iframe", "script", "style", "textarea"]);

/** A tag of sanitized HTML: there, attribute values have '<' and '>' escaped, so a tag ends at the first '>'. */
const TAG = /(<[^>]*>)/;
const TAG_NAME = /^<(\/?)([a-z][a-z0-9]*)[^>]*?(\/?)>$/i;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Text of sanitized HTML as written (its entities decoded); an entity we do not know stays as it is. */
function decodeText(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return NAMED[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** Escapes text for an element's content or a double-quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const CALLOUT_HEADINGS: Record<CalloutType, string> = { info: "Note", tip: "Tip", warning: "Warning" };

/**
 * One code as HTML, every value escaped. The codes sit inside paragraphs (authors type them as text), so they are
 * spans styled as blocks, never <div>s a browser would close the paragraph for. Other codes in a callout's content
 * are expanded too (one level).
 */
function codeHtml(use: ShortCodeUse, nested: boolean): string {
  switch (use.tag) {
    case "callout": {
      const body = nested ? escapeHtml(use.content) : textHtml(use.content, true);
      return `<span class="sc-callout sc-callout--${use.type}"><span class="sc-callout__title">${escapeHtml(use.title ?? CALLOUT_HEADINGS[use.type])}</span><span class="sc-callout__body">${body}</span></span>`;
    }
    case "button":
      return `<a class="sc-button" href="${escapeHtml(use.href)}">${escapeHtml(use.content)}</a>`;
    case "video":
      return `<span class="sc-video"><iframe src="${escapeHtml(use.src)}" title="${escapeHtml(use.title ?? "Video")}"></iframe></span>`;
    case "vocab":
      return `<span class="sc-vocab"><span class="sc-vocab__word">${escapeHtml(use.word)}</span> <span class="sc-vocab__definition">${escapeHtml(use.content)}</span></span>`;
  }
}

/** Plain text with its codes as HTML; each code's HTML goes through the course-designer sanitizer again. */
function textHtml(text: string, nested: boolean): string {
  return parseShortCodes(text)
    .map((token) => (token.kind === "text" ? escapeHtml(token.text) : sanitizeUserHtml(codeHtml(token.use, nested), "course-designer")))
    .join("");
}

/**
 * Expands the short codes in sanitized HTML (a section's stored body_html): only in text, never inside a tag's
 * attributes, links, code or equations, and a text node is left byte for byte as it was when it holds no code.
 */
export function expandShortCodes(html: string): string {
  if (!mayHoldShortCodes(html)) return html;
  let literalDepth = 0;
  return html
    .split(TAG)
    .map((part, index) => {
      // split with a capturing group: odd parts are the tags.
      if (index % 2 === 1) {
        const tag = TAG_NAME.exec(part);
        if (tag && LITERAL_ELEMENTS.has(tag[2]!.toLowerCase()) && !tag[3]) literalDepth = Math.max(0, literalDepth + (tag[1] ? -1 : 1));
        return part;
      }
      if (literalDepth > 0 || !mayHoldShortCodes(part)) return part;
      const text = decodeText(part);
      return parseShortCodes(text).some((token) => token.kind === "code") ? textHtml(text, false) : part;
    })
    .join("");
}

/** The Try it out preview: plain text, a paragraph a line, as the view page would show it. */
export function previewShortCodes(text: string): string {
  const paragraphs = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
  return expandShortCodes(sanitizeUserHtml(paragraphs, "course-designer"));
}
