import sanitize from "sanitize-html";
import { EMBED_DEFAULT, EMBED_HOSTS, SANITIZE_PROFILES, SHORT_CODE_CLASSES, safeEmbedSrc, type SanitizeProfile } from "../../contract/index.js";
import { renderEquations } from "./equations.js";

/** The frame hosts the Content-Security-Policy must allow for the safe embeds. */
export const EMBED_FRAME_SOURCES = EMBED_HOSTS.map((h) => `https://${h}`);

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

/** sanitize-html options of one profile (tag lists in contract/editor.ts, written down in docs/design.md). */
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
    // Item bodies (course-designer) also keep the classes of expanded short codes (server/lib/shortCodes.ts).
    allowedClasses: has("iframe") ? { span: ["math-equation", ...SHORT_CODE_CLASSES.span], a: [...SHORT_CODE_CLASSES.a] } : { span: has("span") ? ["math-equation"] : [] },
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

/**
 * Elements that show something without any text of their own: an image, a frame, a rule, a table, a list (its bullets
 * or numbers, such as blank numbered lines for learners to fill in), a details element (its "Details" marker).
 */
const SHOWN_WITHOUT_TEXT = /<(img|iframe|hr|table|ol|ul|details)\b/i;

/**
 * Section HTML that shows nothing (the editor's empty state `<p><br /></p>`, empty paragraphs, spaces) as "", any
 * other as it is: so an empty section is stored, presented and exported as empty, not as a blank paragraph.
 */
export function emptyIfBlank(html: string): string {
  if (SHOWN_WITHOUT_TEXT.test(html)) return html;
  const text = html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|&#xa0;/gi, " ");
  return text.trim() ? html : "";
}
