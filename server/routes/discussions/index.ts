import { Router, type Request } from "express";
import {
  COMMENTS_PER_PAGE,
  CommentCreateRequest,
  CommentFeedbackRequest,
  CommentFlagRequest,
  CONTENT_ACTION_MESSAGES,
  CommentRef,
  CommentSubscribeRequest,
  CommentUpdateRequest,
  DISCUSSION_MESSAGES,
  DiscussionBulkEnvelope,
  DiscussionListQuery,
  DiscussionQuery,
  EMBEDDED_REPLIES,
  GROUP_DISCUSSION_CONTEXT,
  GROUP_DISCUSSION_FEATURES,
  discussionContextOf,
  MESSAGES,
  REPLIES_MAX,
  ThreadPermissionRequest,
  ThreadRequest,
  ThreadSummaryRequest,
  type BulkError,
  type CommentList,
  type CommentSubscribeResponse,
  type StatusMessageResponse,
  type Thread,
  type ThreadSummary,
} from "../../../contract/index.js";
import { removeCommentAttachments } from "../../commands/attachments.js";
import { deleteComment } from "../../commands/deleteComment.js";
import { editComment } from "../../commands/editComment.js";
import { deliver, notifyNewDiscussion, notifyReply, notifyReport, plainExcerpt } from "../../commands/notify.js";
import { mailFor, type MailContext } from "../../mail/transport.js";
import { postComment } from "../../commands/postComment.js";
import type { Db } from "../../db/connection.js";
import type { FileStorage } from "../../storage/fileStorage.js";
import { siteFeatures } from "../app/index.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { storeReport } from "../../models/reports.js";
import {
  commentById,
  countComments,
  feedbackCounts,
  feedbackOf,
  findComment,
  latestRepliesOf,
  listDiscussions,
  listHistory,
  listReplies,
  listTopLevel,
  searchDiscussionIds,
  setFeedback,
  setSubscription,
  setViewPermission,
} from "../../models/comments.js";
import { attachmentPolicy, authenticate, authorize, commentPolicy } from "../../policies/index.js";
import { presentComment, presentDeleted, presentDiscussionList, presentDiscussionThread, presentFeedback, presentHistoryEntry, presentSummary, presentThread } from "../../presenters/comment.js";
import { loadComment, loadThread, loadViewableThread, lookupsFor, notFound, replyParentId, settle, type ThreadContext } from "./load.js";
import { commentContent } from "./text.js";

/** The summary of an item's thread for this actor: the count and what the actor may do. */
async function summaryOf(db: Db, actor: Actor, ctx: ThreadContext): Promise<ThreadSummary> {
  const count = ctx.thread ? ((await countComments(db, [ctx.thread.id], ctx.subject.context ?? null)).get(ctx.thread.id) ?? 0) : 0;
  const s = ctx.subject;
  return presentSummary(ctx.thread, count, {
    can_view: commentPolicy.canView(actor, s),
    can_manage: commentPolicy.canManage(actor, s),
    can_comment: commentPolicy.canComment(actor, s),
    can_react: commentPolicy.canReact(actor, s),
    can_subscribe: commentPolicy.canSubscribe(actor, s),
    viewed_by_link: commentPolicy.readsOnlyByLink(actor, s),
  });
}

/** One page of a thread: top-level comments newest first, each with its latest replies. */
async function threadPage(db: Db, actor: Actor, ctx: ThreadContext, page: number): Promise<Thread> {
  const summary = await summaryOf(db, actor, ctx);
  const { rows, total } = ctx.thread ? await listTopLevel(db, ctx.thread.id, page, COMMENTS_PER_PAGE, ctx.subject.context ?? null) : { rows: [], total: 0 };
  const replies = await latestRepliesOf(db, rows.map((r) => r.id), EMBEDDED_REPLIES);
  const lookups = await lookupsFor(db, actor, ctx.subject, [...rows, ...[...replies.values()].flat()]);
  const comments = rows.map((r) => presentComment(r, lookups, replies.get(r.id)));
  return presentThread(ctx.item, summary, comments, { current_page: page, last_page: Math.max(1, Math.ceil(total / COMMENTS_PER_PAGE)) });
}

