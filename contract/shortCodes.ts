import { z } from "zod";
import { safeEmbedSrc } from "./embeds.js";

/**
 * Short codes: `[tag attr="value"]content[/tag]` (or self-closing `[tag attr="value"]`) that authors type as text in
 * a section and that the view page shows as a callout, a button, a video or a vocabulary card. The catalogue and the
 * parser live here (pure, shared); the server turns parsed codes into sanitized HTML (server/lib/shortCodes.ts).
 */

/** One example of a code (the spec's entity: attributes and content). */
export interface ShortCodeExample {
  attributes: Record<string, string>;
  content: string;
}

/** A short code (the spec's entity: tag, name, aliases, examples, selfClosing; plus a one-line description). */
export interface ShortCode {
  tag: string;
  name: string;
  aliases: readonly string[];
  description: string;
  /** What each attribute means, for the help dialog ("type: info, tip or warning"). */
  attributeHelp: readonly { name: string; help: string; required: boolean }[];
  examples: readonly ShortCodeExample[];
  selfClosing: boolean;
}

export const CALLOUT_TYPES = ["info", "tip", "warning"] as const;
export type CalloutType = (typeof CALLOUT_TYPES)[number];

/** The codes authors may use, in the order the help dialog shows them. */
export const SHORT_CODES: readonly ShortCode[] = [
  {
    tag: "callout",
    name: "Callout",
    aliases: ["note", "box"],
    description: "A highlighted box that draws the reader's eye to a note, a tip or a warning.",
    attributeHelp: [
      { name: "type", help: "info (the default), tip or warning.", required: false },
      { name: "title", help: "A heading for the box; without it the box is headed by its type.", required: false },
    ],
    examples: [
      { attributes: { type: "tip", title: "Before you start" }, content: "Put the seeds in water the night before the lab." },
      { attributes: { type: "warning" }, content: "Wear safety goggles while heating the solution." },
    ],
    selfClosing: false,
  },
  {
    tag: "button",
    name: "Button",
    aliases: ["cta"],
    description: "A link shown as a button, for the one place you want students to go next.",
    attributeHelp: [{ name: "href", help: "Where it leads: a web address (https://...) or a page of this site (/collections/...).", required: true }],
    examples: [{ attributes: { href: "https://phet.colorado.edu/" }, content: "Open the simulation" }],
    selfClosing: false,
  },
  {
    tag: "video",
    name: "Video",
    aliases: ["youtube"],
    description: "An embedded video player (YouTube or Vimeo; other players the editor's Embed allows work too).",
    attributeHelp: [
      { name: "url", help: "The video's address, e.g. https://www.youtube.com/watch?v=... or https://vimeo.com/...", required: true },
      { name: "title", help: "What the video is, for screen readers.", required: false },
    ],
    examples: [{ attributes: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "How plants make food" }, content: "" }],
    selfClosing: true,
  },
  {
    tag: "vocab",
    name: "Vocabulary",
    aliases: ["term"],
    description: "A key word with its definition, set apart so students can find it again.",
    attributeHelp: [{ name: "word", help: "The word or phrase being defined.", required: true }],
    examples: [{ attributes: { word: "Photosynthesis" }, content: "The process plants use to turn light, water and carbon dioxide into sugar." }],
    selfClosing: false,
  },
];

const BY_NAME = new Map(SHORT_CODES.flatMap((code) => [code.tag, ...code.aliases].map((name) => [name, code] as const)));

/** The code a tag or alias names (case-insensitive), or undefined. */
export const findShortCode = (name: string): ShortCode | undefined => BY_NAME.get(name.toLowerCase());

/** How an example is written: `[tag a="v"]content[/tag]`, or `[tag a="v"]` for a self-closing code. */
export function shortCodeText(code: Pick<ShortCode, "tag" | "selfClosing">, example: ShortCodeExample): string {
  const attributes = Object.entries(example.attributes).map(([name, value]) => ` ${name}="${value}"`).join("");
  return code.selfClosing ? `[${code.tag}${attributes}]` : `[${code.tag}${attributes}]${example.content}[/${code.tag}]`;
}

