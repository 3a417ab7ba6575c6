import type { Kysely } from "kysely";

/**
 * Write-in ("Other") values of attribute types: a type may offer a free-text field beside its tree (`show_other`), with
 * the placeholder and the most characters it takes (first document: "show_other"; second: "Write-in fields in
 * attribute selectors take placeholder and maximum length from configuration"). An item keeps at most one write-in per
 * type (the primary key); removing the item or the type removes its write-ins, on both databases by the foreign keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("attribute_types").addColumn("show_other", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("attribute_types").addColumn("other_placeholder", "varchar(255)").execute();
  await db.schema.alterTable("attribute_types").addColumn("other_max_length", "integer").execute();
  await db.schema
    .createTable("content_attribute_others")
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("type_id", "integer", (c) => c.notNull().references("attribute_types.id").onDelete("cascade"))
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_attribute_others_pk", ["content_id", "type_id"])
    .execute();
  // A type's write-ins (the type's removal cascades through it).
  await db.schema.createIndex("content_attribute_others_type").on("content_attribute_others").column("type_id").execute();
}

/** Drops the table and the columns again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_attribute_others").ifExists().execute();
  await db.schema.alterTable("attribute_types").dropColumn("other_max_length").execute();
  await db.schema.alterTable("attribute_types").dropColumn("other_placeholder").execute();
  await db.schema.alterTable("attribute_types").dropColumn("show_other").execute();
}
