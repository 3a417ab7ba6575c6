import { sql, type Kysely } from "kysely";

/**
 * What a notification is about, by the item's id (`subject_id`; null for a notification about nothing that is
 * content, and for the reports sent before this migration, whose link is the Reports page and names no item). The
 * list reads the item's current title and link through it, and whether the reader may still see it: a renamed item
 * shows its new title, one the reader may no longer open is named by its type only, one removed since is said to be
 * removed. No foreign key: a removed item's id must stay, to tell "removed" from "about nothing".
 * Notifications sent before are matched to their items by the uid at the end of their stored link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("subject_id", "integer").execute();
  const links = await sql<{ subject_link: string }>`select distinct subject_link from notifications where kind <> 'content_reported'`.execute(db);
  const uidOf = (link: string) => link.split("?")[0]!.split("/").pop() ?? "";
  const byUid = new Map<string, string[]>();
  for (const { subject_link } of links.rows) byUid.set(uidOf(subject_link), [...(byUid.get(uidOf(subject_link)) ?? []), subject_link]);
  const uids = [...byUid.keys()].filter(Boolean);
  // In chunks: either database limits the parameters of one statement.
  for (let i = 0; i < uids.length; i += 500) {
    const chunk = uids.slice(i, i + 500);
    const items = await sql<{ id: number; uid: string }>`select id, uid from content where uid in (${sql.join(chunk)})`.execute(db);
    for (const item of items.rows) {
      await sql`update notifications set subject_id = ${item.id} where subject_link in (${sql.join(byUid.get(item.uid)!)}) and kind <> 'content_reported'`.execute(db);
    }
  }
}

/** Drops the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").dropColumn("subject_id").execute();
}
