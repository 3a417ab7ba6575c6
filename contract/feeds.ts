import { z } from "zod";
import { ATTACHMENT_MAX_BYTES, AttachmentIds, PostAttachment } from "./attachments.js";
import { listPage, listPageOf, positiveId } from "./common.js";
import { GROUP_JOIN_PERMISSIONS, GroupJoinMode, permissionIdIn } from "./create.js";
import { FlagRequest } from "./contentActions.js";
import { CommentFeedbackCounts, FEEDBACK_TYPES } from "./discussions.js";

/** Message texts of a group's feed (the spec names none: the design's). */
export const FEED_MESSAGES = {
  contentRequired: "The post cannot be empty.",
  contentTooLong: "A post may be at most 10000 characters.",
  attachmentsUnavailable: "Attachments are not available on this site.",
  noFeed: "This item has no feed.",
  postNotFound: "The post was not found.",
  postForbidden: "Only members of this group may post to its feed.",
  reactForbidden: "Sign in to react to posts.",
  editForbidden: "Only the poster may edit this post.",
  edited: "The post was saved.",
  deleteForbidden: "Only the poster, the group's leaders, moderators and administrators may delete this post.",
  reportOwn: "You cannot report your own post: delete it instead.",
  feedbackTypeInvalid: "feedback_type must be like, love, magic or powerful.",
  removeInvalid: "remove must be true or false.",
  beforeInvalid: "before must identify a post.",
  deleted: "The post was deleted.",
  joinForbidden: "This group is not open to join: its leaders choose its members.",
  joined: "You joined this group.",
  leaveForbidden: "Only a member who is not one of its leaders may leave this group.",
  left: "You left this group.",
} as const;

/** The join permission (contract/create.ts GROUP_JOIN_PERMISSIONS) under which any reader may join a group at once. */
export const GROUP_JOIN_ANYONE = 6;
/** The join permission under which a reader asks to join and the group's leaders approve or decline. */
export const GROUP_JOIN_BY_REQUEST = 5;
/** The join permission under which only the group's leaders add people: requests are refused. */
export const GROUP_JOIN_INVITATION_ONLY = 4;

/** Message texts of requests to join a group (ours: the spec names none). */
export const GROUP_JOIN_REQUEST_MESSAGES = {
  invitationOnly: "This group is by invitation only: its leaders choose its members, and it takes no requests to join.",
  openToAll: "This group is open to anyone: join it instead of asking.",
  alreadyIn: "You are already in this group.",
  pending: "You have already asked to join this group: its leaders have your request.",
  sent: "Your request to join this group was sent to its leaders.",
  withdrawn: "Your request to join this group was withdrawn.",
  noneToWithdraw: "You have no pending request to join this group.",
  notRequested: "This person has no pending request to join this group.",
  approved: "The request was approved: the person is now a member of this group.",
  declined: "The request was declined.",
} as const;

/** Longest post (the comment limit: a post is a top-level comment of the group's feed). */
export const FEED_POST_MAX = 10000;
/** Posts per page of a feed; the next page is asked for by its next_page_url. */
export const FEED_POSTS_PER_PAGE = 10;
/** Largest attachment the spec allows (5 MB). */
export const FEED_ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;
/** The site feature that offers attachments on feed posts (second document, section 6). */
export const FEED_ATTACHMENTS_FEATURE = "feed-discussions.attachments";
/** The feed offers all four reactions (the spec leaves out powerful's picker only in discussions). */
export const FEED_FEEDBACK_PICKER = FEEDBACK_TYPES;

const postId = (message: string) => positiveId(message);

/** GET {feed base}: the page after the post `before` (the next_page_url carries it); the newest page without it. */
export const FeedQuery = z.object({ before: postId(FEED_MESSAGES.beforeInvalid).optional() });
export type FeedQuery = z.input<typeof FeedQuery>;

const postContent = z.string({ error: FEED_MESSAGES.contentRequired }).trim().min(1, FEED_MESSAGES.contentRequired).max(FEED_POST_MAX, FEED_MESSAGES.contentTooLong);

