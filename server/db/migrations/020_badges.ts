import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Badges (second document: manage badges) and the items awarded them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("badges")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("icon", "varchar(64)", (c) => c.notNull().defaultTo("award"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("content_badges")
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("badge_id", "integer", (c) => c.notNull().references("badges.id").onDelete("cascade"))
    .addColumn("awarded_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_badges_pk", ["content_id", "badge_id"])
    .execute();
}

/** Drops the tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_badges").ifExists().execute();
  await db.schema.dropTable("badges").ifExists().execute();
}
