import { AttachmentUploadResponse, MESSAGES, StatusMessageResponse, type DiscussionContextName } from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { deleteJson, getBlob, postFormWithProgress } from "./client.js";

/** What an upload is for: a feed post (POST /feeds/attachment) or a comment (POST /comment/attachment). */
export type AttachmentKind = "feed" | "comment";
const UPLOAD_PATHS: Record<AttachmentKind, string> = { feed: "feeds/attachment", comment: "comment/attachment" };

/**
 * Uploads one file to attach to a post or comment, reporting progress (0..1). A comment's upload names its discussion
 * (`context`, as the comment calls do): a group's discussions offer files under their own feature.
 */
export function uploadAttachment(kind: AttachmentKind, file: File, onProgress: (fraction: number) => void, context: DiscussionContextName = null): Promise<AttachmentUploadResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  const path = kind === "comment" && context ? `${UPLOAD_PATHS[kind]}?${new URLSearchParams({ context })}` : UPLOAD_PATHS[kind];
  return postFormWithProgress(path, form, AttachmentUploadResponse, onProgress);
}

/** DELETE .../attachment/{id}: removes an upload that was not posted. */
export function removeAttachment(kind: AttachmentKind, id: number): Promise<StatusMessageResponse> {
  return deleteJson(`${UPLOAD_PATHS[kind]}/${id}`, StatusMessageResponse);
}

/**
 * Downloads an attachment through the API client, so a refusal (a file removed since the page loaded, a session that
 * ended) is said in the page rather than as the browser's error page, and hands it to the browser under its name.
 */
export async function downloadAttachment(link: string, name: string): Promise<void> {
  const blob = await getBlob(link.replace(/^\/+/, ""));
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The text for a failed upload: the server's file error message (a 4xx), or null for the generic message. */
export function uploadFailureText(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.displayMessage !== MESSAGES.unexpected ? error.displayMessage : null;
}