/**
 * POST {feed base}: a new post; plain text, required after trimming; attachments: the ids POST /feeds/attachment
 * answered the poster (at most 10; a non-empty list is refused while the feature feed-discussions.attachments is off).
 */
export const FeedPostCreateRequest = z.object({
  content: postContent,
  attachments: AttachmentIds.nullish().transform((ids) => ids ?? []),
});
export type FeedPostCreateRequest = z.input<typeof FeedPostCreateRequest>;

/** PUT /feeds/posts/{id} (our path: the spec names Edit Post, not its call): the poster's new text; attachments stay. */
export const FeedPostUpdateRequest = z.object({ content: postContent });
export type FeedPostUpdateRequest = z.input<typeof FeedPostUpdateRequest>;

/** POST /feeds/posts/{id}/feedback: remove true, or the current type again, removes the actor's reaction. */
export const FeedFeedbackRequest = z.object({
  feedback_type: z.enum(FEEDBACK_TYPES, { error: FEED_MESSAGES.feedbackTypeInvalid }),
  remove: z.boolean({ error: FEED_MESSAGES.removeInvalid }).optional().default(false),
});
export type FeedFeedbackRequest = z.input<typeof FeedFeedbackRequest>;

/** POST /feeds/posts/{id}/flag: Report as Inappropriate (the call's path is ours), as the item's flagging dialog asks it. */
export const FeedPostFlagRequest = z.object({ value: FlagRequest.shape.value, message: FlagRequest.shape.message });
export type FeedPostFlagRequest = z.input<typeof FeedPostFlagRequest>;

/** Who posted: link is their profile page, `/profiles/{uid}`. */
export const FeedPoster = z.object({ id: z.number(), name: z.string(), link: z.string().nullable() });
export type FeedPoster = z.infer<typeof FeedPoster>;

/** What the actor may do with one post (from server/policies/feed.ts; the card never re-derives it). */
export const FeedPostAbilities = z.object({ edit: z.boolean(), delete: z.boolean(), report: z.boolean(), react: z.boolean() });
export type FeedPostAbilities = z.infer<typeof FeedPostAbilities>;

/** A feed post (second document's entity), with the actor's abilities. Content is plain text: show it as text. */
export const FeedPost = z.object({
  id: z.number(),
  content: z.string(),
  poster: FeedPoster,
  created_at: z.string(),
  /** When the poster last edited the text (the Edited marker); null if never. */
  edited_at: z.string().nullable(),
  /** The files attached when it was posted, in the order sent. */
  attachments: z.array(PostAttachment),
  opaque_id: z.string(),
  ...CommentFeedbackCounts.shape,
  abilities: FeedPostAbilities,
});
export type FeedPost = z.infer<typeof FeedPost>;

/**
 * A page of a feed, newest first; next_page_url is null on the last page. `abilities.post`: the actor may post here;
 * `join` and `leave`: the actor may join the feed's group (it is open to anyone) or leave it (a member, not a leader).
 */
export const FeedPage = z.object({
  data: z.array(FeedPost),
  next_page_url: z.string().nullable(),
  /** `request_join`: the actor may ask to join (the group takes requests: "Request to join", or "Invitation only" with can_request_join; and none of theirs is pending). */
  abilities: z.object({ post: z.boolean(), join: z.boolean(), leave: z.boolean(), request_join: z.boolean() }),
  /** When the actor asked to join the group, while that request waits for a leader (they may withdraw it); else null. */
  join_requested_at: z.string().nullable(),
});
export type FeedPage = z.infer<typeof FeedPage>;

/** DELETE /feeds/posts/{id}'s answer: the post is gone. */
export const FeedPostDeleteResponse = z.object({ id: z.number(), status: z.literal("success"), message: z.string() });
export type FeedPostDeleteResponse = z.infer<typeof FeedPostDeleteResponse>;

