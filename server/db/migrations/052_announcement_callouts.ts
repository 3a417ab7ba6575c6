import type { Kysely } from "kysely";

/**
 * An announcement's thumbnail and community callout settings (first document, section 3: the Announcement's
 * "thumbnail urls" and "community_callout_settings", the same settings as a news carousel item's): the image's address
 * (http(s) or a path on this site; null: none) and the callout's look as JSON text (contract/carousels.ts), which
 * the Read More modal shows over the image, with the image's alternative text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("announcements").addColumn("thumbnail_url", "varchar(2000)").execute();
  await db.schema
    .alterTable("announcements")
    .addColumn("community_callout_settings", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
}

/** Drops the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("announcements").dropColumn("community_callout_settings").execute();
  await db.schema.alterTable("announcements").dropColumn("thumbnail_url").execute();
}
