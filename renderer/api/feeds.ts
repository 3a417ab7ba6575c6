import { keepPreviousData, matchQuery, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import {
  CommentFeedbackCounts,
  FeedPage,
  FeedPost,
  FeedPostDeleteResponse,
  GroupJoinRequestResponse,
  GroupJoiningResponse,
  GroupMembersResponse,
  GroupMembershipResponse,
  OWNER_AUTOCOMPLETE_MIN,
  OwnerAutocomplete,
  StatusMessageResponse,
  feedBase,
  groupJoinRequestPath,
  groupJoiningPath,
  groupJoinRequestsPath,
  groupJoinPermissionPath,
  groupMembersPath,
  groupMembershipPath,
  type FeedFeedbackRequest,
  type FeedPostCreateRequest,
  type FeedPostFlagRequest,
} from "../../contract/index.js";
import { deleteJson, getJson, postJson, putJson } from "./client.js";
import { itemQueryKeyAll } from "./editor.js";

/** The item a feed belongs to, as its page knows it. */
export interface FeedOwner {
  model_key: string;
  id: number;
}

/**
 * A group named by its page's uid (from its link): how an outsider of an "Only members" group, who may not open its
 * page, reaches it to join or ask (the server finds such a group by its uid only).
 */
export interface GroupLink {
  /** The page's uid (named apart from an item's own uid: a page's item, which has one too, is named by its id). */
  linkUid: string;
}

/** The path segment naming the group: its page's content id, or its uid for one reached by its link. */
const groupRef = (group: FeedOwner | GroupLink): number | string => ("linkUid" in group ? group.linkUid : group.id);

/** Query key of where the asker stands on joining a group reached by its link. */
export const groupJoiningKey = (uid: string) => ["group-joining", uid] as const;

/**
 * Where the asker stands on joining the group whose page's uid this is (GET /groups/{uid}/joining): for an outsider of
 * an "Only members" group, and for the top of the page of a group they read. A 404 means there is nothing to meet.
 */
export function useGroupJoining(uid: string, enabled = true) {
  return useQuery({
    queryKey: groupJoiningKey(uid),
    queryFn: () => getJson(relative(groupJoiningPath(uid)), GroupJoiningResponse),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    // A 404 is an expected answer: the page shows its own not-found.
    meta: { refusalsShownByScreen: true },
  });
}

/** The client's paths have no leading slash (the base URL is the prefix). */
const relative = (path: string) => path.replace(/^\/+/, "");

/** Query key of an item's feed. */
export const feedKey = (owner: FeedOwner) => ["feed", owner.model_key, owner.id] as const;

type FeedData = InfiniteData<FeedPage, string>;

/** The item's feed, page by page: the first page at the feed base, each next one at the page's next_page_url. */
export function useFeed(owner: FeedOwner) {
  return useInfiniteQuery({
    queryKey: feedKey(owner),
    queryFn: ({ pageParam }) => getJson(relative(pageParam), FeedPage),
    initialPageParam: feedBase(owner.model_key, owner.id),
    getNextPageParam: (last) => last.next_page_url ?? undefined,
    // Feed load failures are not toasted (second document: "silently ignored"); the card offers to try again.
    meta: { silent: true },
  });
}

/** The posts of every loaded page, in order, each once. */
export function flattenFeed(data: InfiniteData<FeedPage, unknown> | undefined): FeedPost[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.data).filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
}

/** Applies `change` to the pages of the cached feed. */
function updatePages(client: QueryClient, owner: FeedOwner, change: (posts: FeedPost[], index: number) => FeedPost[]): void {
  client.setQueryData<FeedData>(feedKey(owner), (old) => old && { ...old, pages: old.pages.map((page, i) => ({ ...page, data: change(page.data, i) })) });
}

/** Posts to the feed; the new post goes first. */
export function usePostToFeed(owner: FeedOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedPostCreateRequest) => postJson(relative(feedBase(owner.model_key, owner.id)), body, FeedPost),
    onSuccess: (post) => updatePages(client, owner, (posts, i) => (i === 0 ? [post, ...posts.filter((p) => p.id !== post.id)] : posts)),
  });
}

/** PUT /feeds/posts/{id}: the poster's new text; the post is replaced in place by the server's answer. */
export function useEditFeedPost(owner: FeedOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, content }: { postId: number; content: string }) => putJson(`feeds/posts/${postId}`, { content }, FeedPost),
    onSuccess: (post) => updatePages(client, owner, (posts) => posts.map((p) => (p.id === post.id ? post : p))),
  });
}

/** Deletes a post; it leaves the list. */
export function useDeleteFeedPost(owner: FeedOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => deleteJson(`feeds/posts/${postId}`, FeedPostDeleteResponse),
    onSuccess: (answer) => updatePages(client, owner, (posts) => posts.filter((p) => p.id !== answer.id)),
  });
}

/** Sets or removes the actor's reaction (choosing the current one again removes it); the counts are the server's. */
export function useFeedPostFeedback(owner: FeedOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, ...body }: FeedFeedbackRequest & { postId: number }) => postJson(`feeds/posts/${postId}/feedback`, body, CommentFeedbackCounts),
    onSuccess: (counts, { postId }) => updatePages(client, owner, (posts) => posts.map((p) => (p.id === postId ? { ...p, ...counts } : p))),
  });
}