/** POST (join) and DELETE (leave) {group membership}'s answer. */
export const GroupMembershipResponse = z.object({ status: z.literal("success"), message: z.string(), role: z.enum(["member"]).nullable() });
export type GroupMembershipResponse = z.infer<typeof GroupMembershipResponse>;

/** Joining (POST) or leaving (DELETE) the group whose page is the item: ours, beside its feed, whose posting it opens. */
export const groupMembershipPath = (modelId: number | string): string => `/groups/${modelId}/membership`;

/** How many of a group's people a page of its Members card lists (leaders first), and how many pending requests to join it shows; `total` says how many there are in all. */
export const GROUP_MEMBERS_SHOWN = 50;

/**
 * GET {group members}: the page of its people and the page of its pending requests to join, each from 1 (default 1),
 * GROUP_MEMBERS_SHOWN a page; a bad one is refused as the orders lists refuse a bad page, naming its parameter.
 */
export const GroupMembersQuery = z.object({ page: listPage, requests_page: listPageOf("requests_page") });

/** GET {group members}/candidates: the people whose name holds `st` (empty finds nobody), for its Add a member field. */
export const GroupMemberCandidatesQuery = z.object({ st: z.string().max(255).default("") });

/** One person of a group, as its Members card lists them: name leading to their profile, and their role in it. */
export const GroupMember = z.object({ id: z.number(), name: z.string(), link: z.string(), role: z.enum(["leader", "member"]) });
export type GroupMember = z.infer<typeof GroupMember>;

/** A pending request to join a group, as its leaders see it: who asked (id, name, link to their profile) and when. */
export const GroupJoinRequest = z.object({ id: z.number(), name: z.string(), link: z.string(), created_at: z.string() });
export type GroupJoinRequest = z.infer<typeof GroupJoinRequest>;

/** POST (ask) and DELETE (withdraw) {the actor's join request}'s answer: requested_at is the pending request's time, null once gone. */
export const GroupJoinRequestResponse = z.object({ status: z.literal("success"), message: z.string(), requested_at: z.string().nullable() });
export type GroupJoinRequestResponse = z.infer<typeof GroupJoinRequestResponse>;

/**
 * Where the asker stands on joining a group (ours, GET /groups/{id or uid}/joining): the group's name, their role in it,
 * whether they may open its page, and what they may do to get in. Named by its page's uid, it is what a signed-in
 * outsider who followed the link of an "Only members" group meets instead of the page; its readers meet the same way
 * in beside the group's name at the top of its page.
 */
export const GroupJoiningResponse = z.object({
  name: z.string(),
  role: z.enum(["leader", "member"]).nullable(),
  reads_page: z.boolean(),
  abilities: z.object({ join: z.boolean(), request_join: z.boolean() }),
  join_requested_at: z.string().nullable(),
  /** How one gets into the group (its search card's words): "invitation" tells a reader who may not ask that a leader adds its members. */
  join_mode: GroupJoinMode.nullable(),
});
export type GroupJoiningResponse = z.infer<typeof GroupJoiningResponse>;

/** Where the asker stands on joining the group whose page is the item, by its content id or its uid (ours). */
export const groupJoiningPath = (modelIdOrUid: number | string): string => `/groups/${modelIdOrUid}/joining`;

/** The actor's own request to join the group whose page is the item (ours): POST asks, DELETE withdraws. */
export const groupJoinRequestPath = (modelId: number | string): string => `/groups/${modelId}/join-request`;

/** A group's pending requests, answered by its leaders and administrators (ours): POST {path}/{profileId}/approve, DELETE {path}/{profileId} declines. */
export const groupJoinRequestsPath = (modelId: number): string => `/groups/${modelId}/join-requests`;

/**
 * GET {group members}'s answer: one page of its people (`per` of them, GROUP_MEMBERS_SHOWN), leaders first then
 * members, each by name; `total` counts all of them (a page past the last is empty, with the total); `viewer_role` is
 * the asker's own role in the group (null when not in it); `abilities` what the asker may do with them.
 */