/** A code found in text, its attributes already checked (values as written, unescaped). */
export type ShortCodeUse =
  | { tag: "callout"; type: CalloutType; title: string | null; content: string }
  | { tag: "button"; href: string; content: string }
  | { tag: "video"; src: string; title: string | null }
  | { tag: "vocab"; word: string; content: string };

/** Text as parsed: plain runs, and codes with the exact text they were written as. */
export type ShortCodeToken = { kind: "text"; text: string } | { kind: "code"; use: ShortCodeUse; source: string };

/** Longest attribute value kept (a longer one leaves the code as text). */
const ATTRIBUTE_MAX = 2000;

/**
 * `[name` then attributes `a="v"` / `a='v'`, an optional `/`, then `]`; anchored at the scan position. Curly quotes
 * (“v”, ‘v’) count as quotes too: word processors and phones' keyboards turn the quotes an author types into them.
 */
const OPENING = /\[([a-z][a-z0-9-]*)((?:\s+[a-z][a-z0-9-]*\s*=\s*(?:"[^"\]]*"|'[^'\]]*'|“[^”\]]*”|‘[^’\]]*’))*)\s*(\/?)\]/iy;
const ATTRIBUTE = /([a-z][a-z0-9-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|“([^”]*)”|‘([^’]*)’)/gi;

/** Attributes by lower-cased name (the last one written wins); null-prototype, so `__proto__` is only a name. */
function readAttributes(raw: string): Record<string, string> {
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const match of raw.matchAll(ATTRIBUTE)) attributes[match[1]!.toLowerCase()] = (match[2] ?? match[3] ?? match[4] ?? match[5] ?? "").trim();
  return attributes;
}

/** A link a button may lead to: an http(s) address or a path of this site; anything else (javascript:, //host, data:) is refused. */
export function safeButtonHref(value: string): string | null {
  const href = value.trim();
  // Control characters, spaces and backslashes let browsers read a different address than we checked.
  if (!href || href.length > ATTRIBUTE_MAX || /[\s\\]/.test(href) || [...href].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  if (href.startsWith("/")) return href.startsWith("//") ? null : href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password ? href : null;
}

/**
 * A video address as an embeddable player: a YouTube watch, youtu.be or Shorts page and a vimeo.com page are turned
 * into their player address; the result (or any other address) must then pass the safe-embed rules (contract/embeds.ts).
 */
export function videoEmbedSrc(value: string): string | null {
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    // Not an absolute address: let the safe-embed rules judge it (this site's /embed/ paths).
  }
  if (url && (url.protocol === "https:" || url.protocol === "http:")) {
    const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
    const id = host === "youtube.com" && url.pathname === "/watch" ? url.searchParams.get("v") : host === "youtube.com" ? /^\/shorts\/([\w-]+)$/.exec(url.pathname)?.[1] : host === "youtu.be" ? url.pathname.slice(1) : null;
    if (id && /^[\w-]{1,64}$/.test(id)) return safeEmbedSrc(`https://www.youtube-nocookie.com/embed/${id}`);
    const vimeo = host === "vimeo.com" ? /^\/(\d{1,20})$/.exec(url.pathname)?.[1] : null;
    if (vimeo) return safeEmbedSrc(`https://player.vimeo.com/video/${vimeo}`);
  }
  return safeEmbedSrc(value);
}

/** Checks a code's attributes and content; null when they do not make a valid code (it then stays as text). */
function useOf(code: ShortCode, attributes: Record<string, string>, content: string): ShortCodeUse | null {
  if (Object.values(attributes).some((value) => value.length > ATTRIBUTE_MAX)) return null;
  const text = content.trim();
  switch (code.tag) {
    case "callout": {
      const type = (attributes.type || "info").toLowerCase();
      if (!(CALLOUT_TYPES as readonly string[]).includes(type) || !text) return null;
      return { tag: "callout", type: type as CalloutType, title: attributes.title || null, content: text };
    }
    case "button": {
      const href = safeButtonHref(attributes.href ?? "");
      return href && text ? { tag: "button", href, content: text } : null;
    }
    case "video": {
      const src = videoEmbedSrc(attributes.url ?? "");
      return src ? { tag: "video", src, title: attributes.title || null } : null;
    }
    case "vocab":
      return attributes.word && text ? { tag: "vocab", word: attributes.word, content: text } : null;
    default:
      return null;
  }
}

/**
 * Splits text into plain runs and short codes. Tags and aliases are case-insensitive; a code closes at the first
 * `[/name]` of the name it was opened with (a code inside itself is not supported). Unknown tags, codes never closed
 * and codes whose attributes are missing or refused stay exactly as they were written.
 */
export function parseShortCodes(text: string): ShortCodeToken[] {
  const tokens: ShortCodeToken[] = [];
  // ASCII only, so indexes stay those of the text (tags are ASCII; toLowerCase may change a string's length).
  const lower = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  // The last search for each closing tag: text that repeats an opening never closed is still read once, not once per opening.
  const closings = new Map<string, { from: number; at: number }>();
  const closingAt = (closing: string, from: number) => {
    const known = closings.get(closing);
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    const at = lower.indexOf(closing, from);
    closings.set(closing, { from, at });
    return at;
  };
  let plainFrom = 0;
  let at = text.indexOf("[");
  while (at !== -1) {
    OPENING.lastIndex = at;
    const opening = OPENING.exec(text);
    const code = opening ? findShortCode(opening[1]!) : undefined;
    let found: { use: ShortCodeUse; end: number } | null = null;
    if (opening && code) {
      const attributes = readAttributes(opening[2]!);
      const afterOpening = at + opening[0].length;
      if (code.selfClosing) {
        const use = useOf(code, attributes, "");
        if (use) found = { use, end: afterOpening };
      } else if (!opening[3]) {
        const closing = `[/${opening[1]!.toLowerCase()}]`;
        const closeAt = closingAt(closing, afterOpening);
        const use = closeAt === -1 ? null : useOf(code, attributes, text.slice(afterOpening, closeAt));
        if (use) found = { use, end: closeAt + closing.length };
      }
    }
    if (found) {
      if (at > plainFrom) tokens.push({ kind: "text", text: text.slice(plainFrom, at) });
      tokens.push({ kind: "code", use: found.use, source: text.slice(at, found.end) });
      plainFrom = found.end;
    }
    at = text.indexOf("[", found ? found.end : at + 1);
  }
  if (plainFrom < text.length) tokens.push({ kind: "text", text: text.slice(plainFrom) });
  return tokens;
}

/** Whether text holds anything that could be a code (a cheap test before parsing). */
export const mayHoldShortCodes = (text: string): boolean => /\[[a-z]/i.test(text);

/** Longest text the Try it out preview takes. */
export const SHORT_CODE_PREVIEW_MAX = 5000;

export const SHORT_CODE_MESSAGES = {
  previewTooLong: `The text to preview may be at most ${SHORT_CODE_PREVIEW_MAX} characters.`,
  previewText: "The text to preview must be text.",
} as const;

/** POST /api/short-codes/preview: plain text as an author types it (one paragraph a line). */
export const ShortCodePreviewRequest = z.object({
  text: z.string({ error: SHORT_CODE_MESSAGES.previewText }).max(SHORT_CODE_PREVIEW_MAX, SHORT_CODE_MESSAGES.previewTooLong),
});
export type ShortCodePreviewRequest = z.input<typeof ShortCodePreviewRequest>;

/** The preview: the text as the view page would show it (sanitized HTML, short codes expanded). */
export const ShortCodePreviewResponse = z.object({ html: z.string() });
export type ShortCodePreviewResponse = z.infer<typeof ShortCodePreviewResponse>;

/** The classes the expanded codes carry, which the course-designer sanitizer profile keeps (styled in renderer/styles/shortCodes.css). */
export const SHORT_CODE_CLASSES = {
  span: ["sc-callout", ...CALLOUT_TYPES.map((type) => `sc-callout--${type}`), "sc-callout__title", "sc-callout__body", "sc-vocab", "sc-vocab__word", "sc-vocab__definition", "sc-video"],
  a: ["sc-button"],
} as const;
