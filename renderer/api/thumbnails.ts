import { useQuery } from "@tanstack/react-query";
import {
  MESSAGES,
  ThumbnailPresetDeleteResponse,
  ThumbnailPresetList,
  ThumbnailPresetResponse,
  ThumbnailSaveResponse,
  ThumbnailSettingDefinitions,
  type ThumbnailPresetRequest,
  type ThumbnailSettings,
} from "../../contract/index.js";
import { deleteJson, getJson, postForm, postJson, putJson } from "./client.js";

const PRESETS = "system/thumbnail-designer-presets";

/** Query key of the preset list. */
export const presetsQueryKey = ["thumbnail-presets"] as const;

/** GET /system/thumbnail-designer/settings: the designer's typed fields. */
export function useThumbnailSettingDefinitions() {
  return useQuery({ queryKey: ["thumbnail-settings"], queryFn: () => getJson("system/thumbnail-designer/settings", ThumbnailSettingDefinitions), staleTime: Infinity, meta: { errorMessage: MESSAGES.genericLoad } });
}

/** GET /system/thumbnail-designer-presets. */
export function usePresets(enabled: boolean) {
  return useQuery({ queryKey: presetsQueryKey, queryFn: () => getJson(PRESETS, ThumbnailPresetList), enabled, meta: { errorMessage: MESSAGES.genericLoad } });
}

/** POST /system/thumbnail-designer-presets. */
export const createPreset = (body: ThumbnailPresetRequest) => postJson(PRESETS, body, ThumbnailPresetResponse);

/** PUT /system/thumbnail-designer-presets/{id}. */
export const updatePreset = (id: number, body: ThumbnailPresetRequest) => putJson(`${PRESETS}/${id}`, body, ThumbnailPresetResponse);

/** DELETE /system/thumbnail-designer-presets/{id}. */
export const deletePreset = (id: number) => deleteJson(`${PRESETS}/${id}`, ThumbnailPresetDeleteResponse);

/** What Save emits: the image change (a new cropped image, clearing, or none) and the non-default settings. */
export interface ThumbnailChange {
  image: Blob | null;
  clearImage: boolean;
  settings: ThumbnailSettings;
}

/** POST {link}/thumbnail (multipart): the cropped JPEG, clear_image and the settings. */
export function saveThumbnail(link: string, change: ThumbnailChange) {
  const form = new FormData();
  form.append("settings", JSON.stringify(change.settings));
  if (change.clearImage) form.append("clear_image", "1");
  if (change.image) form.append("image", change.image, "thumbnail.jpg");
  return postForm(`${link.replace(/^\//, "")}/thumbnail`, form, ThumbnailSaveResponse);
}
