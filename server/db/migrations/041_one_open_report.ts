import { sql, type Kysely } from "kysely";

/** Each table of reports with the column naming what its reports are about. */
const REPORT_TARGETS = [
  { table: "content_flags", target: "content_id" },
  { table: "comment_flags", target: "comment_id" },
  { table: "feed_post_flags", target: "post_id" },
] as const;

/**
 * One open report per reporter and reported thing: a second report while the first is open updates that one
 * instead of queueing again (`<table>_one_open`, a partial unique index). Duplicates stored before it are folded
 * first into the oldest open one (it keeps its place in the queue), or the index could not be built.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, target } of REPORT_TARGETS) {
    await sql`delete from ${sql.table(table)} where status = 'open' and exists (
      select 1 from ${sql.table(table)} as older
      where older.status = 'open' and older.${sql.ref(target)} = ${sql.table(table)}.${sql.ref(target)}
        and older.profile_id = ${sql.table(table)}.profile_id and older.id < ${sql.table(table)}.id)`.execute(db);
    await sql`create unique index ${sql.id(`${table}_one_open`)} on ${sql.table(table)} (${sql.ref(target)}, profile_id) where status = 'open'`.execute(db);
  }
}

/** Drops the indexes (the folded duplicates stay folded). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of REPORT_TARGETS) await db.schema.dropIndex(`${table}_one_open`).ifExists().execute();
}
