import { AttachmentUploadResponse, MESSAGES, StatusMessageResponse } from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { deleteJson, getBlob, postFormWithProgress } from "./client.js";

/** POST /feeds/attachment: uploads one file to attach to a post, reporting progress (0..1). */
export function uploadFeedAttachment(file: File, onProgress: (fraction: number) => void): Promise<AttachmentUploadResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  return postFormWithProgress("feeds/attachment", form, AttachmentUploadResponse, onProgress);
}

/** DELETE /feeds/attachment/{id}: removes an upload that was not posted. */
export function removeFeedAttachment(id: number): Promise<StatusMessageResponse> {
  return deleteJson(`feeds/attachment/${id}`, StatusMessageResponse);
}

/**
 * Downloads an attachment through the API client (the desktop's bearer token works too, where a plain link would not)
 * and hands it to the browser under its name.
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
