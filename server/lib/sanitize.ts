import sanitize from "sanitize-html";
import { SANITIZE_PROFILES, type SanitizeProfile } from "../../contract/index.js";
import { renderEquations } from "./equations.js";

/** The default size of an embedded frame (first document: 560x315). */
export const EMBED_DEFAULT = { width: 560, height: 315 } as const;

/**
 * Frames come only from these places (the first document's safe-embed rules): the product's own
 * embed path, two video services, a file-drive preview, an audio streaming service and an audio player.
 * Each rule names the host and the path prefix that is an embeddable player (not any page of the site).
 */
const EMBED_RULES: { hosts: string[]; path: RegExp }[] = [
  { hosts: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com"], path: /^\/embed\/[\w-]+$/ },
  { hosts: ["player.vimeo.com"], path: /^\/video\/\d+$/ },
  { hosts: ["drive.google.com"], path: /^\/file\/d\/[\w-]+\/preview$/ },
  { hosts: ["open.spotify.com"], path: /^\/embed\/(track|album|playlist|episode|show|artist)\/\w+$/ },
  { hosts: ["w.soundcloud.com"], path: /^\/player\/?$/ },
];

/** The product's own embed path: relative, under /embed/. */
const OWN_EMBED = /^\/embed\/[\w./-]+$/;

/** The frame hosts the Content-Security-Policy must allow for the embeds above. */
export const EMBED_FRAME_SOURCES = [...new Set(EMBED_RULES.flatMap((r) => r.hosts.map((h) => `https://${h}`)))];

/** A frame source normalized to https on an allowed host and player path, or null when it is not allowed. */
export function safeEmbedSrc(src: string | undefined): string | null {
  const value = (src ?? "").trim();
  if (value.startsWith("/") && !value.startsWith("//")) {
    const pathOnly = value.split(/[?#]/)[0]!;
    return OWN_EMBED.test(pathOnly) && !pathOnly.includes("..") ? value : null;
  }
  let url: URL;
  try {
    url = new URL(value.startsWith("//") ? `https:${value}` : value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443")) return null;
  const rule = EMBED_RULES.find((r) => r.hosts.includes(url.hostname.toLowerCase()));
  if (!rule || !rule.path.test(url.pathname)) return null;
  url.protocol = "https:";
  return url.toString();
}

/** A frame dimension: a whole number of pixels from 1 to 2000, else the default. */
const dimension = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2000 ? String(n) : String(fallback);
};

/** Anchors, mail and relative links stay in the page; every other link opens in a new tab. */
export function opensInNewTab(href: string | undefined): boolean {
  const value = (href ?? "").trim();
  if (!value || value.startsWith("#") || /^mailto:/i.test(value)) return false;
  // Other schemes (javascript:, data:) are removed by the scheme rules, so only web links count.
  return value.startsWith("//") || /^https?:/i.test(value);
}

const TEXT_ALIGN = [/^(left|right|center|justify|start|end)$/];

/** sanitize-html options of one profile (tag lists in contract/sanitize.ts, written down in docs/ARCHITECTURE.md). */
function optionsFor(profile: SanitizeProfile): sanitize.IOptions {
  const tags = SANITIZE_PROFILES[profile];
  const has = (tag: string) => tags.includes(tag);
  return {
    allowedTags: [...tags],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
      iframe: ["src", "width", "height", "title", "allowfullscreen", "frameborder", "loading"],
      span: ["class", "data-equation", "data-size", "style"],
      p: ["style"],
      h1: ["style"],
      h2: ["style"],
      h3: ["style"],
      h4: ["style"],
      h5: ["style"],
      h6: ["style"],
      li: ["value"],
      ol: ["start"],
      td: ["colspan", "rowspan", "style"],
      th: ["colspan", "rowspan", "scope", "style"],
      col: ["span"],
      section: ["title"],
    },
    allowedClasses: { span: has("span") ? ["math-equation"] : [] },
    allowedStyles: { "*": { "text-align": TEXT_ALIGN } },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    // Whatever a dropped frame wrapped (fallback text) goes with it.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "x-unsafe-embed"],
    transformTags: {
      a: (tagName, attribs) => {
        const { target: _target, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: opensInNewTab(attribs.href) ? { ...rest, target: "_blank", rel: "noopener" } : rest };
      },
      iframe: (_tagName, attribs): sanitize.Tag => {
        const src = safeEmbedSrc(attribs.src);
        if (!src) return { tagName: "x-unsafe-embed", attribs: {} };
        return {
          tagName: "iframe",
          attribs: {
            src,
            width: dimension(attribs.width, EMBED_DEFAULT.width),
            height: dimension(attribs.height, EMBED_DEFAULT.height),
            title: attribs.title || "Embedded content",
            allowfullscreen: "",
            frameborder: "0",
            loading: "lazy",
          },
        };
      },
    },
  };
}

const OPTIONS = new Map<SanitizeProfile, sanitize.IOptions>();

/**
 * Sanitizes HTML a user wrote with one of the named profiles. Equations (span.math-equation with
 * data-equation) are kept and rendered again with KaTeX here, so what a browser shows is never the
 * client's own markup for them.
 */
export function sanitizeUserHtml(html: string, profile: SanitizeProfile): string {
  let options = OPTIONS.get(profile);
  if (!options) OPTIONS.set(profile, (options = optionsFor(profile)));
  const clean = sanitize(html, options);
  return SANITIZE_PROFILES[profile].includes("span") ? renderEquations(clean) : clean;
}
