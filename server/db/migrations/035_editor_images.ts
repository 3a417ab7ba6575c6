import type { Kysely } from "kysely";

/**
 * Images authors upload into an item's body from the editor (POST /corefiles/image). The bytes are in the file
 * storage under `storage_key`; this row is what makes the key servable at /files/images/{key}.{ext} (a key of
 * another kind of file, such as a restricted resource's, is never served there) and says who uploaded it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("editor_images")
    .addColumn("storage_key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("owner_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("mime_type", "varchar(32)", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("editor_images_owner").on("editor_images").column("owner_id").execute();
}

/** Drops the table (the stored bytes stay in the file storage). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("editor_images").ifExists().execute();
}
