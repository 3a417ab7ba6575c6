import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  CommentDeleteResponse,
  CommentFeedbackCounts,
  CommentHistoryList,
  CommentList,
  CommentSubscribeResponse,
  Comment,
  DISCUSSION_BULK_MAX,
  DiscussionList,
  GROUP_DISCUSSION_CONTEXT,
  MESSAGES,
  Thread as ThreadSchema,
  StatusMessageResponse,
  ThreadBulkResponse,
  ThreadSummary,
  ThreadSummaryBulkResponse,
  type BulkError,
  type CommentCreateRequest,
  type CommentReply,
  type CommentFeedbackRequest,
  type CommentFlagRequest,
  type CommentSubscribeRequest,
  type CommentUpdateRequest,
  type DiscussionContextName,
  type DiscussionSort,
  type Thread,
  type ThreadPermissionRequest,
} from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { deleteJson, getJson, postJson, putJson } from "./client.js";

/** The spec's batching of the summary and thread calls ("batched, 80 ms wait"). */
const BULK_WAIT_MS = 80;

type BulkAnswer<R> = { results: Record<string, R>; errors: Record<string, BulkError> };

/**
 * A loader that gathers the requests made within 80 ms into one bulk call (at most 50 a call) and hands each caller its
 * own result, or its own entry of `errors` as an ApiError (a 404 for an item the actor may not see, a 401 for a guest).
 */
function bulkLoader<Q, R>(path: string, schema: z.ZodType<BulkAnswer<R>>): (request: Q) => Promise<R> {
  type Waiting = { uniqueId: string; request: Q; resolve(result: R): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;

  const send = async (batch: Waiting[]) => {
    try {
      const answer = await postJson(path, { requests: batch.map(({ uniqueId, request }) => ({ uniqueId, request })) }, schema);
      for (const entry of batch) {
        const result = answer.results[entry.uniqueId];
        const failure = answer.errors[entry.uniqueId];
        if (result !== undefined) entry.resolve(result);
        else entry.reject(new ApiError(failure?.status ?? 0, failure?.message ?? MESSAGES.unexpected));
      }
    } catch (error) {
      batch.forEach((entry) => entry.reject(error));
    }
  };
  const flush = () => {
    timer = null;
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += DISCUSSION_BULK_MAX) void send(all.slice(i, i + DISCUSSION_BULK_MAX));
  };
  return (request) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ uniqueId: String(nextId++), request, resolve, reject });
      timer ??= setTimeout(flush, BULK_WAIT_MS);
    });
}

const loadSummary = bulkLoader<{ opaque_id: string; context?: string }, ThreadSummary>("comment/thread/summary/bulk", ThreadSummaryBulkResponse);
const loadThreadPage = bulkLoader<{ opaque_id: string; page: number }, Thread>("comment/thread/bulk", ThreadBulkResponse);

/** The context field of a call: a group's discussions send "group", an item's Discuss card nothing. */
const withContext = (context: DiscussionContextName) => (context ? { context } : {});

/**
 * Query keys of an item's discussions, all under ["discussion", opaqueId] so one call can refresh them together; the
 * item's Discuss card ("item") and a group's discussions ("group") each have their own summary and thread caches.
 * A group's open thread (the discussion modal) is cached under its thread key plus the thread's id, so the comment
 * calls update whichever caches of that discussion are loaded.
 */
export const discussionKeys = {
  all: (opaqueId: string) => ["discussion", opaqueId] as const,
  summary: (opaqueId: string, context: DiscussionContextName = null) => ["discussion", opaqueId, context ?? "item", "summary"] as const,
  thread: (opaqueId: string, context: DiscussionContextName = null) => ["discussion", opaqueId, context ?? "item", "thread"] as const,
  list: (opaqueId: string, context: DiscussionContextName) => ["discussion", opaqueId, context ?? "item", "list"] as const,
  history: (opaqueId: string, commentId: number) => ["discussion", opaqueId, "history", commentId] as const,
};