/** POST /feeds/posts/{id}/flag: Report as Inappropriate (answers the thanks; the feed does not change). */
export function reportFeedPost(postId: number, body: FeedPostFlagRequest): Promise<StatusMessageResponse> {
  return postJson(`feeds/posts/${postId}/flag`, body, StatusMessageResponse);
}

/**
 * Joins (true) or leaves (false) the group whose page the feed is on. Every query is read again afterwards: being in
 * the group changes what its member may see and do (its feed's form, members-only items, search).
 */
export function useGroupMembership(owner: FeedOwner | GroupLink) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) => {
      const path = relative(groupMembershipPath(groupRef(owner)));
      return join ? postJson(path, {}, GroupMembershipResponse) : deleteJson(path, GroupMembershipResponse);
    },
    onSuccess: () => client.invalidateQueries(),
  });
}

/**
 * Asks to join (true) or withdraws the asker's request to join (false) the group whose page the feed is on. Every
 * query is read again afterwards, as for joining: the feed's note and the leaders' list change with it.
 */
export function useJoinRequest(owner: FeedOwner | GroupLink) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ask: boolean) => {
      const path = relative(groupJoinRequestPath(groupRef(owner)));
      return ask ? postJson(path, {}, GroupJoinRequestResponse) : deleteJson(path, GroupJoinRequestResponse);
    },
    // Every query but a refused item page: an "Only members" group's page answers its outsider 404 before and after a
    // request, and a query refetched from an error starts over as pending, which would blank the outsider's card for a
    // moment and lose the focus the note moves to its heading.
    onSuccess: () => client.invalidateQueries({ predicate: (query) => !(query.queryKey[0] === itemQueryKeyAll[0] && query.state.status === "error") }),
  });
}

/** Query key of a group's people (its Members card). */
export const groupMembersKey = (owner: FeedOwner) => ["group-members", owner.id] as const;

/**
 * One page (from 1) of the people of the group whose page the item is, leaders first, and one of its pending requests to join, their total and the asker's role
 * (signed-in readers only: `enabled` false for a guest); the page shown stays while the next loads. Keyed under
 * groupMembersKey, so a change to the group's people reads every page again.
 */
export function useGroupMembers(owner: FeedOwner, pages: { page: number; requestsPage: number }, enabled = true) {
  const { page, requestsPage } = pages;
  return useQuery({
    queryKey: [...groupMembersKey(owner), page, requestsPage],
    queryFn: () => getJson(relative(groupMembersPath(owner.id)), GroupMembersResponse, { searchParams: { page, requests_page: requestsPage } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * The people the group's leaders may add whose name holds the term, from 3 characters: none already in the group,
 * whichever page of its roll they are on (GET {members}/candidates). Keyed under groupMembersKey, so a person just
 * added is no longer offered.
 */
export function useGroupMemberCandidates(owner: FeedOwner, term: string) {
  return useQuery({
    queryKey: [...groupMembersKey(owner), "candidates", term],
    queryFn: () => getJson(`${relative(groupMembersPath(owner.id))}/candidates`, OwnerAutocomplete, { searchParams: { st: term } }),
    enabled: term.length >= OWNER_AUTOCOMPLETE_MIN,
    staleTime: 30_000,
  });
}

/** One change to a group's people by its leaders or an administrator: add a person, set a person's role, remove one, approve or decline a request to join, or choose who can join. */
export type GroupMemberChange =
  | { kind: "add"; profileId: number }
  | { kind: "role"; profileId: number; role: "leader" | "member" }
  | { kind: "remove"; profileId: number }
  | { kind: "approve"; profileId: number }
  | { kind: "decline"; profileId: number }
  | { kind: "joinPermission"; joinPermission: number; canRequestJoin: boolean };

/**
 * Adds (POST {members}), sets the role of (PUT {members}/{id}) or removes (DELETE) a person of the group, or approves
 * (POST {join-requests}/{id}/approve) or declines (DELETE {join-requests}/{id}) a request to join, or sets who can join
 * (PUT /groups/{id}/join-permission). Every query
 * is read again afterwards, as for joining: the changed person may be the asker, whose abilities change with it.
 * The change counts as done (no longer pending) once the group's people are read again, not the whole page: the
 * Members card's buttons wait while a change is pending, and the list already shows the new role, so waiting for every
 * other query (the feed, the discussions, the item...) left them inert, a press on them ignored, for as long as the
 * slowest of those took.
 */
export function useGroupMemberChange(owner: FeedOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: GroupMemberChange) => {
      const base = relative(groupMembersPath(owner.id));
      if (change.kind === "add") return postJson(base, { profile_id: change.profileId }, StatusMessageResponse);
      if (change.kind === "joinPermission") return putJson(relative(groupJoinPermissionPath(owner.id)), { join_permission: change.joinPermission, can_request_join: change.canRequestJoin }, StatusMessageResponse);
      if (change.kind === "role") return putJson(`${base}/${change.profileId}`, { role: change.role }, StatusMessageResponse);
      const requests = relative(groupJoinRequestsPath(owner.id));
      if (change.kind === "approve") return postJson(`${requests}/${change.profileId}/approve`, {}, StatusMessageResponse);
      if (change.kind === "decline") return deleteJson(`${requests}/${change.profileId}`, StatusMessageResponse);
      return deleteJson(`${base}/${change.profileId}`, StatusMessageResponse);
    },
    onSuccess: async () => {
      const members = { queryKey: groupMembersKey(owner) };
      void client.invalidateQueries({ predicate: (query) => !matchQuery(members, query) });
      await client.invalidateQueries(members);
    },
  });
}
