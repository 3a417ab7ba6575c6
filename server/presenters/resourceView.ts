import { showFile, showLink, type ResourceView } from "../../contract/index.js";
import type { Content, ResourceFile } from "../db/schema.js";

/** Where an uploaded resource file is served (GET /files/uploaded/{key}; shown inline when the browser can show it). */
export const uploadedFileLink = (storageKey: string): string => `/files/uploaded/${storageKey}`;

/** The same file as a download (Content-Disposition: attachment). */
export const uploadedFileDownloadLink = (storageKey: string): string => `${uploadedFileLink(storageKey)}?download=1`;

/**
 * The resource view of a resource (its uploaded file or its link), for the resource view dialog; null for any other
 * kind of item and for a resource with neither.
 */
export function presentResourceView(item: Pick<Content, "model_key" | "url" | "thumb_url">, file: ResourceFile | undefined, typeNameSingular: string): ResourceView | null {
  if (item.model_key !== "resource") return null;
  const common = { type_name_singular: typeNameSingular };
  const thumbnail = { bool_thumbnail: item.thumb_url !== null, thumb_original_url: item.thumb_url };
  if (file) {
    const fileUrl = uploadedFileLink(file.storage_key);
    return {
      ...showFile(file.mime_type, fileUrl),
      resource_type: "file",
      file_url: fileUrl,
      download_url: uploadedFileDownloadLink(file.storage_key),
      file_name: file.file_name,
      file_mimetype: file.mime_type,
      file_size: file.size,
      ...thumbnail,
      common,
    };
  }
  if (!item.url) return null;
  return { ...showLink(item.url), resource_type: "url", file_url: item.url, download_url: null, file_name: null, file_mimetype: null, file_size: null, ...thumbnail, common };
}
