import type { ThumbnailSettings } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { ContentThumbnail } from "../db/schema.js";
import type { CheckedImage } from "../lib/thumbnailImage.js";
import { findThumbnail, upsertThumbnail } from "../models/thumbnails.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";

/** A thumbnail design to save for one item (already authorized, its image already checked). */
export interface SaveThumbnailDesignInput {
  contentId: number;
  designedBy: number;
  /** A new image, or null to keep the current one (unless `clearImage`). */
  image: CheckedImage | null;
  clearImage: boolean;
  /** Only the settings that differ from the defaults. */
  settings: ThumbnailSettings;
}

/**
 * Saves an item's thumbnail design: stores a new image under a fresh key, writes the row (searchable at once), and
 * only then removes the image it replaced, so the row never points at a missing file.
 */
export async function saveThumbnailDesign(db: Db, storage: FileStorage, input: SaveThumbnailDesignInput): Promise<ContentThumbnail> {
  const previous = await findThumbnail(db, input.contentId);
  let imageKey = input.clearImage ? null : (previous?.image_key ?? null);
  let imageMime = input.clearImage ? null : (previous?.image_mime ?? null);
  if (input.image) {
    imageKey = newStorageKey();
    imageMime = input.image.mimeType;
    await storage.put(imageKey, input.image.data);
  }
  const saved = await upsertThumbnail(db, {
    content_id: input.contentId,
    image_key: imageKey,
    image_mime: imageMime,
    settings: JSON.stringify(input.settings),
    designed_by: input.designedBy,
    designed_at: new Date().toISOString(),
  });
  if (previous?.image_key && previous.image_key !== imageKey) await storage.delete(previous.image_key);
  return saved;
}
