import { FLAG_REASON_LABELS, GROUP_DISCUSSION_PARAM, PERMISSION_REQUEST_PARAM, REPORT_OUTCOME_LABELS, type ReportKind, type ReportOutcome } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content, Profile } from "../db/schema.js";
import { parseHtml, textOf } from "../export/htmlTree.js";
import { GUEST, loadActors } from "../lib/actor.js";
import type { Logger } from "pino";
import type { RequestMail } from "../mail/transport.js";
import { readGrants } from "../models/content.js";
import { groupLeaderIds } from "../models/groupJoinRequests.js";
import { notifyProfiles, toldSince, type NewNotification } from "../models/notifications.js";
import { commentPolicy, notificationPolicy } from "../policies/index.js";
import type { ThreadSubject } from "../policies/comment.js";
import { itemLink } from "../presenters/editableItem.js";
import { modelTypeInfo } from "../presenters/modelTypes.js";

type Subject = Pick<Content, "id" | "title" | "model_key" | "sub_type" | "uid">;

const aboutItem = (item: Subject) => ({ subjectId: item.id, subjectTitle: item.title, subjectLink: itemLink(item) });

/** How long a sender's recommendation of an item to a person is not repeated to them (24 hours). */
export const RECOMMENDATION_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The stored link of a notification that must lead nowhere (the list shows its words alone; a mail links the site). */
const NO_LINK = "";

/** An item's link that opens its Permissions dialog on one access request (the item page reads PERMISSION_REQUEST_PARAM). */
const permissionRequestLink = (link: string, requestId: number) => `${link}?${PERMISSION_REQUEST_PARAM}=${requestId}`;

/** A group page's link that opens one of its discussions (the thread's opening comment `threadId`) in the discussion modal. */
export const discussionLink = (groupPage: Subject, threadId: number) => `${itemLink(groupPage)}?${GROUP_DISCUSSION_PARAM}=${threadId}`;

/** A comment's words as one line of plain text (comments may be sanitized HTML). */
export function plainExcerpt(content: string, isHtml: boolean): string {
  const text = isHtml ? textOf(parseHtml(content)) : content;
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Tells, once the write it follows has landed, whoever should hear of it. A failure here is logged and swallowed:
 * the comment, request or decision is saved, and its author is not told it failed because a notification did.
 */
export async function deliver(log: Logger, what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    log.error({ err }, `notifications for ${what} were not sent`);
  }
}

/**
 * A reply under a top-level comment: its subscribers (the comment's author is subscribed when posting it) but the
 * replier, each only while they may still read the discussion. A reply in a group's discussion leads to its thread
 * (the group's page with the thread open), whose title its mail names; one on an item's Discuss card to the item.
 */
export async function notifyReply(db: Db, reply: { parentId: number; replierId: number; item: Subject; thread: ThreadSubject; excerpt: string }, mail?: RequestMail): Promise<number> {
  const subscribers = await db.selectFrom("comment_subscriptions").select("profile_id").where("comment_id", "=", reply.parentId).where("profile_id", "!=", reply.replierId).execute();
  // The subscribers' actors in one batch (a comment may have many subscribers), each then judged on its own.
  const ids = subscribers.map((s) => s.profile_id);
  const actors = await loadActors(db, ids);
  const readers = ids.filter((id) => notificationPolicy.canHearOfReply(actors.get(id) ?? GUEST, reply.thread));
  const news: NewNotification = { kind: "comment_reply", actorId: reply.replierId, ...aboutItem(reply.item), excerpt: reply.excerpt };
  if (!readers.length || !commentPolicy.isGroupDiscussions(reply.thread)) return notifyProfiles(db, readers, news, mail);
  const opening = await db.selectFrom("comments").select("title").where("id", "=", reply.parentId).executeTakeFirst();
  return notifyProfiles(db, readers, { ...news, subjectLink: discussionLink(reply.item, reply.parentId), discussionTitle: opening?.title ?? null }, mail);
}

/** A new discussion in a group (its opening comment `threadId`): its members and leaders but the one who started it, led to the thread. */
export async function notifyNewDiscussion(db: Db, discussion: { groupId: number; authorId: number; groupPage: Subject; threadId: number; title: string }, mail?: RequestMail): Promise<number> {
  const members = await db.selectFrom("group_members").select("profile_id").where("group_id", "=", discussion.groupId).where("profile_id", "!=", discussion.authorId).execute();
  return notifyProfiles(
    db,
    members.map((m) => m.profile_id),
    { kind: "group_discussion", actorId: discussion.authorId, ...aboutItem(discussion.groupPage), subjectLink: discussionLink(discussion.groupPage, discussion.threadId), excerpt: discussion.title },
    mail,
  );
}

/**
 * An access request: the item's owner, or the leaders of the group that owns it, who answer it in the Permissions
 * dialog; the notification (and its mail) leads there, to the item's page with the dialog open on this request.
 */
