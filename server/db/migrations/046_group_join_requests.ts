import type { Kysely } from "kysely";

/**
 * Requests to join a group whose join permission is "Request to join" (5): one pending request per person and group
 * (the primary key), until a leader approves it (the person becomes a member and the row goes), declines it, or the
 * person withdraws it. A request is only ever pending, so answered ones leave nothing behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("group_join_requests")
    .addColumn("group_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("group_join_requests_pk", ["group_id", "profile_id"])
    .execute();
  // A person's own requests (their profile's removal cascades through it).
  await db.schema.createIndex("group_join_requests_profile").on("group_join_requests").column("profile_id").execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("group_join_requests").ifExists().execute();
}
