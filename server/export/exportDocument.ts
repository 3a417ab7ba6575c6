import type { ExportOptions } from "../../contract/index.js";
import type { Content, ContentSection } from "../db/schema.js";
import { emptyIfBlank } from "../lib/sanitize.js";
import { escapeHtml, expandShortCodes } from "../lib/shortCodes.js";
import { modelTypeInfo } from "../presenters/modelTypes.js";

/** A titled part of an export: sanitized HTML (an item's section) or HTML the server builds (exportAppendix.ts). */
export interface ExportSection {
  title: string | null;
  html: string;
}

/**
 * What every export format writes: the item's title, type, owner, description and sections (sanitized HTML, short
 * codes expanded as the item's page shows them), then its appendix (a resource's link or file, a collection's items).
 */
export interface ExportDocument {
  title: string;
  typeName: string;
  ownerName: string;
  description: string | null;
  sections: ExportSection[];
  /** A file name without extension, made from the title (letters, digits, dashes). */
  fileBaseName: string;
}

/** Slug of a title for a download name ("Tidal Forces!" -> "Tidal-Forces"). */
export function fileBaseName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "export";
}

/**
 * Makes the links of sanitized HTML that name a page of this site by its path ("/resources/abc", as the editor's
 * Add item writes them) absolute on `origin` (the site's configured address, never the request's Host header, which
 * a client chooses): an export is read away from the site (a saved file, a PDF, a Word document), where a path leads
 * nowhere. The origin is escaped for the attribute; the path already is. Addresses with a scheme, "//host" ones and
 * #anchors stay as they are.
 */
export function absoluteSiteLinks(html: string, origin: string): string {
  const escapedOrigin = escapeHtml(origin);
  return html.replace(/(<a\b[^>]*?\shref=")(\/(?!\/)[^"]*)"/g, (_, start: string, path: string) => `${start}${escapedOrigin}${path}"`);
}

/**
 * Builds the export of an item the reader may view, with the chosen options; the appendix keeps its titles whatever
 * they say. With `origin`, the sections' links to this site's pages are made absolute on it. A section with no text
 * prints its title alone; one with nothing to print (no text, and no title or titles left out) is left out.
 */
export function buildExportDocument(item: Content, ownerName: string, sections: ContentSection[], options: ExportOptions, appendix: ExportSection[] = [], origin?: string): ExportDocument {
  const linked = (html: string) => (origin ? absoluteSiteLinks(html, origin) : html);
  return {
    title: item.title,
    typeName: modelTypeInfo(item.model_key, item.sub_type).singular,
    ownerName,
    description: options.include_description && item.description.trim() ? item.description : null,
    sections: [
      ...sections.map((s) => ({ title: options.include_section_titles && s.title.trim() ? s.title : null, html: emptyIfBlank(s.body_html) && linked(expandShortCodes(s.body_html)) })).filter((s) => s.title || s.html),
      ...appendix,
    ],
    fileBaseName: fileBaseName(item.title),
  };
}
