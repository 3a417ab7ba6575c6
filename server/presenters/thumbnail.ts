import { ThumbnailSettings, type ItemThumbnail, type ThumbnailPreset as ThumbnailPresetView } from "../../contract/index.js";
import type { ContentThumbnail, ThumbnailPreset } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { thumbnailPolicy } from "../policies/index.js";

/** Where a designed thumbnail image is served (the key changes with every new image, so it can be cached). */
export const thumbnailImageUrl = (key: string) => `/files/thumbnails/${key}`;

/** Stored settings JSON as the contract's settings; anything unreadable counts as the defaults. */
function readSettings(raw: string): ThumbnailSettings {
  try {
    const parsed = ThumbnailSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * An item's thumbnail for cards and pages: the designed image (or the item's own thumb_url) and the
 * non-default settings (null when none).
 */
export function presentItemThumbnail(thumbnail: Pick<ContentThumbnail, "image_key" | "settings"> | undefined, fallbackThumbUrl: string | null): ItemThumbnail {
  const settings = thumbnail ? readSettings(thumbnail.settings) : {};
  const thumbUrl = thumbnail?.image_key ? thumbnailImageUrl(thumbnail.image_key) : thumbnail ? null : fallbackThumbUrl;
  return { thumbnail_settings: Object.keys(settings).length ? settings : null, bool_thumbnail: thumbUrl !== null, thumb_url: thumbUrl };
}

/** A preset (id, name, settings, is_owner). */
export function presentPreset(preset: ThumbnailPreset, actor: Actor): ThumbnailPresetView {
  return { id: preset.id, name: preset.name, settings: readSettings(preset.settings), is_owner: thumbnailPolicy.isPresetOwner(actor, preset) };
}