/** The summary (count, open or closed, what the actor may do); it loads first, guests included (spec). */
export function useDiscussionSummary(opaqueId: string, context: DiscussionContextName = null) {
  return useQuery({
    queryKey: discussionKeys.summary(opaqueId, context),
    queryFn: () => loadSummary({ opaque_id: opaqueId, ...withContext(context) }),
    // The card says in place that it could not load.
    meta: { silent: true },
  });
}

/** The thread's top-level comments, page by page (newest first, 10 a page), each with its latest replies; only while enabled. */
export function useDiscussionThread(opaqueId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: discussionKeys.thread(opaqueId),
    queryFn: ({ pageParam }) => loadThreadPage({ opaque_id: opaqueId, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    enabled,
    meta: { silent: true },
  });
}

/** The top-level comments of every loaded page, in order, each once (a new comment shifts the pages the server cuts). */
export function flattenThread(data: InfiniteData<Thread> | undefined): Comment[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.comments).filter((comment) => !seen.has(comment.id) && Boolean(seen.add(comment.id)));
}

type ThreadData = InfiniteData<Thread, number>;

/** A reply as a top-level comment's `replies` holds it: its own reply list is always empty (one level of nesting). */
type Reply = CommentReply;
const asReply = (comment: Comment): Reply => ({ ...comment, replies: [] });

/** Applies `change` to every loaded thread cache of the discussion (the Discuss card's, or a group's open thread). */
function updateThreads(client: QueryClient, opaqueId: string, context: DiscussionContextName, change: (old: ThreadData) => ThreadData): void {
  client.setQueriesData<ThreadData>({ queryKey: discussionKeys.thread(opaqueId, context) }, (old) => old && change(old));
}

/** After a change a group's thread list shows (counts, last activity, titles): read the list again. */
function refreshList(client: QueryClient, opaqueId: string, context: DiscussionContextName): void {
  if (context) void client.invalidateQueries({ queryKey: discussionKeys.list(opaqueId, context) });
}

/** Applies `change` to the cached comment `id` (top-level, or a reply under one) in the discussion's threads. */
function updateComment(client: QueryClient, opaqueId: string, context: DiscussionContextName, id: number, change: (comment: Comment) => Comment): void {
  const visit = (top: Comment): Comment => {
    const updated = top.id === id ? change(top) : top;
    return updated.replies.some((reply) => reply.id === id) ? { ...updated, replies: updated.replies.map((reply) => (reply.id === id ? asReply(change(reply)) : reply)) } : updated;
  };
  updateThreads(client, opaqueId, context, (old) => ({ ...old, pages: old.pages.map((page) => ({ ...page, comments: page.comments.map(visit) })) }));
}

/** Changes the summary's count by `delta` (never below 0) until the summary is read again. */
function shiftCount(client: QueryClient, opaqueId: string, context: DiscussionContextName, delta: number): void {
  client.setQueryData<ThreadSummary>(discussionKeys.summary(opaqueId, context), (old) => old && { ...old, comments_count: Math.max(0, old.comments_count + delta) });
}

/**
 * Posts a comment, or a reply with `reply_to`; the new comment goes first in the list, or last under its parent. In a
 * group's discussions a new top-level comment is a new thread: the thread list is read again instead.
 */
export function usePostComment(opaqueId: string, context: DiscussionContextName = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CommentCreateRequest, "opaque_id" | "reply_to" | "context"> & { reply_to?: number | null }) => postJson("comment/thread/comment", { ...body, opaque_id: opaqueId, ...withContext(context) }, Comment),
    onSuccess: (comment, body) => {
      shiftCount(client, opaqueId, context, 1);
      refreshList(client, opaqueId, context);
      if (body.reply_to != null) {
        // A reply to a reply is attached by the server to that reply's top-level comment; find whichever holds it.
        const parentId = body.reply_to;
        updateThreads(client, opaqueId, context, (old) =>
          ({
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              comments: page.comments.map((top) =>
                top.id === parentId || top.replies.some((reply) => reply.id === parentId) ? { ...top, replies: [...top.replies, asReply(comment)], replies_count: top.replies_count + 1 } : top,
              ),
            })),
          }),
        );
      } else if (!context) {
        updateThreads(client, opaqueId, context, (old) => ({ ...old, pages: old.pages.map((page, i) => (i === 0 ? { ...page, comments: [comment, ...page.comments] } : page)) }));
      }
      // The summary's thread id (null before the first comment) and the count from the server, after the quick update.
      void client.invalidateQueries({ queryKey: discussionKeys.summary(opaqueId, context) });
    },
  });
}

