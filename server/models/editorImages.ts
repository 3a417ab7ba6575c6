import type { Db } from "../db/connection.js";
import type { EditorImagesTable } from "../db/schema.js";

/** The editor image stored under a key, if that key is one. */
export function findEditorImage(db: Db, storageKey: string): Promise<EditorImagesTable | undefined> {
  return db.selectFrom("editor_images").selectAll().where("storage_key", "=", storageKey).executeTakeFirst();
}

/** How many images a profile uploaded from the editor since a moment. */
export async function countEditorImagesSince(db: Db, ownerId: number, since: string): Promise<number> {
  const row = await db.selectFrom("editor_images").select((eb) => eb.fn.countAll<number>().as("n")).where("owner_id", "=", ownerId).where("created_at", ">=", since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records an image whose bytes are stored under its key. */
export async function insertEditorImage(db: Db, image: EditorImagesTable): Promise<void> {
  await db.insertInto("editor_images").values(image).execute();
}
