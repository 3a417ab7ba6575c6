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
