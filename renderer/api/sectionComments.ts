import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  RemovedSectionThreadsResponse,
  SECTION_COMMENT_MESSAGES,
  SECTION_MODULE,
  SectionCommentDeleteResponse,
  SectionCommentResponse,
  SectionThreadResponse,
  SectionThreadStatusResponse,
  SectionThreadsResponse,
} from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { getJson, postJson } from "./client.js";

/** The item whose sections are commented on: its model key and id, as the legacy calls name it. */
export interface CommentedItem {
  model_key: string;
  id: number;
}

const itemRef = (item: CommentedItem) => ({ type: item.model_key, type_id: item.id });
const threadsKey = (item: CommentedItem) => ["section-threads", item.model_key, item.id] as const;
// Under the threads' key, so whatever refreshes the item's threads refreshes the removed ones too.
const removedThreadsKey = (item: CommentedItem) => [...threadsKey(item), "removed"] as const;
const threadKey = (item: CommentedItem, sectionUid: string) => ["section-thread", item.model_key, item.id, sectionUid] as const;

/** Every section thread of the item (the sections' badges and the open-thread count); for signed-in readers only. */
export function useSectionThreads(item: CommentedItem, enabled: boolean) {
  return useQuery({
    queryKey: threadsKey(item),
    queryFn: () => getJson("comment/threads", SectionThreadsResponse, { searchParams: itemRef(item) }),
    enabled,
  });
}

/** The threads of the item's removed sections (the Deleted Comment Threads card); the server answers only the item's editors. */
export function useRemovedSectionThreads(item: CommentedItem, enabled: boolean) {
  return useQuery({
    queryKey: removedThreadsKey(item),
    queryFn: () => getJson("comment/threads/removed", RemovedSectionThreadsResponse, { searchParams: itemRef(item) }),
    enabled,
    // A failed comment load is silently ignored (first document, section 8): the card is simply not shown.
    meta: { silent: true },
  });
}

/** After a save of the item's sections: a removed section's thread moves to the removed ones, a restored one back. */
export function refreshSectionThreads(queryClient: QueryClient, item: CommentedItem): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: threadsKey(item) });
}

/** One section's thread, loaded when its comments are opened. */
export function useSectionThread(item: CommentedItem, sectionUid: string, enabled: boolean) {
  return useQuery({
    queryKey: threadKey(item, sectionUid),
    queryFn: () => getJson("comment/getcomment", SectionThreadResponse, { searchParams: { ...itemRef(item), module: SECTION_MODULE, module_id: sectionUid } }),
    enabled,
  });
}

/** The writes on one section's thread; each refreshes the thread and the item's badges. */
export function useSectionCommentActions(item: CommentedItem, sectionUid: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: threadKey(item, sectionUid) }), queryClient.invalidateQueries({ queryKey: threadsKey(item) })]);
  return {
    add: useMutation({
      mutationFn: (content: string) => postJson("comment/addcomment", { ...itemRef(item), module: SECTION_MODULE, module_id: sectionUid, content }, SectionCommentResponse),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ commentId, content }: { commentId: number; content: string }) => postJson("comment/updatecomment", { ...itemRef(item), comment_id: commentId, content }, SectionCommentResponse),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (commentId: number) => postJson("comment/deletecomment", { ...itemRef(item), comment_id: commentId }, SectionCommentDeleteResponse),
      onSuccess,
    }),
    setStatus: useMutation({
      mutationFn: ({ threadId, status }: { threadId: number; status: 1 | 2 }) => postJson("comment/updatestatus", { ...itemRef(item), thread_id: threadId, status }, SectionThreadStatusResponse),
      onSuccess,
    }),
  };
}

/**
 * What the popover shows for a failed send (second document, section 8): a 422's own message, else "System error",
 * which the form's banner (Alert) shows as the first document's long text.
 */
export function sectionCommentFailureText(error: unknown): string {
  return error instanceof ApiError && error.status === 422 ? error.displayMessage : SECTION_COMMENT_MESSAGES.systemError;
}
