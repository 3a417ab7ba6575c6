import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { escapeHtml } from "../lib/shortCodes.js";
import { collectionItemRows } from "../models/collections.js";
import { findResourceFile } from "../models/resources.js";
import { contentObjectPolicy } from "../policies/index.js";
import { modelTypeInfo } from "../presenters/modelTypes.js";
import type { ExportSection } from "./exportDocument.js";

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/**
 * What an export adds after the item's own sections, so a printed or saved copy still leads to what the item is about:
 * a resource's link or file (a video lesson printed without it gave no way to reach the video), a collection's items
 * that the reader may see, each with its link. Links are absolute, on `origin` for this site's own pages and files.
 */
export async function exportAppendix(db: Db, actor: Actor, item: Content, origin: string): Promise<ExportSection[]> {
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`);
  if (item.model_key === "resource" && item.url) {
    const file = await findResourceFile(db, item.id);
    const url = absolute(item.url);
    return [{ title: "Resource", html: `<p>${file ? `File: ${link(url, file.file_name)}` : `Link: ${link(url, url)}`}</p>` }];
  }
  if (item.model_key === "collection") {
    const rows = await collectionItemRows(db, item.id, contentObjectPolicy.itemScope(actor));
    if (!rows.length) return [];
    const entries = rows.map((row) => {
      const type = modelTypeInfo(row.model_key, row.sub_type);
      return `<li>${link(absolute(`${type.path}/${row.uid}`), row.title)} (${escapeHtml(type.singular)})</li>`;
    });
    return [{ title: "Items", html: `<ul>${entries.join("")}</ul>` }];
  }
  return [];
}
