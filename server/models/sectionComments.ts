import type { Kysely } from "kysely";
import type { Db } from "../db/connection.js";
import type { Database, SectionThread } from "../db/schema.js";

/** A section comment with its writer's name and uid, as presented. */
export interface SectionCommentRow {
  id: number;
  thread_id: number;
  profile_id: number;
  content: string;
  created_at: string;
  updated_at: string;
  creator_name: string;
  creator_uid: string;
}

const withCreator = (db: Db) =>
  db
    .selectFrom("section_comments")
    .innerJoin("profiles", "profiles.id", "section_comments.profile_id")
    .select(["section_comments.id", "section_comments.thread_id", "section_comments.profile_id", "section_comments.content", "section_comments.created_at", "section_comments.updated_at", "profiles.name as creator_name", "profiles.uid as creator_uid"]);

/** Whether the item has a section with this uid now. */
export async function sectionExists(db: Db, contentId: number, sectionUid: string): Promise<boolean> {
  return (await db.selectFrom("content_sections").select("id").where("content_id", "=", contentId).where("uid", "=", sectionUid).executeTakeFirst()) !== undefined;
}

/** The thread of one section of an item, if anyone commented on it. */
export function findSectionThread(db: Db, contentId: number, sectionUid: string): Promise<SectionThread | undefined> {
  return db.selectFrom("section_threads").selectAll().where("content_id", "=", contentId).where("section_uid", "=", sectionUid).executeTakeFirst();
}

/** A thread of the item by id. */
export function sectionThreadById(db: Db, contentId: number, threadId: number): Promise<SectionThread | undefined> {
  return db.selectFrom("section_threads").selectAll().where("content_id", "=", contentId).where("id", "=", threadId).executeTakeFirst();
}

/** Every thread of the item on a section it still has, with its number of comments. */
export function listSectionThreads(db: Db, contentId: number): Promise<(SectionThread & { comments_count: number })[]> {
  return db
    .selectFrom("section_threads")
    .innerJoin("content_sections", (j) => j.onRef("content_sections.content_id", "=", "section_threads.content_id").onRef("content_sections.uid", "=", "section_threads.section_uid"))
    .selectAll("section_threads")
    .select((eb) => eb.selectFrom("section_comments").select(eb.fn.countAll<number>().as("n")).whereRef("section_comments.thread_id", "=", "section_threads.id").as("comments_count"))
    .where("section_threads.content_id", "=", contentId)
    .where("section_threads.removed_at", "is", null)
    .orderBy("content_sections.position")
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, comments_count: Number(r.comments_count ?? 0) })));
}

/** A thread's comments, oldest first. */
export function listSectionComments(db: Db, threadId: number): Promise<SectionCommentRow[]> {
  return withCreator(db).where("section_comments.thread_id", "=", threadId).orderBy("section_comments.id").execute();
}

/** One comment of one of the item's threads, with its thread. */
export async function findSectionComment(db: Db, contentId: number, commentId: number): Promise<{ comment: SectionCommentRow; thread: SectionThread } | undefined> {
  const comment = await withCreator(db).where("section_comments.id", "=", commentId).executeTakeFirst();
  const thread = comment && (await sectionThreadById(db, contentId, comment.thread_id));
  return comment && thread ? { comment, thread } : undefined;
}

/** Adds a comment to the section's thread, starting the thread (open) with it when there is none. */
export async function addSectionComment(db: Db, input: { contentId: number; sectionUid: string; profileId: number; content: string }): Promise<SectionCommentRow> {
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    // Two first comments at once both insert the thread: the second finds the first's thread instead.
    await trx
      .insertInto("section_threads")
      .values({ content_id: input.contentId, section_uid: input.sectionUid, created_by: input.profileId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["content_id", "section_uid"]).doNothing())
      .execute();
    const thread = await trx.selectFrom("section_threads").select("id").where("content_id", "=", input.contentId).where("section_uid", "=", input.sectionUid).executeTakeFirstOrThrow();
    await trx.updateTable("section_threads").set({ updated_at: now }).where("id", "=", thread.id).execute();
    const row = await trx.insertInto("section_comments").values({ thread_id: thread.id, profile_id: input.profileId, content: input.content, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  });
  return withCreator(db).where("section_comments.id", "=", id).executeTakeFirstOrThrow();
}