export async function notifyAccessRequest(db: Db, request: { id: number; item: Subject & Pick<Content, "owner_id">; requesterId: number; reason: string | null }, mail?: RequestMail): Promise<number> {
  const news = { kind: "access_request" as const, actorId: request.requesterId, ...aboutItem(request.item), excerpt: request.reason || null };
  return notifyProfiles(db, await ownerPeople(db, request.item.owner_id), { ...news, subjectLink: permissionRequestLink(news.subjectLink, request.id) }, mail);
}

/**
 * Who answers for an item's owner: the owner profile itself, or, for an item a group owns, the group's leaders (a
 * group acts through them, and its own profile is nobody's to sign in to and read).
 */
async function ownerPeople(db: Db, ownerId: number): Promise<number[]> {
  const leaders = await db.selectFrom("group_members").select("profile_id").where("group_id", "=", ownerId).where("role", "=", "leader").execute();
  return leaders.length ? leaders.map((l) => l.profile_id) : [ownerId];
}

/**
 * The owner's answers to access requests: each requester hears whether theirs was accepted or declined. A requester
 * reached the item by its link and was shown only its type and owner, never its title: one who still may not view it
 * (declined, and not let in some other way) is told of the item by its type ("this Lesson Plan"), with its link
 * unless the item is shared by link (the link would let them in).
 */
export async function notifyAccessAnswers(db: Db, answers: { item: Subject & Pick<Content, "id" | "owner_id" | "visibility">; deciderId: number; accepted: number[]; declined: number[] }, mail?: RequestMail): Promise<void> {
  const { item } = answers;
  const news = (kind: NewNotification["kind"]): NewNotification => ({ kind, actorId: answers.deciderId, ...aboutItem(item), excerpt: null });
  await notifyProfiles(db, answers.accepted, news("access_accepted"), mail);
  if (!answers.declined.length) return;
  const [actors, grants] = await Promise.all([loadActors(db, answers.declined), item.visibility === "public" ? undefined : readGrants(db, item.id)]);
  const mayView = (id: number) => notificationPolicy.canHearTitleOf(actors.get(id) ?? GUEST, item, grants);
  await notifyProfiles(db, answers.declined.filter(mayView), news("access_declined"), mail);
  // With the item shared by link, its link would open it to them: they get none (the link they asked with may be an
  // old one, replaced since to shut out those it reached).
  const linkShared = grants?.link?.includes("read") ?? false;
  const byType = { ...news("access_declined"), subjectTitle: `this ${modelTypeInfo(item.model_key, item.sub_type).singular}`, ...(linkShared ? { subjectLink: NO_LINK } : {}) };
  await notifyProfiles(db, answers.declined.filter((id) => !mayView(id)), byType, mail);
}

/** A request to join a group: its leaders (who answer it on the group's Members card). */
export async function notifyJoinRequest(db: Db, request: { groupId: number; requesterId: number; groupPage: Subject }, mail?: RequestMail): Promise<number> {
  return notifyProfiles(db, await groupLeaderIds(db, request.groupId), { kind: "group_join_request", actorId: request.requesterId, ...aboutItem(request.groupPage), excerpt: null }, mail);
}

/**
 * A leader's answer to a request to join: the requester hears it. An approved requester is a member now and sees the
 * group's page. A declined one is told the group's name only while they may still view its page (a group whose page
 * has since become "Only members" is "this group" to them, as a declined access request names only an item's type).
 */
export async function notifyJoinAnswer(
  db: Db,
  answer: { requesterId: number; deciderId: number; approved: boolean; groupPage: Subject & Pick<Content, "id" | "owner_id" | "visibility"> },
  mail?: RequestMail,
): Promise<number> {
  const { groupPage } = answer;
  const news: NewNotification = { kind: answer.approved ? "group_join_approved" : "group_join_declined", actorId: answer.deciderId, ...aboutItem(groupPage), excerpt: null };
  if (answer.approved) return notifyProfiles(db, [answer.requesterId], news, mail);
  const [actors, grants] = await Promise.all([loadActors(db, [answer.requesterId]), groupPage.visibility === "public" ? undefined : readGrants(db, groupPage.id)]);
  const mayView = notificationPolicy.canHearTitleOf(actors.get(answer.requesterId) ?? GUEST, groupPage, grants);
  return notifyProfiles(db, [answer.requesterId], mayView ? news : { ...news, subjectTitle: "this group" }, mail);
}

/**
 * A recommendation (sent after it is stored, and after any read grant it added): each person it names, and every
 * member and leader of each group it names, but the sender (told once, though named twice). One who may view the item
 * as a member would is told its title and led to it; anyone else (the sender may not manage the item's permissions,
 * or chose not to grant) only what the item is ("this Lesson Plan"), as a declined access request is, with its link,
 * where the page offers to request access, unless the item is shared by link, which would let them in on the
 * sender's word alone. The sender's note is the excerpt. One this sender told of this item in the last
 * RECOMMENDATION_REPEAT_WINDOW_MS (named again, or in a group named) is not told or mailed again.
 */
