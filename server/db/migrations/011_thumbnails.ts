import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** The thumbnail designer: each item's designed thumbnail (image and settings) and the shared presets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // The image lives in the file storage under a random key; only non-default settings are kept (JSON).
  await db.schema
    .createTable("content_thumbnails")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("content.id").onDelete("cascade"))
    .addColumn("image_key", "varchar(64)", (c) => c.unique())
    .addColumn("image_mime", "varchar(64)")
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("designed_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("designed_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("thumbnail_presets")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("owner_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("thumbnail_presets_name").on("thumbnail_presets").columns(["name", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("thumbnail_presets").ifExists().execute();
  await db.schema.dropTable("content_thumbnails").ifExists().execute();
}
