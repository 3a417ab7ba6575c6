import type { ExportOptions } from "../../contract/index.js";
import type { Content, ContentSection } from "../db/schema.js";
import { expandShortCodes } from "../lib/shortCodes.js";
import { modelTypeInfo } from "../presenters/modelTypes.js";

/** What every export format writes: the item's title, type, owner, description and sections (sanitized HTML, short codes expanded as the item's page shows them). */
export interface ExportDocument {
  title: string;
  typeName: string;
  ownerName: string;
  description: string | null;
  sections: { title: string | null; html: string }[];
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

/** Builds the export of an item the reader may view, with the chosen options. */
export function buildExportDocument(item: Content, ownerName: string, sections: ContentSection[], options: ExportOptions): ExportDocument {
  return {
    title: item.title,
    typeName: modelTypeInfo(item.model_key, item.sub_type).singular,
    ownerName,
    description: options.include_description && item.description.trim() ? item.description : null,
    sections: sections.map((s) => ({ title: options.include_section_titles && s.title.trim() ? s.title : null, html: expandShortCodes(s.body_html) })),
    fileBaseName: fileBaseName(item.title),
  };
}