export async function notifyRecommendation(
  db: Db,
  recommendation: { item: Subject & Pick<Content, "id" | "owner_id" | "visibility">; senderId: number; recipients: Map<number, Profile["kind"]>; note: string },
  mail?: RequestMail,
): Promise<number> {
  const { item, senderId, recipients } = recommendation;
  const named = [...recipients.keys()];
  const groups = named.filter((id) => recipients.get(id) === "group");
  const members = groups.length ? await db.selectFrom("group_members").select("profile_id").where("group_id", "in", groups).execute() : [];
  const everyone = [...new Set([...named.filter((id) => recipients.get(id) !== "group"), ...members.map((m) => m.profile_id)])].filter((id) => id !== senderId);
  // Who this sender told of this item within the window hears nothing again (nor is mailed): repeats are no news.
  const since = new Date(Date.now() - RECOMMENDATION_REPEAT_WINDOW_MS).toISOString();
  const already = await toldSince(db, everyone, { kind: "recommendation", actorId: senderId, subjectId: item.id }, since);
  const people = everyone.filter((id) => !already.has(id));
  if (!people.length) return 0;
  const [actors, grants] = await Promise.all([loadActors(db, people), item.visibility === "public" ? undefined : readGrants(db, item.id)]);
  const mayView = (id: number) => notificationPolicy.canHearTitleOf(actors.get(id) ?? GUEST, item, grants);
  const news: NewNotification = { kind: "recommendation", actorId: senderId, ...aboutItem(item), excerpt: recommendation.note.trim() || null };
  const told = await notifyProfiles(db, people.filter(mayView), news, mail);
  const outsiders = people.filter((id) => !mayView(id));
  if (!outsiders.length) return told;
  const linkShared = grants?.link?.includes("read") ?? false;
  const byType = { ...news, subjectTitle: `this ${modelTypeInfo(item.model_key, item.sub_type).singular}`, ...(linkShared ? { subjectLink: NO_LINK } : {}) };
  return told + (await notifyProfiles(db, outsiders, byType, mail));
}

/** The staff's page where reports are reviewed (the renderer's /moderation/reports): where a report's notification leads. */
const REPORTS_PAGE = "/moderation/reports";

/** What was reported, as a report's notification begins its excerpt. */
const REPORTED: Record<ReportKind, string> = { content: "The item", comment: "A comment", post: "A feed post" };

/**
 * A report of an item, or of a comment or feed post on it (`contentId` is the item, reported or holding what was):
 * the moderators and administrators but the reporter, each only when they may open the item, as their review list
 * shows them only such reports.
 */
export async function notifyReport(db: Db, report: { what: ReportKind; contentId: number; reporterId: number; reason: keyof typeof FLAG_REASON_LABELS; message: string }, mail?: RequestMail): Promise<number> {
  const item = await db.selectFrom("content").select(["id", "title", "model_key", "sub_type", "uid", "owner_id", "visibility"]).where("id", "=", report.contentId).executeTakeFirst();
  if (!item) return 0;
  const [grants, staff] = await Promise.all([
    item.visibility === "public" ? undefined : readGrants(db, item.id),
    db
      .selectFrom("profiles")
      .select("id")
      .where("kind", "=", "user")
      .where((eb) => eb.or([eb("is_admin", "=", 1), eb("is_moderator", "=", 1)]))
      .where("id", "!=", report.reporterId)
      .execute(),
  ]);
  const actors = await loadActors(db, staff.map((s) => s.id));
  const reviewers = [...actors].filter(([, actor]) => notificationPolicy.canHearOfReport(actor, item, grants)).map(([id]) => id);
  const message = report.message.trim();
  const excerpt = `${REPORTED[report.what]} reported as "${FLAG_REASON_LABELS[report.reason]}"${message ? `: ${message}` : ""}`;
  return notifyProfiles(db, reviewers, { kind: "content_reported", actorId: report.reporterId, subjectId: item.id, subjectTitle: item.title, subjectLink: REPORTS_PAGE, excerpt }, mail);
}

/** What a reporter reported, as the notification of its outcome names it. */
const REPORTED_BY_YOU: Record<ReportKind, string> = { content: "this item", comment: "a comment", post: "a feed post" };

/**
 * A report resolved: its reporter hears the outcome, about the item (reported, or holding the comment or post), with
 * what they wrote. The reviewer is not named (actor null), nor is the reviewer's note passed on: it is for the staff.
 */
export async function notifyReportResolved(db: Db, report: { what: ReportKind; contentId: number; reporterId: number; outcome: ReportOutcome; message: string }, mail?: RequestMail): Promise<number> {
  const item = await db.selectFrom("content").select(["id", "title", "model_key", "sub_type", "uid"]).where("id", "=", report.contentId).executeTakeFirst();
  if (!item) return 0;
  const said = report.message.replace(/\s+/g, " ").trim();
  const excerpt = `${REPORT_OUTCOME_LABELS[report.outcome]}. You reported ${REPORTED_BY_YOU[report.what]}${said ? `: "${said}"` : "."}`;
  return notifyProfiles(db, [report.reporterId], { kind: "report_resolved", actorId: null, ...aboutItem(item), excerpt }, mail);
}
