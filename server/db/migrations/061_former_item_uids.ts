import type { Kysely } from "kysely";

/**
 * An item's former uids (its links before New link replaced them): the old address keeps finding the item for whoever
 * may view it another way (owner, grants, staff) and the site's links to it keep resolving, while a link share no longer
 * counts there. Deleting the item deletes them (the foreign key, on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_former_uids")
    .addColumn("uid", "varchar(64)", (c) => c.primaryKey())
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("replaced_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // The item's own former uids (its removal cascades through it).
  await db.schema.createIndex("content_former_uids_content").on("content_former_uids").column("content_id").execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_former_uids").ifExists().execute();
}
