import { feedBase, type FeedPage, type FeedPost, type FeedbackType, type GroupJoinRequest, type GroupMember, type GroupMembersResponse } from "../../contract/index.js";
import type { AttachmentRow, Content } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import type { FeedbackCounts } from "../models/comments.js";
import type { FeedPostWithPoster } from "../models/feeds.js";
import type { GroupJoinRequestRow } from "../models/groupJoinRequests.js";
import type { GroupMemberRow } from "../models/profiles.js";
import { feedPolicy, groupPolicy } from "../policies/index.js";
import type { FeedSubject } from "../policies/feed.js";
import { presentPostAttachment } from "./attachment.js";
import { presentFeedback } from "./comment.js";
import { profileLink } from "./profile.js";

/** What presenting posts needs besides the rows: the actor, the feed (for the abilities) and the reactions. */
export interface FeedLookups {
  actor: Actor;
  feed: FeedSubject;
  counts: Map<number, FeedbackCounts>;
  mine: Map<number, FeedbackType>;
  attachments: Map<number, AttachmentRow[]>;
}

/** One post, with its attachments, the actor's reaction and abilities. */
export function presentFeedPost(row: FeedPostWithPoster, lookups: FeedLookups): FeedPost {
  return {
    id: row.id,
    content: row.content,
    // The poster's name leads to their profile page (second document: "the poster's profile link").
    poster: { id: row.poster_id, name: row.poster_name, link: profileLink(row.poster_uid) },
    created_at: row.created_at,
    edited_at: row.edited_at,
    attachments: (lookups.attachments.get(row.id) ?? []).map(presentPostAttachment),
    opaque_id: row.opaque_id,
    ...presentFeedback(lookups.counts.get(row.id), lookups.mine.get(row.id) ?? null),
    abilities: feedPolicy.abilitiesOn(lookups.actor, lookups.feed, row),
  };
}

/** A page of the item's feed; next_page_url asks for the posts before the last one shown, null on the last page. */
export function presentFeedPage(item: Pick<Content, "id" | "model_key">, posts: FeedPost[], more: boolean, abilities: FeedPage["abilities"], joinRequestedAt: string | null): FeedPage {
  const last = posts.at(-1);
  return {
    data: posts,
    next_page_url: more && last ? `${feedBase(item.model_key, item.id)}?before=${last.id}` : null,
    abilities,
    join_requested_at: joinRequestedAt,
  };
}

/** One person of a group, as the Members card lists them. */
export function presentGroupMember(row: GroupMemberRow): GroupMember {
  return { id: row.id, name: row.name, link: profileLink(row.uid), role: row.role };
}

/** A page of a group's people (leaders first), how many in all, its sole leader if it has one only, the asker's own role in it and what it may do. */
export function presentGroupMembers(
  actor: Actor,
  rows: GroupMemberRow[],
  counts: { total: number; soleLeaderId: number | null; page: number; per: number; requestsPage: number },
  viewerRole: GroupMembersResponse["viewer_role"],
  requests: { rows: GroupJoinRequestRow[]; total: number },
  joining: { joinPermission: number | null; canRequestJoin: boolean },
): GroupMembersResponse {
  const manage = groupPolicy.canManageMembers(actor, viewerRole);
  // Who asked to join is the leaders' business: others get an empty list whatever was loaded.
  const answer = groupPolicy.canAnswerJoinRequests(actor, viewerRole);
  return {
    data: rows.map(presentGroupMember),
    total: counts.total,
    page: counts.page,
    per: counts.per,
    viewer_role: viewerRole,
    abilities: { manage },
    sole_leader_id: counts.soleLeaderId,
    requests: answer ? requests.rows.map(presentJoinRequest) : [],
    requests_total: answer ? requests.total : 0,
    requests_page: counts.requestsPage,
    join_permission: joining.joinPermission,
    can_request_join: joining.canRequestJoin,
  };
}

/** A pending request to join, as the group's leaders see it. */
export function presentJoinRequest(row: GroupJoinRequestRow): GroupJoinRequest {
  return { id: row.profile_id, name: row.name, link: profileLink(row.uid), created_at: row.created_at };
}
