import type { Db } from "../db/connection.js";
import type { Content, ResourceFile } from "../db/schema.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";
import { uploadedFileLink } from "../presenters/resourceView.js";
import { recordContentChange } from "./createContent.js";

export interface ReplaceResourceSourceInput {
  /** The new link (null when a file is given). */
  url: string | null;
  /** The new file's checked bytes, safe name and real content type (null for a link). */
  file: { name: string; mimeType: string; data: Buffer } | null;
}

/**
 * Gives a resource a new link or a new file (either way round): stores the new file first, then rewrites the
 * content row and its file record in one transaction and tells search it changed. The old file's bytes are
 * deleted only after the new state is committed, and only when no row still points at them; a failed write
 * removes the new bytes instead.
 */
export async function replaceResourceSource(db: Db, storage: FileStorage, item: Content, input: ReplaceResourceSourceInput): Promise<{ content: Content; file: ResourceFile | undefined }> {
  const newKey = input.file ? newStorageKey() : null;
  if (input.file && newKey) await storage.put(newKey, input.file.data);
  let oldKey: string | null = null;
  let result: { content: Content; file: ResourceFile | undefined };
  try {
    result = await db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("resource_files").select("storage_key").where("content_id", "=", item.id).executeTakeFirst();
      oldKey = old?.storage_key ?? null;
      const now = new Date().toISOString();
      const content = await trx
        .updateTable("content")
        .set({ url: newKey ? uploadedFileLink(newKey) : input.url, updated_at: now })
        .where("id", "=", item.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.deleteFrom("resource_files").where("content_id", "=", item.id).execute();
      const file =
        input.file && newKey
          ? await trx.insertInto("resource_files").values({ content_id: item.id, storage_key: newKey, file_name: input.file.name, mime_type: input.file.mimeType, size: input.file.data.length, created_at: now }).returningAll().executeTakeFirstOrThrow()
          : undefined;
      await recordContentChange(trx, item.id);
      return { content, file };
    });
  } catch (error) {
    if (newKey) await storage.delete(newKey).catch(() => undefined);
    throw error;
  }
  if (oldKey) await deleteUnreferenced(db, storage, oldKey);
  return result;
}

/** Deletes a stored file's bytes unless a resource file row or an item's link still refers to them. */
async function deleteUnreferenced(db: Db, storage: FileStorage, key: string): Promise<void> {
  const [file, linked] = await Promise.all([
    db.selectFrom("resource_files").select("content_id").where("storage_key", "=", key).executeTakeFirst(),
    db.selectFrom("content").select("id").where("url", "=", uploadedFileLink(key)).executeTakeFirst(),
  ]);
  if (file || linked) return;
  // The new state is committed: a failed delete leaves an orphan, never a broken item.
  await storage.delete(key).catch(() => undefined);
}
