import { Router, type Request } from "express";
import {
  RemovedSectionThreadsQuery,
  SECTION_COMMENT_MESSAGES,
  SectionCommentCreate,
  SectionCommentDelete,
  SectionCommentUpdate,
  SectionThreadQuery,
  SectionThreadStatusUpdate,
  SectionThreadsQuery,
  type RemovedSectionThreadsResponse,
  type SectionCommentDeleteResponse,
  type SectionCommentResponse,
  type SectionThreadResponse,
  type SectionThreadsResponse,
  type SectionThreadStatusResponse,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { editGrants } from "../../models/content.js";
import {
  addSectionComment,
  deleteSectionComment,
  findSectionComment,
  findSectionThread,
  listRemovedSectionThreads,
  listSectionComments,
  listSectionThreads,
  sectionExists,
  sectionThreadById,
  setSectionThreadStatus,
  updateSectionComment,
  type SectionCommentRow,
} from "../../models/sectionComments.js";
import { authenticate, authorize, authorizeView, sectionCommentPolicy } from "../../policies/index.js";
import type { SectionThreadSubject } from "../../policies/sectionComment.js";
import { presentRemovedSectionThreads, presentSectionComment, presentSectionThread, presentSectionThreadStatus, presentSectionThreads } from "../../presenters/sectionComment.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

/** The item named by type and type_id, viewable by the actor (401 guest / 404 member), and what the policies read. */
async function loadSubject(db: Db, req: Request, ref: { type: string; type_id: number }): Promise<{ item: LoadedItem; subject: SectionThreadSubject }> {
  const item = await loadItemBy(db, "id", ref.type_id, ref.type);
  const [edit_grants, grants] = await Promise.all([editGrants(db, item.id), grantsOf(db, item)]);
  const subject: SectionThreadSubject = { item: { ...item, edit_grants }, grants, startedBy: null };
  authorizeView(req.actor, sectionCommentPolicy.canViewItemOf(req.actor, subject));
  return { item, subject };
}

/**
 * Comments on an item's sections, through the second document's legacy comment calls (GET /comment/getcomment, POST
 * /comment/addcomment, /comment/updatecomment, /comment/deletecomment, /comment/updatestatus), GET /comment/threads
 * (ours: the item's threads for the sections' badges) and GET /comment/threads/removed (ours: the threads of removed
 * sections, for the item's editors). For signed-in profiles that can view the item. A removed section's thread is
 * read-only: its comments and status change no more (403), and it takes no comments (its section is not found).
 */
export function sectionCommentsRouter(db: Db): Router {
  const router = Router();

  const present = (req: Request, subject: SectionThreadSubject, row: SectionCommentRow) => {
    const mayChange = sectionCommentPolicy.canChangeComment(req.actor, subject, row);
    return presentSectionComment(row, { edit: mayChange, delete: mayChange });
  };

  router.get("/comment/threads", authenticate(), async (req, res) => {
    const ref = parseOr422(SectionThreadsQuery, req.query);
    const { item } = await loadSubject(db, req, ref);
    res.json(presentSectionThreads(await listSectionThreads(db, item.id)) satisfies SectionThreadsResponse);
  });

  router.get("/comment/threads/removed", authenticate(), async (req, res) => {
    const ref = parseOr422(RemovedSectionThreadsQuery, req.query);
    const { item, subject: itemSubject } = await loadSubject(db, req, ref);
    authorize(req.actor, sectionCommentPolicy.canViewRemovedThreads(req.actor, itemSubject), SECTION_COMMENT_MESSAGES.removedForbidden);
    const subject = { ...itemSubject, threadRemoved: true };
    res.json(presentRemovedSectionThreads(await listRemovedSectionThreads(db, item.id), (row) => present(req, subject, row)) satisfies RemovedSectionThreadsResponse);
  });

  router.get("/comment/getcomment", authenticate(), async (req, res) => {
    const ref = parseOr422(SectionThreadQuery, req.query);
    const { item, subject: itemSubject } = await loadSubject(db, req, ref);
    const thread = await findSectionThread(db, item.id, ref.module_id);
    // A removed section's thread (asked for by its old uid) reads as it is listed: read-only.
    const subject = { ...itemSubject, startedBy: thread?.created_by ?? null, threadRemoved: thread !== undefined && thread.removed_at !== null };
    const comments = thread ? (await listSectionComments(db, thread.id)).map((row) => present(req, subject, row)) : [];
    res.json({
      thread: thread ? presentSectionThread(thread, comments) : null,
      abilities: { comment: sectionCommentPolicy.canAddComment(req.actor, subject), set_status: thread !== undefined && sectionCommentPolicy.canSetStatus(req.actor, subject) },
    } satisfies SectionThreadResponse);
  });

  router.post("/comment/addcomment", authenticate(), async (req, res) => {
    const input = parseOr422(SectionCommentCreate, req.body ?? {});
    const { item, subject } = await loadSubject(db, req, input);
    authorize(req.actor, sectionCommentPolicy.canComment(req.actor, subject));
    if (!(await sectionExists(db, item.id, input.module_id))) throw new HttpError(404, SECTION_COMMENT_MESSAGES.sectionNotFound);
    const row = await addSectionComment(db, { contentId: item.id, sectionUid: input.module_id, profileId: req.actor.profile!.id, content: input.content });
    res.status(201).json({ thread_id: row.thread_id, comment: present(req, subject, row) } satisfies SectionCommentResponse);
  });

  /** Why a change to a thread was refused: its section is gone, or the actor may not make it. */
  const refusal = (subject: SectionThreadSubject, otherwise: string = SECTION_COMMENT_MESSAGES.notCreator) => (subject.threadRemoved ? SECTION_COMMENT_MESSAGES.threadRemoved : otherwise);

  /** The comment named by the call, on the item, that the actor wrote (404 when it is not the item's, 403 when not theirs). */
  const loadOwnComment = async (req: Request, input: { type: string; type_id: number; comment_id: number }) => {
    const { item, subject: itemSubject } = await loadSubject(db, req, input);
    const found = await findSectionComment(db, item.id, input.comment_id);
    if (!found) throw new HttpError(404, SECTION_COMMENT_MESSAGES.commentNotFound);
    const subject = { ...itemSubject, threadRemoved: found.thread.removed_at !== null };
    authorize(req.actor, sectionCommentPolicy.canChangeComment(req.actor, subject, found.comment), refusal(subject));
    return { subject, ...found };
  };

  router.post("/comment/updatecomment", authenticate(), async (req, res) => {
    const input = parseOr422(SectionCommentUpdate, req.body ?? {});
    const { subject, comment } = await loadOwnComment(req, input);
    const row = await updateSectionComment(db, comment.id, input.content);
    res.json({ thread_id: row.thread_id, comment: present(req, subject, row) } satisfies SectionCommentResponse);
  });

  router.post("/comment/deletecomment", authenticate(), async (req, res) => {
    const input = parseOr422(SectionCommentDelete, req.body ?? {});
    const { comment } = await loadOwnComment(req, input);
    res.json({ status: "success", thread_removed: await deleteSectionComment(db, comment) } satisfies SectionCommentDeleteResponse);
  });

  router.post("/comment/updatestatus", authenticate(), async (req, res) => {
    const input = parseOr422(SectionThreadStatusUpdate, req.body ?? {});
    const { item, subject } = await loadSubject(db, req, input);
    const thread = await sectionThreadById(db, item.id, input.thread_id);
    if (!thread) throw new HttpError(404, SECTION_COMMENT_MESSAGES.threadNotFound);
    const threadSubject = { ...subject, startedBy: thread.created_by, threadRemoved: thread.removed_at !== null };
    authorize(req.actor, sectionCommentPolicy.canSetStatus(req.actor, threadSubject), refusal(threadSubject, SECTION_COMMENT_MESSAGES.statusForbidden));
    res.json(presentSectionThreadStatus(await setSectionThreadStatus(db, thread.id, input.status as 1 | 2)) satisfies SectionThreadStatusResponse);
  });

  return router;
}