/** Saves an edit by the author or an admin; the comment is replaced where it is shown (with its Edited marker). */
export function useEditComment(opaqueId: string, context: DiscussionContextName = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CommentUpdateRequest, "opaque_id" | "comment_id" | "context"> & { comment_id: number }) => putJson("comment/thread/comment", { ...body, opaque_id: opaqueId, ...withContext(context) }, Comment),
    // The answer carries no embedded replies: keep the ones on screen.
    onSuccess: (comment) => {
      updateComment(client, opaqueId, context, comment.id, (old) => ({ ...comment, replies: old.replies, replies_count: old.replies_count }));
      refreshList(client, opaqueId, context);
    },
  });
}

/**
 * Deletes a comment: one with replies is kept with the server's replacement text and a Deleted marker; one without
 * leaves the list, and its parent's reply count drops (never below 0); a parent kept only for its replies leaves with the last.
 */
export function useDeleteComment(opaqueId: string, context: DiscussionContextName = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteJson("comment/thread/comment", CommentDeleteResponse, { json: { opaque_id: opaqueId, comment_id: commentId, ...withContext(context) } }),
    onSuccess: (answer) => {
      shiftCount(client, opaqueId, context, -1);
      refreshList(client, opaqueId, context);
      if (answer.deleted_with_replies_at) {
        updateComment(client, opaqueId, context, answer.id, (old) => ({ ...old, content: answer.content, is_html: false, title: null, deleted_with_replies_at: answer.deleted_with_replies_at }));
      } else {
        updateThreads(client, opaqueId, context, (old) =>
          ({
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              comments: page.comments
                .filter((top) => top.id !== answer.id)
                .map((top) => (top.replies.some((reply) => reply.id === answer.id) ? { ...top, replies: top.replies.filter((reply) => reply.id !== answer.id), replies_count: Math.max(0, top.replies_count - 1) } : top))
                // A comment kept only for its replies goes with the last of them, as on the server.
                .filter((top) => !(top.deleted_with_replies_at && top.replies_count === 0)),
            })),
          }),
        );
      }
      void client.invalidateQueries({ queryKey: discussionKeys.summary(opaqueId, context) });
    },
  });
}

/** Loads all the replies of a top-level comment (the card shows the latest few until asked) into the thread's cache. */
export function useLoadReplies(opaqueId: string, context: DiscussionContextName = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => getJson("comment/thread/comment/replies", CommentList, { searchParams: { opaque_id: opaqueId, comment_id: commentId, ...withContext(context) } }),
    onSuccess: ({ data }, commentId) => updateComment(client, opaqueId, context, commentId, (old) => ({ ...old, replies: data.map(asReply), replies_count: Math.max(old.replies_count, data.length) })),
  });
}

/** Sets or removes the actor's reaction (choosing the current one again removes it); the counts are the server's. */
export function useCommentFeedback(opaqueId: string, context: DiscussionContextName = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CommentFeedbackRequest, "opaque_id" | "comment_id" | "context"> & { comment_id: number }) =>
      postJson("comment/thread/comment/feedback", { ...body, opaque_id: opaqueId, ...withContext(context) }, CommentFeedbackCounts),
    onSuccess: (counts, body) => updateComment(client, opaqueId, context, body.comment_id, (old) => ({ ...old, ...counts })),
  });
}

