import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** The first schema: profiles, content with its grants and attributes, favorites, sessions, configuration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("profiles")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("uid", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("short_name", "varchar(64)")
    .addColumn("username", "varchar(255)", (c) => c.unique())
    .addColumn("email", "varchar(255)")
    .addColumn("password_hash", "varchar(512)")
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_moderator", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_publisher", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("permissions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("location", "varchar(255)")
    .addColumn("thumb_url", "varchar(1024)")
    .addColumn("description", "text")
    .addColumn("group_type_id", "integer")
    .addColumn("view_permission", "integer")
    .addColumn("join_permission", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("group_members")
    .addColumn("group_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    .addPrimaryKeyConstraint("group_members_pk", ["group_id", "profile_id"])
    .execute();
  await db.schema.createIndex("group_members_profile").on("group_members").columns(["profile_id", "group_id"]).execute();

  await db.schema
    .createTable("attribute_types")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("leaf_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("single", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("attribute_items")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("type_id", "integer", (c) => c.notNull().references("attribute_types.id").onDelete("cascade"))
    .addColumn("parent_id", "integer", (c) => c.references("attribute_items.id").onDelete("cascade"))
    .addColumn("name", "varchar(1024)", (c) => c.notNull())
    .addColumn("short_name", "varchar(255)")
    .addColumn("slug", "varchar(255)", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("depth", "integer", (c) => c.notNull())
    .addColumn("is_leaf", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("attribute_items_tree").on("attribute_items").columns(["type_id", "parent_id", "sort_order"]).execute();
  await db.schema.createIndex("attribute_items_parent").on("attribute_items").column("parent_id").execute();

  await db.schema
    .createTable("content")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("uid", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("opaque_id", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("model_key", "varchar(32)", (c) => c.notNull())
    .addColumn("sub_type", "varchar(64)")
    .addColumn("title", "varchar(1024)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("url", "varchar(2048)")
    .addColumn("thumb_url", "varchar(1024)")
    .addColumn("owner_id", "integer", (c) => c.notNull().references("profiles.id"))
    .addColumn("publisher_id", "integer", (c) => c.references("profiles.id"))
    .addColumn("profile_id", "integer", (c) => c.references("profiles.id").onDelete("cascade"))
    .addColumn("visibility", "varchar(16)", (c) => c.notNull())
    .addColumn("is_fee_based", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title_sort", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  for (const [name, cols] of [
    ["content_type_updated", ["model_key", "updated_at"]],
    ["content_type_title", ["model_key", "title_sort"]],
    ["content_updated", ["updated_at"]],
    ["content_created", ["created_at"]],
    ["content_title", ["title_sort"]],
    ["content_owner", ["owner_id"]],
    ["content_publisher", ["publisher_id"]],
    ["content_visibility", ["visibility", "model_key"]],
  ] as const) {
    await db.schema.createIndex(name).on("content").columns([...cols]).execute();
  }

  await db.schema
    .createTable("content_grants")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("scope", "varchar(16)", (c) => c.notNull())
    .addColumn("profile_id", "integer", (c) => c.references("profiles.id").onDelete("cascade"))
    .addColumn("permission", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_grants_content").on("content_grants").columns(["content_id", "scope"]).execute();
  await db.schema.createIndex("content_grants_profile").on("content_grants").columns(["profile_id", "permission", "content_id"]).execute();

  await db.schema
    .createTable("content_attributes")
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("attr_item_id", "integer", (c) => c.notNull().references("attribute_items.id").onDelete("cascade"))
    .addColumn("type_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_attributes_pk", ["content_id", "attr_item_id"])
    .execute();
  await db.schema.createIndex("content_attributes_item").on("content_attributes").columns(["attr_item_id", "content_id"]).execute();

  await db.schema
    .createTable("favorites")
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("favorites_pk", ["profile_id", "content_id"])
    .execute();
  await db.schema.createIndex("favorites_content").on("favorites").column("content_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("sid", "varchar(128)", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("app_config")
    .addColumn("key", "varchar(128)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("search_types")
    .addColumn("type", "varchar(64)", (c) => c.primaryKey())
    .addColumn("label", "varchar(255)", (c) => c.notNull())
    .addColumn("icon", "varchar(64)", (c) => c.notNull())
    .addColumn("model_types", "text", (c) => c.notNull())
    .addColumn("sub_types", "text", (c) => c.notNull())
    .addColumn("model_sub_types", "text", (c) => c.notNull())
    .addColumn("attributes", "text", (c) => c.notNull())
    .addColumn("filters", "text", (c) => c.notNull())
    .addColumn("group_type_ids", "text", (c) => c.notNull())
    .addColumn("admin_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("search_terms")
    .addColumn("term", "varchar(128)", (c) => c.primaryKey())
    .addColumn("first_letter", "varchar(8)", (c) => c.notNull())
    .addColumn("length", "integer", (c) => c.notNull())
    .addColumn("doc_count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_terms_shape").on("search_terms").columns(["first_letter", "length"]).execute();

  // Full-text search: FTS5 on SQLite, a weighted tsvector with a GIN index on PostgreSQL.
  if (pg) {
    await sql`alter table content add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(tags, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'C')) stored`.execute(db);
    await sql`create index content_search on content using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table content_fts using fts5(title, description, tags,
      content='content', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger content_fts_insert after insert on content begin
      insert into content_fts(rowid, title, description, tags) values (new.id, new.title, new.description, new.tags); end`.execute(db);
    await sql`create trigger content_fts_delete after delete on content begin
      insert into content_fts(content_fts, rowid, title, description, tags) values ('delete', old.id, old.title, old.description, old.tags); end`.execute(db);
    await sql`create trigger content_fts_update after update of title, description, tags on content begin
      insert into content_fts(content_fts, rowid, title, description, tags) values ('delete', old.id, old.title, old.description, old.tags);
      insert into content_fts(rowid, title, description, tags) values (new.id, new.title, new.description, new.tags); end`.execute(db);
  }
}

/** Drops everything up() created, in reverse order. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ["content_fts_insert", "content_fts_delete", "content_fts_update"]) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists content_fts`.execute(db);
  }
  for (const t of [
    "search_terms",
    "search_types",
    "app_config",
    "sessions",
    "favorites",
    "content_attributes",
    "content_grants",
    "content",
    "attribute_items",
    "attribute_types",
    "group_members",
    "profiles",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
