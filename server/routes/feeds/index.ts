import { Router, type Request } from "express";
import {
  ATTACHMENT_MESSAGES,
  CONTENT_ACTION_MESSAGES,
  FEED_MESSAGES,
  FEED_POSTS_PER_PAGE,
  GROUP_JOIN_ANYONE,
  GROUP_JOIN_INVITATION_ONLY,
  GROUP_JOIN_REQUEST_MESSAGES,
  GROUP_MEMBERS_SHOWN,
  GROUP_MEMBER_MESSAGES,
  GroupMemberAddRequest,
  GroupMemberCandidatesQuery,
  GroupMembersQuery,
  GroupMemberRoleRequest,
  GroupJoinPermissionRequest,
  GROUP_JOIN_PERMISSIONS,
  FeedFeedbackRequest,
  FeedPostCreateRequest,
  FeedPostFlagRequest,
  FeedPostUpdateRequest,
  FeedQuery,
  MAX_ID,
  PROFILE_AUTOCOMPLETE_LIMIT,
  type FeedPostDeleteResponse,
  type GroupJoinRequestResponse,
  type GroupJoiningResponse,
  type GroupMembershipResponse,
  type OwnerAutocomplete,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { deleteFeedPostWithFiles, postToFeed } from "../../commands/feedPosts.js";
import type { Db } from "../../db/connection.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { attachmentsOfFeedPosts } from "../../models/attachments.js";
import { feedPostFeedbackCounts, feedPostFeedbackOf, findFeedPost, listFeedPosts, setFeedPostFeedback, updateFeedPostContent, type FeedPostWithPoster } from "../../models/feeds.js";
import { storeReport } from "../../models/reports.js";
import { addGroupMember, changeGroupMember, findGroupJoining, findProfileKind, findProfilesMatching, listGroupMembers, removeGroupMember, setGroupJoinPermission, type GroupJoining } from "../../models/profiles.js";
import { authenticate, authorize, authorizeView, contentObjectPolicy, feedPolicy, groupPolicy } from "../../policies/index.js";
import type { FeedSubject } from "../../policies/feed.js";
import { presentFeedback } from "../../presenters/comment.js";
import { presentFeedPage, presentFeedPost, presentGroupMembers, type FeedLookups } from "../../presenters/feed.js";
import { presentProfileOption } from "../../presenters/profile.js";
import type { FileStorage } from "../../storage/fileStorage.js";
import { siteFeatures } from "../app/index.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";
import { deliver, notifyJoinAnswer, notifyJoinRequest, notifyReport } from "../../commands/notify.js";
import { approveJoinRequest, createJoinRequest, deleteJoinRequest, findJoinRequest, listJoinRequests } from "../../models/groupJoinRequests.js";
import { mailFor, type MailContext } from "../../mail/transport.js";

/** An item whose feed a call is about, with what the feed policies read. */
interface LoadedFeed {
  item: LoadedItem;
  subject: FeedSubject;
}

/** The item's feed: 401 guest / 404 member when the item is not viewable, 404 "This item has no feed." when it has none. */
async function loadFeed(db: Db, req: Request, item: LoadedItem): Promise<LoadedFeed> {
  const subject: FeedSubject = { item, grants: await grantsOf(db, item) };
  authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, subject.grants));
  if (!feedPolicy.hasFeed(item)) throw new HttpError(404, FEED_MESSAGES.noFeed);
  return { item, subject };
}

/** The feed named by the URL's model key and item id (the key must be the item's). */
async function loadFeedByType(db: Db, req: Request): Promise<LoadedFeed> {
  const modelKey = String(req.params.modelKey);
  return loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), modelKey));
}

/** A post and the feed it is on, for a call about the post: 404 for an unknown post or one on a feed the actor may not read. */
export async function loadPost(db: Db, req: Request, id?: number): Promise<{ post: FeedPostWithPoster; feed: LoadedFeed }> {
  const raw = String(id ?? req.params.id);
  const post = /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? await findFeedPost(db, Number(raw)) : undefined;
  if (!post) throw new HttpError(404, FEED_MESSAGES.postNotFound);
  return { post, feed: await loadFeed(db, req, await loadItemBy(db, "id", post.content_id)) };
}

