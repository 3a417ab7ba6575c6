import type { Db } from "../db/connection.js";
import type { Content, ResourceFile } from "../db/schema.js";
import type { ShareContext } from "../../contract/index.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";
import { insertContent, type Visibility } from "./createContent.js";
import { uploadedFileLink } from "../presenters/resourceView.js";

export interface CreateResourceInput {
  ownerId: number;
  title: string;
  description?: string;
  /** A link resource's address (null for a file resource). */
  url?: string | null;
  /** A file resource's checked bytes, safe name and real content type. */
  file?: { name: string; mimeType: string; data: Buffer } | null;
  /** Where to share: decides visibility and group read grants (already authorized by the caller). */
  shareWith?: ShareContext[];
  /** Resource category, subcategories, pricing and any other attribute items. */
  attributeIds?: number[];
}

/**
 * The visibility a list of sharing contexts gives: everyone wins over signed-in members, which wins over
 * groups only. Nothing chosen means public, as the form's default "Everyone".
 */
export function visibilityOf(shareWith: ShareContext[]): Visibility {
  if (!shareWith.length || shareWith.some((c) => c.kind === "global")) return "public";
  if (shareWith.some((c) => c.kind === "authed")) return "authed";
  return "restricted";
}

/**
 * Creates a resource by link or by file: stores the file under a random key, then writes the content row
 * (searchable at once), its grants and attributes and the file record in one transaction. A failed write
 * removes the stored file again. Used by the add-resource form, desktop drops and the bulk importer.
 */
export async function createResource(db: Db, storage: FileStorage, input: CreateResourceInput): Promise<{ content: Content; file: ResourceFile | null }> {
  const shareWith = input.shareWith ?? [];
  const storageKey = input.file ? newStorageKey() : null;
  if (input.file && storageKey) await storage.put(storageKey, input.file.data);
  try {
    return await db.transaction().execute(async (trx) => {
      const content = await insertContent(trx, {
        modelKey: "resource",
        title: input.title,
        description: input.description ?? "",
        url: storageKey ? uploadedFileLink(storageKey) : (input.url ?? null),
        ownerId: input.ownerId,
        visibility: visibilityOf(shareWith),
        grantGroups: [...new Set(shareWith.flatMap((c) => (c.kind === "group" ? [c.id] : [])))],
        attributeIds: input.attributeIds,
      });
      if (!input.file || !storageKey) return { content, file: null };
      const file = await trx
        .insertInto("resource_files")
        .values({ content_id: content.id, storage_key: storageKey, file_name: input.file.name, mime_type: input.file.mimeType, size: input.file.data.length, created_at: content.created_at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { content, file };
    });
  } catch (error) {
    if (storageKey) await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
