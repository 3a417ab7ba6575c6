import type { Kysely } from "kysely";

/** What each collection holds: an item at most once, in the order it was added. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("collection_items")
    .addColumn("collection_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("added_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("added_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_items_pk", ["collection_id", "content_id"])
    .execute();
  // "Which of my collections hold this item" (the add-to-collection dialog).
  await db.schema.createIndex("collection_items_content").on("collection_items").column("content_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("collection_items").ifExists().execute();
}
