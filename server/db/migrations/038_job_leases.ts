import type { Kysely } from "kysely";

/**
 * Turns of periodic jobs (the sweep of unused editor images): one row per job, naming the instance that holds the
 * current turn and until when (epoch ms). An instance takes a turn with a conditional update that exactly one
 * claimant wins, so a job runs once per period however many instances share the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "varchar(64)", (c) => c.primaryKey())
    .addColumn("lease_owner", "varchar(64)")
    .addColumn("lease_until", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_leases").ifExists().execute();
}