/** Changes a comment's text. */
export async function updateSectionComment(db: Db, commentId: number, content: string): Promise<SectionCommentRow> {
  await db.updateTable("section_comments").set({ content, updated_at: new Date().toISOString() }).where("id", "=", commentId).execute();
  return withCreator(db).where("section_comments.id", "=", commentId).executeTakeFirstOrThrow();
}

/** Deletes a comment; the thread goes with its last comment. Answers whether it went. */
export function deleteSectionComment(db: Db, comment: { id: number; thread_id: number }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("section_comments").where("id", "=", comment.id).execute();
    const left = await trx.selectFrom("section_comments").select("id").where("thread_id", "=", comment.thread_id).limit(1).executeTakeFirst();
    if (left) return false;
    await trx.deleteFrom("section_threads").where("id", "=", comment.thread_id).execute();
    return true;
  });
}

/** Sets a thread's status (1 open, 2 resolved). */
export async function setSectionThreadStatus(db: Db, threadId: number, status: 1 | 2): Promise<SectionThread> {
  return db.updateTable("section_threads").set({ status, updated_at: new Date().toISOString() }).where("id", "=", threadId).returningAll().executeTakeFirstOrThrow();
}

/** A thread of a removed section, with its comments oldest first. */
export type RemovedSectionThread = SectionThread & { removed_at: string; comments: SectionCommentRow[] };

/** The item's threads whose sections a save removed, most recently removed first, each with its comments. */
export async function listRemovedSectionThreads(db: Db, contentId: number): Promise<RemovedSectionThread[]> {
  const threads = await db
    .selectFrom("section_threads")
    .selectAll()
    .where("content_id", "=", contentId)
    .where("removed_at", "is not", null)
    .orderBy("removed_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (!threads.length) return [];
  const ids = threads.map((t) => t.id);
  const comments = await withCreator(db).where("section_comments.thread_id", "in", ids).orderBy("section_comments.id").execute();
  return threads.map((thread) => ({ ...thread, removed_at: thread.removed_at!, comments: comments.filter((c) => c.thread_id === thread.id) }));
}

/** The section uids of the item's removed threads: a save may bring such a section back under its uid (the editor's Undo). */
export async function removedThreadUids(trx: Kysely<Database>, contentId: number): Promise<string[]> {
  const rows = await trx.selectFrom("section_threads").select("section_uid").where("content_id", "=", contentId).where("removed_at", "is not", null).execute();
  return rows.map((r) => r.section_uid);
}

/**
 * Keeps the item's threads in step with a save of its sections, in the save's transaction: a thread whose section the
 * save dropped is marked removed with the section's last title (the "Deleted Comment Threads" sidebar lists it); one
 * whose section uid the save brought back is live again. Threads on sections that stay are untouched.
 */
export async function followSectionThreads(trx: Kysely<Database>, contentId: number, before: { uid: string | null; title: string }[], after: string[]): Promise<void> {
  const now = new Date().toISOString();
  const kept = new Set(after);
  for (const section of before) {
    if (!section.uid || kept.has(section.uid)) continue;
    await trx
      .updateTable("section_threads")
      .set({ removed_at: now, section_title: section.title })
      .where("content_id", "=", contentId)
      .where("section_uid", "=", section.uid)
      .where("removed_at", "is", null)
      .execute();
  }
  if (!after.length) return;
  await trx
    .updateTable("section_threads")
    .set({ removed_at: null, section_title: null })
    .where("content_id", "=", contentId)
    .where("section_uid", "in", after)
    .where("removed_at", "is not", null)
    .execute();
}