/** A group a joining call is about, how it lets people in, and how the actor reaches it. */
interface GroupToJoin {
  feed: LoadedFeed;
  joining: GroupJoining;
  /** When the actor's pending request to join was sent (null when none). */
  requestedAt: string | null;
  /** Whether the actor may open the group's page. */
  readsPage: boolean;
  /** Whether the actor came by the link of a group whose page they may not open (groupPolicy.canMeetByLink). */
  byLink: boolean;
}

/**
 * The group named by `:modelId`: its page's content id, or its page's uid (from its link). Who may open its page
 * reaches it either way; a signed-in outsider of an "Only members" group reaches it by its uid only, and only while
 * groupPolicy.canMeetByLink lets them meet it. Everyone else finds nothing (401 guests, 404 members), as for any hidden item.
 */
async function loadGroupToJoin(db: Db, req: Request): Promise<GroupToJoin> {
  const ref = String(req.params.modelId);
  const byUid = !/^[0-9]+$/.test(ref);
  const item = await loadItemBy(db, byUid ? "uid" : "id", ref, "profile");
  const subject: FeedSubject = { item, grants: await grantsOf(db, item) };
  if (!feedPolicy.hasFeed(item)) throw new HttpError(404, FEED_MESSAGES.noFeed);
  const groupId = item.profile_id!;
  const [joining, requestedAt] = await Promise.all([findGroupJoining(db, groupId), req.actor.profile ? findJoinRequest(db, groupId, req.actor.profile.id) : null]);
  const readsPage = feedPolicy.canRead(req.actor, subject);
  const byLink = !readsPage && item.reach === "link" && groupPolicy.canMeetByLink(req.actor, feedPolicy.roleIn(req.actor, subject), joining, requestedAt !== null);
  authorizeView(req.actor, readsPage || byLink);
  return { feed: { item, subject }, joining, requestedAt, readsPage, byLink };
}

/**
 * Where the actor stands on joining the feed's group: whether they may join it at once or ask to, and when they asked
 * (a pending request; they may not ask again while it waits).
 */
async function joinStateOf(db: Db, actor: Actor, feed: LoadedFeed): Promise<{ join: boolean; requestJoin: boolean; requestedAt: string | null }> {
  if (!actor.signedIn || !actor.profile || feed.item.profile_id === null) return { join: false, requestJoin: false, requestedAt: null };
  const [joining, requestedAt] = await Promise.all([findGroupJoining(db, feed.item.profile_id), findJoinRequest(db, feed.item.profile_id, actor.profile.id)]);
  const canRequest = groupPolicy.canRequestJoin(actor, feedPolicy.canRead(actor, feed.subject), feedPolicy.roleIn(actor, feed.subject), joining);
  return { join: feedPolicy.canJoin(actor, feed.subject, joining.joinPermission), requestJoin: canRequest && requestedAt === null, requestedAt };
}

/** How the group lets people in, as its leaders read it back: the join permission's label, and whether it also takes requests. */
function joiningLabel(label: string, joining: GroupJoining): string {
  return joining.joinPermission === GROUP_JOIN_INVITATION_ONLY && joining.canRequestJoin ? `${label}, taking requests to join` : label;
}

/** The reactions of the posts about to be presented, for this actor. */
async function lookupsFor(db: Db, actor: Actor, feed: FeedSubject, rows: FeedPostWithPoster[]): Promise<FeedLookups> {
  const ids = rows.map((r) => r.id);
  const [counts, mine, attachments] = await Promise.all([feedPostFeedbackCounts(db, ids), feedPostFeedbackOf(db, actor.profile?.id ?? null, ids), attachmentsOfFeedPosts(db, ids)]);
  return { actor, feed, counts, mine, attachments };
}

/**
 * Feeds (second document: GET and POST {feed base}, DELETE /feeds/posts/{id}, POST /feeds/posts/{id}/feedback; ours:
 * PUT /feeds/posts/{id}, joining (POST) or leaving (DELETE) the feed's group, /groups/{id}/membership, asking to join it
 * (POST) or withdrawing the request (DELETE), /groups/{id}/join-request, its leaders' answers (POST
 * /groups/{id}/join-requests/{profileId}/approve, DELETE there declines), and its people:
 * GET /groups/{id}/members, and for its leaders and administrators POST there, PUT and DELETE /groups/{id}/members/{profileId}). Their attachments' calls are in routes/attachments/.
 */
