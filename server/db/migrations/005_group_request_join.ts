import type { Kysely } from "kysely";

/** Groups can let people ask to join (the group form's can_request_join). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").addColumn("can_request_join", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

/** Drops the column again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("can_request_join").execute();
}
