import { SECTION_MODULE, type RemovedSectionThreadsResponse, type SectionCommentView, type SectionThreadView, type SectionThreadsResponse, type SectionThreadStatusResponse } from "../../contract/index.js";
import type { SectionThread } from "../db/schema.js";
import type { RemovedSectionThread, SectionCommentRow } from "../models/sectionComments.js";
import { profileLink } from "./profile.js";

const statusOf = (thread: Pick<SectionThread, "status">) => ({ status: thread.status, status_label: thread.status === 1 ? ("open" as const) : ("resolved" as const) });

/** A section comment, with what the asker may do to it (from the policy). */
export function presentSectionComment(row: SectionCommentRow, abilities: SectionCommentView["abilities"]): SectionCommentView {
  return {
    id: row.id,
    content: row.content,
    creator: { id: row.profile_id, name: row.creator_name, link: profileLink(row.creator_uid) },
    created_at: row.created_at,
    updated_at: row.updated_at,
    edited: row.updated_at !== row.created_at,
    abilities,
  };
}

/** A section's thread with its comments (already presented). */
export function presentSectionThread(thread: SectionThread, comments: SectionCommentView[]): SectionThreadView {
  return { id: thread.id, module: SECTION_MODULE, module_id: thread.section_uid, ...statusOf(thread), comments };
}

/** A thread's state, as the status toggle answers. */
export function presentSectionThreadStatus(thread: SectionThread): SectionThreadStatusResponse {
  return { id: thread.id, ...statusOf(thread) };
}

/** An item's threads for the sections' badges. */
export function presentSectionThreads(threads: (SectionThread & { comments_count: number })[]): SectionThreadsResponse {
  return {
    threads: threads.map((t) => ({ id: t.id, module: SECTION_MODULE, module_id: t.section_uid, ...statusOf(t), comments_count: t.comments_count })),
    open_count: threads.filter((t) => t.status === 1).length,
  };
}

/** The threads of the item's removed sections, each with its comments (already presented, in the same order). */
export function presentRemovedSectionThreads(threads: RemovedSectionThread[], present: (row: SectionCommentRow) => SectionCommentView): RemovedSectionThreadsResponse {
  return {
    threads: threads.map((t) => ({
      id: t.id,
      module: SECTION_MODULE,
      module_id: t.section_uid,
      section_title: t.section_title,
      ...statusOf(t),
      removed_at: t.removed_at,
      comments_count: t.comments.length,
      comments: t.comments.map(present),
    })),
  };
}
