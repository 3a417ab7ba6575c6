import { EDITOR_MESSAGES, isContentTypePath } from "../../contract/index.js";
import { escapeHtml } from "./shortCodes.js";

/** A link of sanitized HTML (attribute values there have '<' and '>' escaped, and links never nest). */
const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a>/gi;
const HREF = /\bhref="([^"]*)"/i;
/** An item's page on this site, as Add item links it: /{typePath}/{uid}, maybe with a query or fragment. */
const ITEM_PATH = /^\/([a-z-]+)\/([\w-]+)\/?(?:[?#].*)?$/;

/** The uid an href names when it is an item's page on this site, or null. */
function itemUidOf(href: string): string | null {
  const match = ITEM_PATH.exec(href.replace(/&amp;/g, "&"));
  return match && isContentTypePath(match[1]!) ? match[2]! : null;
}

/** The uids of the items the HTML links to on this site (a section's Add item links, or any the author pasted). */
export function linkedItemUids(html: string): string[] {
  const uids = new Set<string>();
  for (const [, attributes] of html.matchAll(ANCHOR)) {
    const uid = itemUidOf(HREF.exec(attributes!)?.[1] ?? "");
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
    const uid = itemUidOf(HREF.exec(attributes)?.[1] ?? "");
    if (!uid || !removed.has(uid)) return anchor;
    return `<span class="removed-link">${inner}</span> <span class="removed-link__note">${escapeHtml(EDITOR_MESSAGES.linkedItemRemoved)}</span>`;
  });
}
