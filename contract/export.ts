import { z } from "zod";

/** The export dialog's formats (second document: pdf, word, html) and the link segment each one uses. */
export const EXPORT_FORMATS = [
  { format: "pdf", segment: "pdf", label: "PDF", extension: "pdf" },
  { format: "word", segment: "Word2007", label: "Word (.docx)", extension: "docx" },
  { format: "html", segment: "HTML", label: "HTML", extension: "html" },
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number]["format"];
export type ExportSegment = (typeof EXPORT_FORMATS)[number]["segment"];

export const EXPORT_MESSAGES = {
  dialogTitle: "Export",
  unknownFormat: "Unknown export format. Use pdf, Word2007 or HTML.",
  pdfUnavailable: "PDF export is not available: no Chromium browser was found on the server. Ask an administrator to install Chromium or set CHROMIUM_PATH.",
  pdfFailed: "The PDF could not be produced. Please try again.",
  busy: "Too many exports are running. Please try again in a moment.",
} as const;

const Switch = z
  .enum(["0", "1", "true", "false"], "Option switches are 0 or 1.")
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "1" || v === "true"));

/** The export's option switches, as query parameters of {link}/export/{format}. */
export const ExportQuery = z.object({
  include_description: Switch.transform((v) => v ?? true),
  include_section_titles: Switch.transform((v) => v ?? true),
  /** 1: send as an attachment even for HTML (which otherwise opens in the tab). */
  download: Switch.transform((v) => v ?? false),
});
export type ExportOptions = z.output<typeof ExportQuery>;

/** The export link of an item: {link}/export/{segment}?options. */
export function exportHref(link: string, format: ExportFormat, options: { includeDescription: boolean; includeSectionTitles: boolean; download?: boolean }): string {
  const segment = EXPORT_FORMATS.find((f) => f.format === format)!.segment;
  const query = new URLSearchParams({ include_description: options.includeDescription ? "1" : "0", include_section_titles: options.includeSectionTitles ? "1" : "0" });
  if (options.download) query.set("download", "1");
  return `${link}/export/${segment}?${query}`;
}