/** One comment of the thread as the calls answer it, with its latest replies. */
async function commentAnswer(db: Db, actor: Actor, ctx: ThreadContext, commentId: number) {
  const row = await commentById(db, commentId);
  const replies = (await latestRepliesOf(db, [row.id], EMBEDDED_REPLIES)).get(row.id) ?? [];
  return presentComment(row, await lookupsFor(db, actor, ctx.subject, [row, ...replies]), replies);
}

/**
 * Throws unless the policy allowed the actor to take part (post, edit or delete a comment, react, report, subscribe): 403 with `message`, or,
 * for one who views the item only by its link, the reason that holds for every such call.
 */
function authorizeTakingPart(actor: Actor, ctx: ThreadContext, allowed: boolean, message: string): void {
  authorize(actor, allowed, commentPolicy.readsOnlyByLink(actor, ctx.subject) ? DISCUSSION_MESSAGES.readOnlyByLink : message);
}

/**
 * Why posting is refused: a group's discussions and its feed posts' comments are for its members and the staff; an
 * item's closed discussion is disabled.
 */
const refusalOf = (ctx: ThreadContext) =>
  commentPolicy.isFeedPostComments(ctx.subject) ? DISCUSSION_MESSAGES.feedCommentForbidden : ctx.subject.context ? DISCUSSION_MESSAGES.groupPostForbidden : DISCUSSION_MESSAGES.disabled;

/** Whether a top-level comment of this discussion needs a title: a group's discussion does (a feed post's comment does not). */
const needsTitle = (ctx: ThreadContext) => commentPolicy.isGroupDiscussions(ctx.subject);

/** A thread the actor may read comments of: viewable item (401/404), and open unless they manage it (403). */
async function loadReadableThread(db: Db, req: Request, opaqueId: string, context: string | null | undefined): Promise<ThreadContext> {
  const ctx = await loadViewableThread(db, req, opaqueId, discussionContextOf(context));
  authorize(req.actor, commentPolicy.canRead(req.actor, ctx.subject), DISCUSSION_MESSAGES.disabled);
  return ctx;
}

/** Runs each entry of a bulk call on its own: a bad or refused entry goes to `errors`, the call answers 200. */
async function answerBulk<S, T>(body: unknown, parse: (input: unknown) => S, run: (request: S) => Promise<T>) {
  const { requests } = parseOr422(DiscussionBulkEnvelope, body ?? {});
  const results: Record<string, T> = {};
  const errors: Record<string, BulkError> = {};
  for (const { uniqueId, request } of requests) {
    const outcome = await settle(() => run(parse(request)));
    if ("ok" in outcome) results[uniqueId] = outcome.ok;
    else errors[uniqueId] = outcome.error;
  }
  return { results, errors };
}

