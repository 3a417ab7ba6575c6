import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Creating content: the stored file of an uploaded resource, curriculum templates with their
 * sections, and where a started curriculum item came from (template and introduction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (t: ReturnType<Kysely<unknown>["schema"]["createTable"]>) => t.addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  // The storage key is random: the uploaded file's own name is only kept as text for downloads.
  await db.schema
    .createTable("resource_files")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("content.id").onDelete("cascade"))
    .addColumn("storage_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("mime_type", "varchar(128)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("curriculum_templates"))
    .addColumn("uid", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("model_key", "varchar(32)", (c) => c.notNull())
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("owner_id", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("curriculum_templates_type").on("curriculum_templates").columns(["model_key", "sort_order", "id"]).execute();

  await db.schema
    .createTable("curriculum_template_sections")
    .addColumn("template_id", "integer", (c) => c.notNull().references("curriculum_templates.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("curriculum_template_sections_pk", ["template_id", "position"])
    .execute();

  await db.schema
    .createTable("curriculum_items")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("content.id").onDelete("cascade"))
    .addColumn("template_id", "integer", (c) => c.references("curriculum_templates.id").onDelete("set null"))
    .addColumn("introduction", "text", (c) => c.notNull())
    .execute();

  // Sections copied from a template until the editor's body storage takes them over (see applyTemplate).
  await db.schema
    .createTable("curriculum_sections")
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("curriculum_sections_pk", ["content_id", "position"])
    .execute();
}

/** Drops the tables again, dependents first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["curriculum_sections", "curriculum_items", "curriculum_template_sections", "curriculum_templates", "resource_files"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
