import { recordContentChange } from "../commands/createContent.js";
import type { Db } from "../db/connection.js";
import type { ContentThumbnail, ThumbnailPreset } from "../db/schema.js";

/** The designed thumbnail of one item, if any. */
export function findThumbnail(db: Db, contentId: number): Promise<ContentThumbnail | undefined> {
  return db.selectFrom("content_thumbnails").selectAll().where("content_id", "=", contentId).executeTakeFirst();
}

/** The thumbnail whose image is stored under this key, with the item it belongs to. */
export function findThumbnailByImageKey(db: Db, key: string) {
  return db
    .selectFrom("content_thumbnails")
    .innerJoin("content", "content.id", "content_thumbnails.content_id")
    .select(["content_thumbnails.image_mime", "content.id", "content.owner_id", "content.visibility", "content.model_key"])
    .where("content_thumbnails.image_key", "=", key)
    .executeTakeFirst();
}

/** Writes an item's thumbnail (insert or replace); answers the stored row. Logged as a content change: search caches its cards per catalogue version. */
export async function upsertThumbnail(db: Db, row: ContentThumbnail): Promise<ContentThumbnail> {
  const { content_id, ...rest } = row;
  const updated = await db.updateTable("content_thumbnails").set(rest).where("content_id", "=", content_id).returningAll().executeTakeFirst();
  const saved = updated ?? (await db.insertInto("content_thumbnails").values(row).returningAll().executeTakeFirstOrThrow());
  await recordContentChange(db, content_id);
  return saved;
}

/** Every preset, by name, with its owner id (presets are shared by everyone who designs thumbnails). */
export function listPresets(db: Db): Promise<ThumbnailPreset[]> {
  return db.selectFrom("thumbnail_presets").selectAll().orderBy("name").orderBy("id").execute();
}

/** One preset, or undefined. */
export function findPreset(db: Db, id: number): Promise<ThumbnailPreset | undefined> {
  return db.selectFrom("thumbnail_presets").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Stores a new preset. */
export function insertPreset(db: Db, ownerId: number, name: string, settings: object): Promise<ThumbnailPreset> {
  const now = new Date().toISOString();
  return db.insertInto("thumbnail_presets").values({ owner_id: ownerId, name, settings: JSON.stringify(settings), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
}

/** Renames a preset and replaces its settings. */
export function updatePreset(db: Db, id: number, name: string, settings: object): Promise<ThumbnailPreset> {
  return db.updateTable("thumbnail_presets").set({ name, settings: JSON.stringify(settings), updated_at: new Date().toISOString() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** Removes a preset. */
export async function deletePreset(db: Db, id: number): Promise<void> {
  await db.deleteFrom("thumbnail_presets").where("id", "=", id).execute();
}
