import { EDITOR_MESSAGES, linkedItemUid } from "../../contract/index.js";
import { escapeHtml } from "./shortCodes.js";

/** A link of sanitized HTML (attribute values there have '<' and '>' escaped, and links never nest). */
const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a>/gi;
const HREF = /\bhref="([^"]*)"/i;

/** The uids of the items the HTML links to on this site (a section's Add item links, or any the author pasted). */
export function linkedItemUids(html: string): string[] {
  const uids = new Set<string>();
  for (const [, attributes] of html.matchAll(ANCHOR)) {
    const uid = linkedItemUid(HREF.exec(attributes!)?.[1] ?? "");
    if (uid) uids.add(uid);
  }
  return [...uids];
}

/**
 * Links to items removed since they were linked (uids in `removed`) become their text, marked as no longer
 * available, rather than links to a page that is gone.
 */
export function markRemovedItemLinks(html: string, removed: ReadonlySet<string>): string {
  if (!removed.size) return html;
  return html.replace(ANCHOR, (anchor, attributes: string, inner: string) => {
    const uid = linkedItemUid(HREF.exec(attributes)?.[1] ?? "");
    if (!uid || !removed.has(uid)) return anchor;
    return `<span class="removed-link">${inner}</span> <span class="removed-link__note">${escapeHtml(EDITOR_MESSAGES.linkedItemRemoved)}</span>`;
  });
}

/** A paragraph that holds one link and nothing else: what a section's Add item makes (a pathway's step, a project's part). */
const LINK_PARAGRAPH = /(<p\b[^>]*>\s*<a\b([^>]*)>)(?:(<span>)?([^<]*)(<\/span>)?)(<\/a>\s*<\/p>)/gi;

/**
 * A link to an item that stands alone in its paragraph (an Add item link) shows the item's current title (`titles`,
 * by uid: only items the reader may view), so a step follows its item's renaming; links within sentences, with
 * markup of their own, or to items the reader may not view keep the text the author stored.
 */
export function retitleItemLinks(html: string, titles: ReadonlyMap<string, string>): string {
  if (!titles.size) return html;
  return html.replace(LINK_PARAGRAPH, (paragraph, open: string, attributes: string, spanOpen = "", text: string, spanClose = "", close: string) => {
    const title = titles.get(linkedItemUid(HREF.exec(attributes)?.[1] ?? "") ?? "");
    if (title === undefined || Boolean(spanOpen) !== Boolean(spanClose) || !text.trim()) return paragraph;
    return `${open}${spanOpen}${escapeHtml(title)}${spanClose}${close}`;
  });
}

/** The uids of the items that stand alone in a paragraph of the HTML as a link (those `retitleItemLinks` may retitle). */
export function standaloneItemLinkUids(html: string): string[] {
  const uids = new Set<string>();
  for (const match of html.matchAll(LINK_PARAGRAPH)) {
    const uid = linkedItemUid(HREF.exec(match[2]!)?.[1] ?? "");
    if (uid) uids.add(uid);
  }
  return [...uids];
}
