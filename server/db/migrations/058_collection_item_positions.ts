import { sql, type Kysely } from "kysely";

/**
 * A collection's items in an order its editors choose: each row's position (0 first). Rows keep the order they had
 * (when they were added); a row added later goes last, and moving one renumbers its collection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("collection_items").addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update collection_items set position = (
      select count(*) from collection_items earlier
      where earlier.collection_id = collection_items.collection_id
        and (earlier.added_at < collection_items.added_at or (earlier.added_at = collection_items.added_at and earlier.content_id < collection_items.content_id))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("collection_items").dropColumn("position").execute();
}
