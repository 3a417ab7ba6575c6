import type { ResourceView } from "../../../contract/index.js";
import { formatFileSize } from "../AddResourceForm.js";

/** Word for a document's kind, from its file type (or its link's extension). */
function documentKind(view: ResourceView): string {
  const name = (view.file_name ?? view.file_url).toLowerCase().split(/[?#]/)[0]!;
  if (view.file_mimetype === "application/pdf" || name.endsWith(".pdf")) return "PDF document";
  if (/\.docx?$/.test(name)) return "Word document";
  if (name.endsWith(".rtf")) return "Rich text document";
  if (view.extra_data.code?.startsWith("https://drive.google.com/")) return "Shared file";
  return "Document";
}

const KIND: Record<ResourceView["type"], string> = { audio: "Audio", video: "Video", image: "Image", document: "Document", other: "Website" };

/** What the resource is, in a word or two: "Video", "PDF document", "Website". */
export function resourceKind(view: ResourceView): string {
  return view.type === "document" ? documentKind(view) : KIND[view.type];
}

/** Where a link leads (its host, without www.), or null for a file or a link that does not parse. */
export function linkHost(view: ResourceView): string | null {
  if (view.resource_type !== "url") return null;
  try {
    return new URL(view.file_url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The line under the resource's name: its kind, then its file name and size or its link's host. */
export function resourceSummary(view: ResourceView): string {
  const parts = [resourceKind(view)];
  if (view.file_name) parts.push(view.file_name);
  if (view.file_size !== null) parts.push(formatFileSize(view.file_size));
  const host = linkHost(view);
  if (host) parts.push(host);
  return parts.join(" · ");
}
