import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";
import { insertContent } from "./createContent.js";
import { uploadedFileLink } from "../presenters/resourceView.js";

/**
 * Copies an item for `ownerId` under a new title: its body (sections), attributes (and write-in values), keywords, extra data, the
 * description (a curriculum item's introduction), the record of its template and an uploaded file, and records what it was copied from. A restricted original's
 * grants are not copied: the copy of a restricted item is the copier's alone until they share it.
 */
export async function copyContent(db: Db, storage: FileStorage, source: Content, input: { ownerId: number; title: string }): Promise<Content> {
  const file = await db.selectFrom("resource_files").selectAll().where("content_id", "=", source.id).executeTakeFirst();
  const bytes = file ? await storage.get(file.storage_key) : null;
  const fileKey = bytes ? newStorageKey() : null;
  if (bytes && fileKey) await storage.put(fileKey, bytes);
  try {
    return await db.transaction().execute(async (trx) => {
      const attributes = await trx.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", source.id).execute();
      const copy = await insertContent(trx, {
        modelKey: source.model_key,
        subType: source.sub_type,
        title: input.title,
        description: source.description,
        tags: source.tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
        // A copied file is stored again under its own key, so the copy links to its own file (not the original's).
        url: fileKey ? uploadedFileLink(fileKey) : source.url,
        thumbUrl: source.thumb_url,
        ownerId: input.ownerId,
        visibility: source.visibility,
        isFeeBased: source.is_fee_based === 1,
        attributeIds: attributes.map((a) => a.attr_item_id),
      });
      const otherValues = await trx.selectFrom("content_attribute_others").select(["type_id", "value"]).where("content_id", "=", source.id).execute();
      if (otherValues.length) await trx.insertInto("content_attribute_others").values(otherValues.map((o) => ({ content_id: copy.id, type_id: o.type_id, value: o.value }))).execute();
      if (source.extra_data !== null) await trx.updateTable("content").set({ extra_data: source.extra_data }).where("id", "=", copy.id).execute();
      const sections = await trx.selectFrom("content_sections").selectAll().where("content_id", "=", source.id).orderBy("position").execute();
      if (sections.length) {
        await trx
          .insertInto("content_sections")
          .values(sections.map((s) => ({ content_id: copy.id, position: s.position, title: s.title, body_json: s.body_json, body_html: s.body_html, updated_at: copy.created_at, uid: crypto.randomUUID() })))
          .execute();
      }
      const curriculum = await trx.selectFrom("curriculum_items").selectAll().where("content_id", "=", source.id).executeTakeFirst();
      if (curriculum) await trx.insertInto("curriculum_items").values({ ...curriculum, content_id: copy.id }).execute();
      if (file && fileKey) await trx.insertInto("resource_files").values({ ...file, content_id: copy.id, storage_key: fileKey, created_at: copy.created_at }).execute();
      await trx.insertInto("content_copies").values({ content_id: copy.id, source_id: source.id, copied_by: input.ownerId, created_at: copy.created_at }).execute();
      return copy;
    });
  } catch (error) {
    if (fileKey) await storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
}
