import { sql, type Kysely } from "kysely";

/**
 * A curriculum item's introduction is stored once: as its description (what its page shows and its edit page edits,
 * labelled Introduction). `curriculum_items.introduction` was a second copy written at creation and never updated,
 * so it drifted; it goes. An item whose description a save had emptied gets its introduction back from it first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update content set description = (select ci.introduction from curriculum_items ci where ci.content_id = content.id)
    where description = '' and id in (select content_id from curriculum_items where introduction <> '')`.execute(db);
  await db.schema.alterTable("curriculum_items").dropColumn("introduction").execute();
}

/** Brings the column back, filled from the descriptions. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("curriculum_items").addColumn("introduction", "text", (c) => c.notNull().defaultTo("")).execute();
  await sql`update curriculum_items set introduction = (select c.description from content c where c.id = curriculum_items.content_id)`.execute(db);
}
