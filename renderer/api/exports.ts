import { EXPORT_FORMATS, exportHref, type ExportFormat } from "../../contract/index.js";
import { getBlob } from "./client.js";

/** Fetches an item's export and hands it to the browser as a download named after the item. */
export async function downloadExport(link: string, format: ExportFormat, options: { includeDescription: boolean; includeSectionTitles: boolean }, fileBase: string): Promise<void> {
  const blob = await getBlob(exportHref(link, format, { ...options, download: true }).replace(/^\//, ""));
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = `${fileBase}.${EXPORT_FORMATS.find((f) => f.format === format)!.extension}`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