/** Discussions on an item (second document, section 7; first document, the bulk thread calls). */
export function discussionsRouter(db: Db, storage: FileStorage, mail: MailContext): Router {
  const router = Router();

  router.post("/comment/thread/summary/bulk", async (req, res) => {
    const answer = await answerBulk(req.body, (r) => parseOr422(ThreadSummaryRequest, r), async (r) => {
      const ctx = await loadThread(db, r.opaque_id, discussionContextOf(r.context));
      if (!commentPolicy.canViewItemOf(req.actor, ctx.subject)) throw notFound();
      if (ctx.subject.context && ctx.subject.groupId == null) throw new HttpError(404, DISCUSSION_MESSAGES.notAGroup);
      return summaryOf(db, req.actor, ctx);
    });
    res.json(answer);
  });

  router.post("/comment/thread/bulk", async (req, res) => {
    const answer = await answerBulk(req.body, (r) => parseOr422(ThreadRequest, r), async (r) => {
      // Guests get the guest modal instead of comments.
      if (!req.actor.signedIn) throw new HttpError(401, MESSAGES.signInRequired);
      return threadPage(db, req.actor, await loadReadableThread(db, req, r.opaque_id, r.context), r.page);
    });
    res.json(answer);
  });

  router.put("/comment/thread", authenticate(), async (req, res) => {
    const body = parseOr422(ThreadPermissionRequest, req.body ?? {});
    const ctx = await loadViewableThread(db, req, body.opaque_id, discussionContextOf(body.context));
    authorize(req.actor, commentPolicy.canChangeViewPermission(req.actor, ctx.subject), DISCUSSION_MESSAGES.manageForbidden);
    await setViewPermission(db, ctx.item.id, body.view_permission);
    res.json(await summaryOf(db, req.actor, await loadThread(db, body.opaque_id)));
  });

  router.post("/comment/thread/comment", authenticate(), async (req, res) => {
    const body = parseOr422(CommentCreateRequest, req.body ?? {});
    const ctx = await loadViewableThread(db, req, body.opaque_id, discussionContextOf(body.context));
    authorizeTakingPart(req.actor, ctx, commentPolicy.canComment(req.actor, ctx.subject), refusalOf(ctx));
    if (body.attachments.length && !attachmentPolicy.canAttachToComment(ctx.subject, await siteFeatures(db))) throw new HttpError(422, DISCUSSION_MESSAGES.attachmentsUnavailable, { attachments: [DISCUSSION_MESSAGES.attachmentsUnavailable] });
    const content = commentContent(body);
    const parentId = body.reply_to ? await replyParentId(db, ctx, body.reply_to) : null;
    // A group's thread is a titled discussion (second document: "Discussion title required, max 255").
    if (parentId === null && needsTitle(ctx) && !body.title) throw new HttpError(422, DISCUSSION_MESSAGES.titleRequired, { title: [DISCUSSION_MESSAGES.titleRequired] });
    const authorId = req.actor.profile!.id;
    const id = await postComment(db, { contentId: ctx.item.id, creatorId: authorId, title: body.title, content, isHtml: body.is_html, parentId, context: ctx.subject.context, feedPostId: ctx.subject.feedPostId, attachmentIds: body.attachments, meetingId: body.meeting_id });
    if (parentId !== null) {
      const excerpt = plainExcerpt(content, body.is_html);
      await deliver(req.log, "a reply", () => notifyReply(db, { parentId, replierId: authorId, item: ctx.item, thread: ctx.subject, excerpt }, mailFor(mail, req)));
    } else if (commentPolicy.isGroupDiscussions(ctx.subject) && ctx.subject.groupId != null) {
      const groupId = ctx.subject.groupId;
      await deliver(req.log, "a new discussion", () => notifyNewDiscussion(db, { groupId, authorId, groupPage: ctx.item, threadId: id, title: body.title ?? "" }, mailFor(mail, req)));
    }
    res.status(201).json(await commentAnswer(db, req.actor, ctx, id));
  });

  router.put("/comment/thread/comment", authenticate(), async (req, res) => {
    const body = parseOr422(CommentUpdateRequest, req.body ?? {});
    const ctx = await loadReadableThread(db, req, body.opaque_id, body.context);
    const comment = await loadComment(db, ctx, body.comment_id);
    authorizeTakingPart(req.actor, ctx, commentPolicy.canEditComment(req.actor, ctx.subject, comment), DISCUSSION_MESSAGES.editForbidden);
    const isHtml = body.is_html ?? comment.is_html === 1;
    const content = commentContent({ comment: body.comment, is_html: isHtml });
    const title = body.title === undefined ? comment.title : body.title;
    if (comment.parent_id === null && needsTitle(ctx) && !title) throw new HttpError(422, DISCUSSION_MESSAGES.titleRequired, { title: [DISCUSSION_MESSAGES.titleRequired] });
    await editComment(db, { commentId: comment.id, editorId: req.actor.profile!.id, title, content, isHtml });
    res.json(await commentAnswer(db, req.actor, ctx, comment.id));
  });

  router.delete("/comment/thread/comment", authenticate(), async (req, res) => {
    const body = parseOr422(CommentRef, req.body ?? {});
    const ctx = await loadReadableThread(db, req, body.opaque_id, body.context);
    const comment = await loadComment(db, ctx, body.comment_id);
    authorizeTakingPart(req.actor, ctx, commentPolicy.canDeleteComment(req.actor, ctx.subject, comment), DISCUSSION_MESSAGES.editForbidden);
    const deleted = await deleteComment(db, comment, req.actor.profile!.id);
    await removeCommentAttachments(db, storage, comment.id);
    res.json(presentDeleted(deleted));
  });

  router.get("/comment/thread/comment/replies", authenticate(), async (req, res) => {
    const query = parseOr422(CommentRef, req.query);
    const ctx = await loadReadableThread(db, req, query.opaque_id, query.context);
    const comment = await loadComment(db, ctx, query.comment_id);
    const rows = await listReplies(db, comment.id, REPLIES_MAX);
    const lookups = await lookupsFor(db, req.actor, ctx.subject, rows);
    res.json({ data: rows.map((r) => presentComment(r, lookups)) } satisfies CommentList);
  });

  router.get("/comment/thread/comment/ancestors", authenticate(), async (req, res) => {
    const query = parseOr422(CommentRef, req.query);
    const ctx = await loadReadableThread(db, req, query.opaque_id, query.context);
    const comment = await loadComment(db, ctx, query.comment_id);
    const data = comment.parent_id === null ? [] : [await commentAnswer(db, req.actor, ctx, comment.parent_id)];
    res.json({ data } satisfies CommentList);
  });

  router.get("/comment/thread/comment/history", authenticate(), async (req, res) => {
    const query = parseOr422(CommentRef, req.query);
    const ctx = await loadViewableThread(db, req, query.opaque_id, discussionContextOf(query.context));
    authorize(req.actor, commentPolicy.canSeeHistory(req.actor), DISCUSSION_MESSAGES.historyForbidden);
    const comment = await loadComment(db, ctx, query.comment_id, { removed: true });
    res.json({ data: (await listHistory(db, comment.id)).map(presentHistoryEntry) });
  });

  router.post("/comment/thread/comment/feedback", authenticate(), async (req, res) => {
    const body = parseOr422(CommentFeedbackRequest, req.body ?? {});
    const ctx = await loadViewableThread(db, req, body.opaque_id, discussionContextOf(body.context));
    authorizeTakingPart(req.actor, ctx, commentPolicy.canReact(req.actor, ctx.subject), DISCUSSION_MESSAGES.disabled);
    const comment = await loadComment(db, ctx, body.comment_id);
    const profileId = req.actor.profile!.id;
    // Choosing the current reaction again removes it, as remove does.
    const current = (await feedbackOf(db, profileId, [comment.id])).get(comment.id) ?? null;
    const next = body.remove || current === body.feedback_type ? null : body.feedback_type;
    await setFeedback(db, comment.id, profileId, next);
    res.json(presentFeedback((await feedbackCounts(db, [comment.id])).get(comment.id), next));
  });

  router.post("/comment/thread/comment/flag", authenticate(), async (req, res) => {
    const body = parseOr422(CommentFlagRequest, req.body ?? {});
    const ctx = await loadReadableThread(db, req, body.opaque_id, body.context);
    const comment = await loadComment(db, ctx, body.comment_id);
    authorizeTakingPart(req.actor, ctx, commentPolicy.canReport(req.actor, ctx.subject, comment), DISCUSSION_MESSAGES.reportOwn);
    const report = await storeReport(db, "comment", { subjectId: comment.id, profileId: req.actor.profile!.id, reason: body.value, message: body.message });
    // A second report of the same comment while the first is open updates it; the staff heard of it already.
    if (report.isNew) await deliver(req.log, "a report", () => notifyReport(db, { what: "comment", contentId: ctx.item.id, reporterId: req.actor.profile!.id, reason: body.value, message: body.message }, mailFor(mail, req)));
    res.json({ status: "success", message: CONTENT_ACTION_MESSAGES.flagThanks } satisfies StatusMessageResponse);
  });

  router.post("/comment/thread/comment/subscribe", authenticate(), async (req, res) => {
    const body = parseOr422(CommentSubscribeRequest, req.body ?? {});
    const ctx = await loadViewableThread(db, req, body.opaque_id, discussionContextOf(body.context));
    const refused = ctx.subject.subscribeEnabled === false ? DISCUSSION_MESSAGES.subscribeDisabled : DISCUSSION_MESSAGES.disabled;
    authorizeTakingPart(req.actor, ctx, commentPolicy.canSubscribe(req.actor, ctx.subject), refused);
    const comment = await loadComment(db, ctx, body.comment_id);
    if (comment.parent_id !== null) throw new HttpError(422, DISCUSSION_MESSAGES.notTopLevel, { comment_id: [DISCUSSION_MESSAGES.notTopLevel] });
    await setSubscription(db, comment.id, req.actor.profile!.id, body.action === "subscribe");
    res.json({ subscribed: body.action === "subscribe" } satisfies CommentSubscribeResponse);
  });

  router.get("/comment/thread/discussions", authenticate(), async (req, res) => {
    const query = parseOr422(DiscussionListQuery, req.query);
    const ctx = await loadReadableThread(db, req, query.opaque_id, GROUP_DISCUSSION_CONTEXT);
    const features = await siteFeatures(db);
    const search = features[GROUP_DISCUSSION_FEATURES.search] !== false;
    if (query.st && !search) throw new HttpError(403, DISCUSSION_MESSAGES.searchDisabled);
    const ids = query.st && ctx.thread ? await searchDiscussionIds(db, ctx.thread.id, GROUP_DISCUSSION_CONTEXT, query.st) : null;
    const options = { sort: query.sort, page: query.page, limit: query.limit, ids };
    const { rows, total } = ctx.thread ? await listDiscussions(db, ctx.thread.id, GROUP_DISCUSSION_CONTEXT, options) : { rows: [], total: 0 };
    const lookups = await lookupsFor(db, req.actor, ctx.subject, rows);
    const { transient } = await summaryOf(db, req.actor, ctx);
    const meta = { current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.limit)), total, limit: query.limit, sort: query.sort, st: query.st };
    res.json(presentDiscussionList(rows.map((r) => presentDiscussionThread(r, lookups)), meta, transient, { search, subscribe: features[GROUP_DISCUSSION_FEATURES.subscribe] !== false }));
  });

  router.get("/comment/thread/discussion", authenticate(), async (req, res) => {
    const query = parseOr422(DiscussionQuery, req.query);
    const ctx = await loadReadableThread(db, req, query.opaque_id, GROUP_DISCUSSION_CONTEXT);
    // A thread's address (the group page's ?discussion=) may outlive it or name a reply: either is no discussion.
    const row = ctx.thread ? await findComment(db, ctx.thread.id, query.comment_id, { context: GROUP_DISCUSSION_CONTEXT }) : undefined;
    if (!row || row.parent_id !== null) throw new HttpError(404, DISCUSSION_MESSAGES.discussionNotFound);
    const replies = await listReplies(db, row.id, REPLIES_MAX);
    const lookups = await lookupsFor(db, req.actor, ctx.subject, [row, ...replies]);
    const summary = await summaryOf(db, req.actor, ctx);
    res.json(presentThread(ctx.item, summary, [presentComment(row, lookups, replies)], { current_page: 1, last_page: 1 }) satisfies Thread);
  });

  return router;
}