export function feedsRouter(db: Db, storage: FileStorage, mail: MailContext): Router {
  const router = Router();

  router.get("/feeds/by-type/:modelKey/:modelId", async (req, res) => {
    const { before } = parseOr422(FeedQuery, req.query);
    const feed = await loadFeedByType(db, req);
    const { rows, more } = await listFeedPosts(db, feed.item.id, before, FEED_POSTS_PER_PAGE);
    const lookups = await lookupsFor(db, req.actor, feed.subject, rows);
    const joining = await joinStateOf(db, req.actor, feed);
    const abilities = { post: feedPolicy.canPost(req.actor, feed.subject), join: joining.join, leave: feedPolicy.canLeave(req.actor, feed.subject), request_join: joining.requestJoin };
    res.json(presentFeedPage(feed.item, rows.map((r) => presentFeedPost(r, lookups)), more, abilities, joining.requestedAt));
  });

  router.get("/groups/:modelId/members", async (req, res) => {
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorizeView(req.actor, feedPolicy.canListMembers(req.actor, feed.subject));
    const { page, requests_page } = parseOr422(GroupMembersQuery, req.query);
    const role = feedPolicy.roleIn(req.actor, feed.subject);
    const [{ rows, total, soleLeaderId }, requests, joining] = await Promise.all([
      listGroupMembers(db, feed.item.profile_id!, page, GROUP_MEMBERS_SHOWN),
      groupPolicy.canAnswerJoinRequests(req.actor, role) ? listJoinRequests(db, feed.item.profile_id!, requests_page, GROUP_MEMBERS_SHOWN) : { rows: [], total: 0 },
      findGroupJoining(db, feed.item.profile_id!),
    ]);
    res.json(presentGroupMembers(req.actor, rows, { total, soleLeaderId, page, per: GROUP_MEMBERS_SHOWN, requestsPage: requests_page }, role, requests, joining));
  });

  // The Add a member field's people: names holding the term, people only, and none already in the group, whichever
  // page of its roll they are on. For those who may add them; the roll's own reader gets it whole from the members list.
  router.get("/groups/:modelId/members/candidates", authenticate(), async (req, res) => {
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorize(req.actor, groupPolicy.canManageMembers(req.actor, feedPolicy.roleIn(req.actor, feed.subject)), GROUP_MEMBER_MESSAGES.manageForbidden);
    const { st } = parseOr422(GroupMemberCandidatesQuery, req.query);
    const rows = await findProfilesMatching(db, st, PROFILE_AUTOCOMPLETE_LIMIT, { kind: "user", notInGroup: feed.item.profile_id! });
    res.json({ data: rows.map(presentProfileOption) } satisfies OwnerAutocomplete);
  });

  // How people join the group: its leaders and administrators choose (pending requests to join stay, to be answered).
  router.put("/groups/:modelId/join-permission", authenticate(), async (req, res) => {
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorize(req.actor, groupPolicy.canManageMembers(req.actor, feedPolicy.roleIn(req.actor, feed.subject)), GROUP_MEMBER_MESSAGES.manageForbidden);
    const { join_permission, can_request_join } = parseOr422(GroupJoinPermissionRequest, req.body ?? {});
    await setGroupJoinPermission(db, feed.item, join_permission, can_request_join);
    const joining = await findGroupJoining(db, feed.item.profile_id!);
    const label = GROUP_JOIN_PERMISSIONS.find((p) => p.id === join_permission)!.label;
    res.json({ status: "success", message: GROUP_MEMBER_MESSAGES.joinPermissionSaved(joiningLabel(label, joining)) } satisfies StatusMessageResponse);
  });

  router.post("/groups/:modelId/members", authenticate(), async (req, res) => {
    const body = parseOr422(GroupMemberAddRequest, req.body ?? {});
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorize(req.actor, groupPolicy.canManageMembers(req.actor, feedPolicy.roleIn(req.actor, feed.subject)), GROUP_MEMBER_MESSAGES.manageForbidden);
    const person = await findProfileKind(db, body.profile_id);
    if (person?.kind !== "user") throw new HttpError(422, GROUP_MEMBER_MESSAGES.personRequired, { profile_id: [GROUP_MEMBER_MESSAGES.personRequired] });
    if (!(await addGroupMember(db, feed.item.profile_id!, person.id))) throw new HttpError(422, GROUP_MEMBER_MESSAGES.alreadyIn, { profile_id: [GROUP_MEMBER_MESSAGES.alreadyIn] });
    req.log.info({ groupId: feed.item.profile_id, profileId: person.id }, "group member added");
    res.status(201).json({ status: "success", message: GROUP_MEMBER_MESSAGES.added } satisfies StatusMessageResponse);
  });

  router.put("/groups/:modelId/members/:profileId", authenticate(), async (req, res) => {
    const { role } = parseOr422(GroupMemberRoleRequest, req.body ?? {});
    const { feed, profileId } = await loadManagedMember(req);
    await applyMemberChange(feed, profileId, role);
    res.json({ status: "success", message: role === "leader" ? GROUP_MEMBER_MESSAGES.madeLeader : GROUP_MEMBER_MESSAGES.madeMember } satisfies StatusMessageResponse);
  });

  router.delete("/groups/:modelId/members/:profileId", authenticate(), async (req, res) => {
    const { feed, profileId } = await loadManagedMember(req);
    await applyMemberChange(feed, profileId, "remove");
    res.json({ status: "success", message: GROUP_MEMBER_MESSAGES.removed } satisfies StatusMessageResponse);
  });

  /** The group whose person a call is about, authorized for managing its people, and that person's id (404 when not a valid id). */
  async function loadManagedMember(req: Request): Promise<{ feed: LoadedFeed; profileId: number }> {
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorize(req.actor, groupPolicy.canManageMembers(req.actor, feedPolicy.roleIn(req.actor, feed.subject)), GROUP_MEMBER_MESSAGES.manageForbidden);
    const raw = String(req.params.profileId);
    if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw new HttpError(404, GROUP_MEMBER_MESSAGES.notInGroup);
    return { feed, profileId: Number(raw) };
  }

  /** Removes the person or sets their role: 404 when not in the group, 422 when it would leave the group without a leader. */
  async function applyMemberChange(feed: LoadedFeed, profileId: number, change: "remove" | "leader" | "member"): Promise<void> {
    const outcome = await changeGroupMember(db, feed.item.profile_id!, profileId, change);
    if (outcome === "notInGroup") throw new HttpError(404, GROUP_MEMBER_MESSAGES.notInGroup);
    if (outcome === "lastLeader") throw new HttpError(422, GROUP_MEMBER_MESSAGES.lastLeader);
  }

  // Where the actor stands on joining the group, by its page's id or uid: what an outsider who followed the link of an
  // "Only members" group meets instead of its page (its name and a way in), and the same answer for its readers.
  router.get("/groups/:modelId/joining", async (req, res) => {
    const group = await loadGroupToJoin(db, req);
    const role = feedPolicy.roleIn(req.actor, group.feed.subject);
    const reaches = group.readsPage || group.byLink;
    const answer: GroupJoiningResponse = {
      name: group.feed.item.title,
      role,
      reads_page: group.readsPage,
      abilities: {
        join: feedPolicy.canJoin(req.actor, group.feed.subject, group.joining.joinPermission, group.byLink),
        request_join: groupPolicy.canRequestJoin(req.actor, reaches, role, group.joining) && group.requestedAt === null,
      },
      join_requested_at: group.requestedAt,
      join_mode: groupPolicy.joinMode(group.joining),
    };
    res.json(answer);
  });

  router.post("/groups/:modelId/membership", authenticate(), async (req, res) => {
    const { feed, joining, byLink } = await loadGroupToJoin(db, req);
    authorize(req.actor, feedPolicy.canJoin(req.actor, feed.subject, joining.joinPermission, byLink), FEED_MESSAGES.joinForbidden);
    await addGroupMember(db, feed.item.profile_id!, req.actor.profile!.id);
    const answer: GroupMembershipResponse = { status: "success", message: FEED_MESSAGES.joined, role: "member" };
    res.json(answer);
  });

  router.delete("/groups/:modelId/membership", authenticate(), async (req, res) => {
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorize(req.actor, feedPolicy.canLeave(req.actor, feed.subject), FEED_MESSAGES.leaveForbidden);
    await removeGroupMember(db, feed.item.profile_id!, req.actor.profile!.id);
    const answer: GroupMembershipResponse = { status: "success", message: FEED_MESSAGES.left, role: null };
    res.json(answer);
  });

  router.post("/groups/:modelId/join-request", authenticate(), async (req, res) => {
    const { feed, joining, readsPage, byLink } = await loadGroupToJoin(db, req);
    const groupId = feed.item.profile_id!;
    const role = feedPolicy.roleIn(req.actor, feed.subject);
    const refusal = role !== null ? GROUP_JOIN_REQUEST_MESSAGES.alreadyIn : joining.joinPermission === GROUP_JOIN_ANYONE ? GROUP_JOIN_REQUEST_MESSAGES.openToAll : GROUP_JOIN_REQUEST_MESSAGES.invitationOnly;
    authorize(req.actor, groupPolicy.canRequestJoin(req.actor, readsPage || byLink, role, joining), refusal);
    // A second request while the first waits is refused (409), so the leaders are not told twice.
    if (!(await createJoinRequest(db, groupId, req.actor.profile!.id))) throw new HttpError(409, GROUP_JOIN_REQUEST_MESSAGES.pending);
    await deliver(req.log, "a request to join", () => notifyJoinRequest(db, { groupId, requesterId: req.actor.profile!.id, groupPage: feed.item }, mailFor(mail, req)));
    const answer: GroupJoinRequestResponse = { status: "success", message: GROUP_JOIN_REQUEST_MESSAGES.sent, requested_at: await findJoinRequest(db, groupId, req.actor.profile!.id) };
    res.status(201).json(answer);
  });

  router.delete("/groups/:modelId/join-request", authenticate(), async (req, res) => {
    const { feed } = await loadGroupToJoin(db, req);
    // Only the asker's own request is ever withdrawn here: the row is theirs by its key.
    if (!(await deleteJoinRequest(db, feed.item.profile_id!, req.actor.profile!.id))) throw new HttpError(404, GROUP_JOIN_REQUEST_MESSAGES.noneToWithdraw);
    const answer: GroupJoinRequestResponse = { status: "success", message: GROUP_JOIN_REQUEST_MESSAGES.withdrawn, requested_at: null };
    res.json(answer);
  });

  router.post("/groups/:modelId/join-requests/:profileId/approve", authenticate(), async (req, res) => {
    const { feed, profileId } = await loadJoinRequestAnswer(req);
    if (!(await approveJoinRequest(db, feed.item.profile_id!, profileId))) throw new HttpError(404, GROUP_JOIN_REQUEST_MESSAGES.notRequested);
    req.log.info({ groupId: feed.item.profile_id, profileId }, "request to join approved");
    await deliver(req.log, "an approved request to join", () => notifyJoinAnswer(db, { requesterId: profileId, deciderId: req.actor.profile!.id, approved: true, groupPage: feed.item }, mailFor(mail, req)));
    res.json({ status: "success", message: GROUP_JOIN_REQUEST_MESSAGES.approved } satisfies StatusMessageResponse);
  });

  router.delete("/groups/:modelId/join-requests/:profileId", authenticate(), async (req, res) => {
    const { feed, profileId } = await loadJoinRequestAnswer(req);
    if (!(await deleteJoinRequest(db, feed.item.profile_id!, profileId))) throw new HttpError(404, GROUP_JOIN_REQUEST_MESSAGES.notRequested);
    await deliver(req.log, "a declined request to join", () => notifyJoinAnswer(db, { requesterId: profileId, deciderId: req.actor.profile!.id, approved: false, groupPage: feed.item }, mailFor(mail, req)));
    res.json({ status: "success", message: GROUP_JOIN_REQUEST_MESSAGES.declined } satisfies StatusMessageResponse);
  });

  /** The group whose request to join a leader answers, authorized for that, and the requester's id (404 when not a valid id). */
  async function loadJoinRequestAnswer(req: Request): Promise<{ feed: LoadedFeed; profileId: number }> {
    const feed = await loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), "profile"));
    authorize(req.actor, groupPolicy.canAnswerJoinRequests(req.actor, feedPolicy.roleIn(req.actor, feed.subject)), GROUP_MEMBER_MESSAGES.manageForbidden);
    const raw = String(req.params.profileId);
    if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw new HttpError(404, GROUP_JOIN_REQUEST_MESSAGES.notRequested);
    return { feed, profileId: Number(raw) };
  }

  router.post("/feeds/by-type/:modelKey/:modelId", authenticate(), async (req, res) => {
    const body = parseOr422(FeedPostCreateRequest, req.body ?? {});
    const feed = await loadFeedByType(db, req);
    authorize(req.actor, feedPolicy.canPost(req.actor, feed.subject), FEED_MESSAGES.postForbidden);
    if (body.attachments.length && !feedPolicy.canAttach(req.actor, feed.subject, await siteFeatures(db))) throw new HttpError(422, ATTACHMENT_MESSAGES.unavailable, { attachments: [ATTACHMENT_MESSAGES.unavailable] });
    const id = await postToFeed(db, { contentId: feed.item.id, posterId: req.actor.profile!.id, content: body.content, attachmentIds: body.attachments });
    const row = (await findFeedPost(db, id))!;
    res.status(201).json(presentFeedPost(row, await lookupsFor(db, req.actor, feed.subject, [row])));
  });

  router.put("/feeds/posts/:id", authenticate(), async (req, res) => {
    const body = parseOr422(FeedPostUpdateRequest, req.body ?? {});
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canEditPost(req.actor, feed.subject, post), FEED_MESSAGES.editForbidden);
    await updateFeedPostContent(db, post.id, body.content);
    const row = (await findFeedPost(db, post.id))!;
    res.json(presentFeedPost(row, await lookupsFor(db, req.actor, feed.subject, [row])));
  });

  router.delete("/feeds/posts/:id", authenticate(), async (req, res) => {
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canDeletePost(req.actor, feed.subject, post), FEED_MESSAGES.deleteForbidden);
    await deleteFeedPostWithFiles(db, storage, post.id);
    res.json({ id: post.id, status: "success", message: FEED_MESSAGES.deleted } satisfies FeedPostDeleteResponse);
  });

  router.post("/feeds/posts/:id/feedback", authenticate(), async (req, res) => {
    const body = parseOr422(FeedFeedbackRequest, req.body ?? {});
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canReact(req.actor, feed.subject), FEED_MESSAGES.reactForbidden);
    const profileId = req.actor.profile!.id;
    // Choosing the current reaction again removes it, as remove does.
    const current = (await feedPostFeedbackOf(db, profileId, [post.id])).get(post.id) ?? null;
    const next = body.remove || current === body.feedback_type ? null : body.feedback_type;
    await setFeedPostFeedback(db, post.id, profileId, next);
    res.json(presentFeedback((await feedPostFeedbackCounts(db, [post.id])).get(post.id), next));
  });

  router.post("/feeds/posts/:id/flag", authenticate(), async (req, res) => {
    const body = parseOr422(FeedPostFlagRequest, req.body ?? {});
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canReport(req.actor, feed.subject, post), FEED_MESSAGES.reportOwn);
    const report = await storeReport(db, "post", { subjectId: post.id, profileId: req.actor.profile!.id, reason: body.value, message: body.message });
    // A second report of the same post while the first is open updates it; the staff heard of it already.
    if (report.isNew) await deliver(req.log, "a report", () => notifyReport(db, { what: "post", contentId: post.content_id, reporterId: req.actor.profile!.id, reason: body.value, message: body.message }, mailFor(mail, req)));
    res.json({ status: "success", message: CONTENT_ACTION_MESSAGES.flagThanks } satisfies StatusMessageResponse);
  });

  return router;
}
