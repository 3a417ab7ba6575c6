import type { Kysely } from "kysely";

/**
 * Notifications by whoever caused them and their kind: a request to join that is answered or withdrawn marks read the
 * notifications that told its group's leaders of it (`settleJoinRequestNotices`), found by the asker and the kind
 * rather than by reading every notification. Removing a profile also sets `actor_id` to null through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("notifications_actor").on("notifications").columns(["actor_id", "kind"]).execute();
}

/** Drops the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notifications_actor").ifExists().execute();
}
