import { sql, type Kysely } from "kysely";

/** Group pages made with a view permission they never got: 1 "Only members", 2 "Signed-in users" (still public). */
const pagesOf = (viewPermission: number) =>
  sql`select c.id from content c join profiles p on p.id = c.profile_id
    where c.model_key = 'profile' and c.sub_type = 'group' and c.visibility = 'public' and p.kind = 'group' and p.view_permission = ${viewPermission}`;

/**
 * Shows each group's page as its view permission says, as creating a group now does (groupPolicy.pageVisibility):
 * pages made before were public whatever the choice, with their feeds and discussions. "Only members" pages become
 * restricted with a read grant to the group (its leaders and members), "Signed-in users" pages signed-in only. Pages
 * an owner has since restricted or opened to members only are left as they are; each changed page is logged in
 * content_changes, so every instance's search index reads it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const membersOnly = (await sql<{ id: number }>`${pagesOf(1)}`.execute(db)).rows.map((r) => Number(r.id));
  const signedIn = (await sql<{ id: number }>`${pagesOf(2)}`.execute(db)).rows.map((r) => Number(r.id));
  // The grants are what the permission form and search read; content.visibility is kept in step with them.
  for (const id of membersOnly) {
    await sql`delete from content_grants where content_id = ${id} and scope in ('global', 'authed')`.execute(db);
    await sql`insert into content_grants (content_id, scope, profile_id, permission)
      select c.id, 'group', c.profile_id, 'read' from content c where c.id = ${id}
      and not exists (select 1 from content_grants g where g.content_id = c.id and g.scope = 'group' and g.profile_id = c.profile_id and g.permission = 'read')`.execute(db);
    await sql`update content set visibility = 'restricted' where id = ${id}`.execute(db);
  }
  for (const id of signedIn) {
    // What everyone was given, signed-in users are given (a permission they held already is not given twice).
    await sql`update content_grants set scope = 'authed' where content_id = ${id} and scope = 'global'
      and not exists (select 1 from content_grants a where a.content_id = ${id} and a.scope = 'authed' and a.permission = content_grants.permission)`.execute(db);
    await sql`delete from content_grants where content_id = ${id} and scope = 'global'`.execute(db);
    await sql`update content set visibility = 'authed' where id = ${id}`.execute(db);
  }
  for (const id of [...membersOnly, ...signedIn]) await sql`insert into content_changes (content_id, changed_at) values (${id}, ${now})`.execute(db);
}

/** Nothing to undo: a page shown only to whom its group chose is what the app makes. */
export async function down(): Promise<void> {}