/** POST /comment/thread/comment/flag: Report as Inappropriate (answers the thanks; nothing in the thread changes). */
export function reportComment(opaqueId: string, body: Omit<CommentFlagRequest, "opaque_id" | "context">, context: DiscussionContextName = null): Promise<StatusMessageResponse> {
  return postJson("comment/thread/comment/flag", { ...body, opaque_id: opaqueId, ...withContext(context) }, StatusMessageResponse);
}

/** Subscribes to or unsubscribes from a top-level comment's replies. */
export function useCommentSubscription(opaqueId: string, context: DiscussionContextName = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CommentSubscribeRequest, "opaque_id" | "comment_id" | "context"> & { comment_id: number }) =>
      postJson("comment/thread/comment/subscribe", { ...body, opaque_id: opaqueId, ...withContext(context) }, CommentSubscribeResponse),
    onSuccess: ({ subscribed }, body) => updateComment(client, opaqueId, context, body.comment_id, (old) => ({ ...old, subscribed })),
  });
}

/** Opens or closes the item's discussion (managers); the answer is the new summary. */
export function useSetViewPermission(opaqueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (viewPermission: ThreadPermissionRequest["view_permission"]) => putJson("comment/thread", { opaque_id: opaqueId, view_permission: viewPermission }, ThreadSummary),
    onSuccess: (summary) => {
      client.setQueryData(discussionKeys.summary(opaqueId), summary);
      client.setQueryData<ThreadData>(discussionKeys.thread(opaqueId), (old) => old && { ...old, pages: old.pages.map((page) => ({ ...page, view_permission: summary.view_permission, status_label: summary.view_permission, transient: summary.transient })) });
    },
  });
}

/** A comment's history (admins), while its dialog is open. */
export function useCommentHistory(opaqueId: string, commentId: number, context: DiscussionContextName = null) {
  return useQuery({
    queryKey: discussionKeys.history(opaqueId, commentId),
    queryFn: async () => (await getJson("comment/thread/comment/history", CommentHistoryList, { searchParams: { opaque_id: opaqueId, comment_id: commentId, ...withContext(context) } })).data,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** The text to show for a failed discussion call: the server's reason for a refusal (4xx), else the spec's generic text. */
export function discussionFailureText(error: unknown, generic: string = MESSAGES.unexpected): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.displayMessage : generic;
}

/** What the thread widget asks for: the sort, the page and the search term (null: no search). */
export interface DiscussionListParams {
  sort: DiscussionSort;
  page: number;
  st: string | null;
}

/** A page of a group's threads (GET /comment/thread/discussions), for signed-in readers; the last page stays shown while the next loads. */
export function useGroupDiscussions(opaqueId: string, params: DiscussionListParams, enabled: boolean) {
  return useQuery({
    queryKey: [...discussionKeys.list(opaqueId, GROUP_DISCUSSION_CONTEXT), params] as const,
    queryFn: () =>
      getJson("comment/thread/discussions", DiscussionList, {
        searchParams: { opaque_id: opaqueId, context: GROUP_DISCUSSION_CONTEXT, sort: params.sort, page: params.page, ...(params.st ? { st: params.st } : {}) },
      }),
    enabled,
    placeholderData: keepPreviousData,
    // The widget says in place that the list could not load.
    meta: { silent: true },
  });
}

/**
 * One thread of a group with all its replies (GET /comment/thread/discussion, the discussion modal), cached as a
 * one-page thread under the group's thread key, so the comment calls (reply, edit, delete, react) update it in place.
 */
export function useGroupDiscussion(opaqueId: string, commentId: number) {
  return useInfiniteQuery({
    queryKey: [...discussionKeys.thread(opaqueId, GROUP_DISCUSSION_CONTEXT), commentId] as const,
    queryFn: () => getJson("comment/thread/discussion", ThreadSchema, { searchParams: { opaque_id: opaqueId, context: GROUP_DISCUSSION_CONTEXT, comment_id: commentId } }),
    initialPageParam: 1,
    getNextPageParam: () => undefined,
    staleTime: 0,
    meta: { silent: true },
  });
}
