import { useQuery } from "@tanstack/react-query";
import { ContentUpdateResponse, EDITOR_IMAGE_PART, EditableItem, EditorImageResponse, LockResponse, MESSAGES, type ContentUpdateRequest } from "../../contract/index.js";
import { getJson, postFormWithProgress, postJson } from "./client.js";

/** GET /api/content/{typePath}/{uid}: an item with its body, for its view and edit pages. */
export function fetchItem(typePath: string, uid: string): Promise<EditableItem> {
  return getJson(`api/content/${encodeURIComponent(typePath)}/${encodeURIComponent(uid)}`, EditableItem);
}

/** POST {link}/update: saves title, description and the sections in order; answers the stored item. */
export function saveItem(link: string, body: ContentUpdateRequest): Promise<ContentUpdateResponse> {
  return postJson(`${link.replace(/^\//, "")}/update`, body, ContentUpdateResponse);
}

/** POST /update-lock: takes or renews the edit lock (or learns who holds it). */
export function updateLock(item: Pick<EditableItem, "model_key" | "id" | "updated_at">): Promise<LockResponse> {
  return postJson("update-lock", { type: item.model_key, type_id: item.id, cache_date: item.updated_at }, LockResponse);
}

/** POST /system/locks/unlock; keepalive so it still goes out while the page is unloading. */
export function releaseLock(item: Pick<EditableItem, "model_key" | "id">): Promise<LockResponse> {
  return postJson("system/locks/unlock", { type: item.model_key, type_id: item.id }, LockResponse, { keepalive: true });
}

/** The prefix of every item's query key (for updates that touch whichever items are cached). */
export const itemQueryKeyAll = ["item"] as const;

/** Query key of one item. */
export const itemQueryKey = (typePath: string, uid: string) => [...itemQueryKeyAll, typePath, uid] as const;

/** One item (view and edit pages); not refetched on focus, so an open editor is never reset under the author. */
export function useItem(typePath: string, uid: string) {
  return useQuery({
    queryKey: itemQueryKey(typePath, uid),
    queryFn: () => fetchItem(typePath, uid),
    refetchOnWindowFocus: false,
    // A refusal (401, 403, 404) is an expected answer, told by the page itself (ItemLoadProblem); other failures toast.
    meta: { errorMessage: MESSAGES.genericLoad, refusalsShownByScreen: true },
  });
}

/** POST /corefiles/image: uploads an image for an item's body (reporting progress, 0..1); answers where it is served. */
export function uploadEditorImage(file: File, onProgress: (fraction: number) => void): Promise<EditorImageResponse> {
  const form = new FormData();
  form.append(EDITOR_IMAGE_PART, file, file.name);
  return postFormWithProgress("corefiles/image", form, EditorImageResponse, onProgress);
}