export const GroupMembersResponse = z.object({
  data: z.array(GroupMember),
  total: z.number(),
  page: z.number(),
  per: z.number(),
  viewer_role: z.enum(["leader", "member"]).nullable(),
  /** `manage`: the asker may add, remove and change the role of the group's people, and answer requests to join (its leaders and administrators). */
  abilities: z.object({ manage: z.boolean() }),
  /** The group's only leader, when it has one only: they can be neither made a member nor removed (a group keeps a leader); else null. */
  sole_leader_id: z.number().nullable(),
  /** One page (`requests_page`, `per` a page) of the pending requests to join, oldest first: only to those who may manage (else empty). */
  requests: z.array(GroupJoinRequest),
  /** The page of requests answered (empty past the last, with requests_total). */
  requests_page: z.number(),
  /** How many requests are pending in all (0 to those who may not manage). */
  requests_total: z.number(),
  /** How people join the group (contract/create.ts GROUP_JOIN_PERMISSIONS); its leaders and administrators change it. */
  join_permission: z.number().nullable(),
  /** The group form's can_request_join: an "Invitation only" group also takes requests to join (ignored by the other two). */
  can_request_join: z.boolean(),
});
export type GroupMembersResponse = z.infer<typeof GroupMembersResponse>;

/** Message texts of managing a group's people (ours: the spec names none). */
export const GROUP_MEMBER_MESSAGES = {
  manageForbidden: "Only this group's leaders and administrators may manage its members.",
  personRequired: "Choose a person to add.",
  alreadyIn: "This person is already in this group.",
  notInGroup: "This person is not in this group.",
  roleInvalid: "role must be leader or member.",
  lastLeader: "A group needs at least one leader: make another member a leader first.",
  added: "The person was added to this group.",
  removed: "The person was removed from this group.",
  madeLeader: "The person is now a leader of this group.",
  madeMember: "The person is now a member of this group.",
  joinPermissionInvalid: "Choose how people join this group: 4 (invitation only), 5 (request to join) or 6 (anyone can join).",
  joinPermissionSaved: (label: string) => `Who can join is now: ${label}.`,
  canRequestJoinInvalid: "can_request_join must be true or false.",
} as const;

/** PUT /groups/{id}/join-permission: how people join the group from now on (pending requests to join stay, to be answered). */
export const GroupJoinPermissionRequest = z.object({
  join_permission: permissionIdIn(GROUP_JOIN_PERMISSIONS, GROUP_MEMBER_MESSAGES.joinPermissionInvalid),
  /** Whether an "Invitation only" group also takes requests to join (the group form's can_request_join); left as it is when omitted. */
  can_request_join: z.boolean({ error: GROUP_MEMBER_MESSAGES.canRequestJoinInvalid }).optional(),
});
export type GroupJoinPermissionRequest = z.infer<typeof GroupJoinPermissionRequest>;

/** POST {group members}: adds a person (a user profile, by id from the profile autocomplete) as a member. */
export const GroupMemberAddRequest = z.object({
  profile_id: positiveId(GROUP_MEMBER_MESSAGES.personRequired),
});
export type GroupMemberAddRequest = z.infer<typeof GroupMemberAddRequest>;

/** PUT {group members}/{profileId}: makes a member a leader, or a leader a member. */
export const GroupMemberRoleRequest = z.object({ role: z.enum(["leader", "member"], { error: GROUP_MEMBER_MESSAGES.roleInvalid }) });
export type GroupMemberRoleRequest = z.infer<typeof GroupMemberRoleRequest>;

/** A group's people (ours): read by whoever may view the group's page; one of them at {path}/{profileId}. */
export const groupMembersPath = (modelId: number): string => `/groups/${modelId}/members`;
/** PUT: how people join the group whose page is the item {modelId}. */
export const groupJoinPermissionPath = (modelId: number): string => `/groups/${modelId}/join-permission`;

/** The feed base of an item: GET for its pages, POST for a new post. */
export const feedBase = (modelKey: string, modelId: number): string => `/feeds/by-type/${encodeURIComponent(modelKey)}/${modelId}`;
