import { z } from "zod";
import { EMBED_DEFAULT, safeEmbedSrc } from "./embeds.js";

/**
 * How a resource's page shows what the resource is: its link or its uploaded file, in the resource view dialog
 * (second document: "Resource view dialog (id resource-view-modal): audio, video, PDF, document, image or website
 * link"; entity "Resource view"). It comes with the item (EditableItem.resource_view), so the page knows at once
 * whether there is anything to view.
 *
 * extra_data.embed_type says how the dialog shows it:
 * - "frame": a player page in a frame (code is its address, one of the safe-embed hosts, or our own PDF file);
 * - "media": the browser's own <img>, <audio> or <video> of file_url;
 * - null: nothing to show inside the page (a website, a Word document): a link to open or download it.
 */
export const RESOURCE_VIEW_TYPES = ["audio", "video", "document", "image", "other"] as const;
export type ResourceViewType = (typeof RESOURCE_VIEW_TYPES)[number];

export const ResourceView = z.object({
  type: z.enum(RESOURCE_VIEW_TYPES),
  /** An uploaded file or a link to somewhere else. */
  resource_type: z.enum(["file", "url"]),
  /** Where it is viewed: the file shown inline, or the link itself. */
  file_url: z.string(),
  /** The file as a download (attachment); null for a link. */
  download_url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_mimetype: z.string().nullable(),
  /** Bytes; null for a link. */
  file_size: z.number().nullable(),
  extra_data: z.object({
    code: z.string().nullable(),
    embed_type: z.enum(["frame", "media"]).nullable(),
    embed_attributes: z.object({ width: z.number(), height: z.number() }).nullable(),
  }),
  bool_thumbnail: z.boolean(),
  thumb_original_url: z.string().nullable(),
  common: z.object({ type_name_singular: z.string() }),
});
export type ResourceView = z.infer<typeof ResourceView>;

type Shown = Pick<ResourceView, "type" | "extra_data">;

const frame = (type: ResourceViewType, src: string | null): Shown | null =>
  src ? { type, extra_data: { code: src, embed_type: "frame", embed_attributes: { ...EMBED_DEFAULT } } } : null;
const media = (type: ResourceViewType): Shown => ({ type, extra_data: { code: null, embed_type: "media", embed_attributes: null } });
const linkOnly = (type: ResourceViewType): Shown => ({ type, extra_data: { code: null, embed_type: null, embed_attributes: null } });

const AUDIO_EXTENSIONS = new Set(["mp3", "wav", "ogg", "oga", "m4a", "aac", "flac", "opus"]);
const VIDEO_EXTENSIONS = new Set(["mp4", "webm", "ogv", "m4v", "mov"]);
const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp", "avif", "svg"]);
const DOCUMENT_EXTENSIONS = new Set(["pdf", "doc", "docx", "rtf", "odt", "ppt", "pptx", "xls", "xlsx", "txt"]);

/** The player address of a link to a page of one of the safe-embed services (a YouTube watch page and the like). */
function playerOf(url: URL): { type: ResourceViewType; src: string } | null {
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id = parts[0] === "watch" ? url.searchParams.get("v") : ["embed", "shorts", "live"].includes(parts[0] ?? "") ? parts[1] : null;
    return id ? { type: "video", src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === "youtu.be" && parts[0]) return { type: "video", src: `https://www.youtube-nocookie.com/embed/${parts[0]}` };
  if (host === "vimeo.com" && /^\d+$/.test(parts[0] ?? "")) return { type: "video", src: `https://player.vimeo.com/video/${parts[0]}` };
  if (host === "player.vimeo.com") return { type: "video", src: url.toString() };
  if (host === "drive.google.com" && parts[0] === "file" && parts[1] === "d" && parts[2]) return { type: "document", src: `https://drive.google.com/file/d/${parts[2]}/preview` };
  if (host === "open.spotify.com" && parts.length >= 2) {
    const [kind, id] = parts[0] === "embed" ? [parts[1], parts[2]] : [parts[0], parts[1]];
    return kind && id ? { type: "audio", src: `https://open.spotify.com/embed/${kind}/${id}` } : null;
  }
  if (host === "soundcloud.com" && parts.length >= 2) return { type: "audio", src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://soundcloud.com/${parts.join("/")}`)}` };
  return null;
}

/**
 * How a link is shown: a known service's page in its player (only through the safe-embed rules), a media or image file
 * in the browser's own player, anything else as a link to open (a document elsewhere cannot be framed here).
 */
export function showLink(link: string): Shown {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return linkOnly("other");
  }
  const player = playerOf(url);
  if (player) return frame(player.type, safeEmbedSrc(player.src)) ?? linkOnly(player.type);
  const extension = url.pathname.split(".").pop()?.toLowerCase() ?? "";
  if (AUDIO_EXTENSIONS.has(extension)) return media("audio");
  if (VIDEO_EXTENSIONS.has(extension)) return media("video");
  if (IMAGE_EXTENSIONS.has(extension)) return media("image");
  if (DOCUMENT_EXTENSIONS.has(extension)) return linkOnly("document");
  return linkOnly("other");
}

/** How an uploaded file is shown: images inline, a PDF in the browser's viewer (framed from our own address), other documents as a download. */
export function showFile(mimeType: string, fileUrl: string): Shown {
  if (mimeType.startsWith("image/")) return media("image");
  if (mimeType === "application/pdf") return { type: "document", extra_data: { code: fileUrl, embed_type: "frame", embed_attributes: null } };
  if (mimeType.startsWith("audio/")) return media("audio");
  if (mimeType.startsWith("video/")) return media("video");
  return linkOnly("document");
}
