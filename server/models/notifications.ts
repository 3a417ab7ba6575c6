import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, NOTIFICATION_SETTING_DEFAULTS, NOTIFICATION_SETTING_KEYS, type NotificationKind, type NotificationSettingKey } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content, NotificationRow } from "../db/schema.js";
import { notificationMail } from "../mail/messages.js";
import type { RequestMail } from "../mail/transport.js";

/** The page where a profile reads its notifications and opens Manage Notifications (the renderer's /notifications). */
const NOTIFICATION_SETTINGS_PATH = "/notifications";

/**
 * A notification with the name and uid of whoever caused it (null once their profile is gone), and the item it is
 * about as it is now (`item_*`, null when it names none, or once the item is removed).
 */
export type NotificationWithActor = NotificationRow & {
  actor_name: string | null;
  actor_uid: string | null;
  item_id: number | null;
  item_title: string | null;
  item_model_key: string | null;
  item_sub_type: string | null;
  item_uid: string | null;
  item_owner_id: number | null;
  item_visibility: Content["visibility"] | null;
  /** The group a group's page stands for (null for any other item). */
  item_profile_id: number | null;
};

/** What to tell: the same news for each of `recipients`. */
export interface NewNotification {
  kind: NotificationKind;
  actorId: number | null;
  /** The item it is about, whose current title and link the list shows (null: about no item). */
  subjectId: number | null;
  subjectTitle: string;
  subjectLink: string;
  excerpt: string | null;
  /** The title of the group discussion it is in, for its mail (the list reads the thread's title as it is now). */
  discussionTitle?: string | null;
}

/** The settings a profile saved (each to true or false); a setting it never saved is missing. */
type Saved = Map<string, boolean>;

/** The one rule of settings: what the profile saved, else the setting's default. */
const valueOf = (saved: Saved | undefined, key: NotificationSettingKey) => saved?.get(key) ?? NOTIFICATION_SETTING_DEFAULTS[key];

/** The saved values of these settings for these profiles, in one query. */
async function savedSettings(db: Db, profileIds: number[], keys?: NotificationSettingKey[]): Promise<Map<number, Saved>> {
  let query = db.selectFrom("notification_settings").select(["profile_id", "setting", "enabled"]).where("profile_id", "in", profileIds);
  if (keys) query = query.where("setting", "in", keys);
  const saved = new Map<number, Saved>();
  for (const row of await query.execute()) saved.set(row.profile_id, (saved.get(row.profile_id) ?? new Map<string, boolean>()).set(row.setting, row.enabled === 1));
  return saved;
}

/** Each setting's value for the profile: what it saved, else the default. */
export async function settingsOf(db: Db, profileId: number): Promise<Record<NotificationSettingKey, boolean>> {
  const saved = (await savedSettings(db, [profileId])).get(profileId);
  return Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, valueOf(saved, key)])) as Record<NotificationSettingKey, boolean>;
}

/** Saves the settings given, on or off (the others keep their value). */
export async function saveSettings(db: Db, profileId: number, changes: Partial<Record<NotificationSettingKey, boolean>>): Promise<void> {
  const rows = Object.entries(changes).map(([setting, enabled]) => ({ profile_id: profileId, setting, enabled: enabled ? 1 : 0 }));
  if (!rows.length) return;
  await db
    .insertInto("notification_settings")
    .values(rows)
    .onConflict((oc) => oc.columns(["profile_id", "setting"]).doUpdateSet((eb) => ({ enabled: eb.ref("excluded.enabled") })))
    .execute();
}

/**
 * Which of `profileIds` were told of the same news (its kind, actor and item) since `since` (an ISO time): a repeat
 * within the window tells them nothing new. Read through the index on actor and kind.
 */
export async function toldSince(db: Db, profileIds: number[], news: Pick<NewNotification, "kind" | "actorId" | "subjectId">, since: string): Promise<Set<number>> {
  if (!profileIds.length || news.actorId === null || news.subjectId === null) return new Set();
  const rows = await db
    .selectFrom("notifications")
    .select("profile_id")
    .distinct()
    .where("actor_id", "=", news.actorId)
    .where("kind", "=", news.kind)
    .where("subject_id", "=", news.subjectId)
    .where("created_at", ">", since)
    .where("profile_id", "in", profileIds)
    .execute();
  return new Set(rows.map((r) => r.profile_id));
}

/**
 * The notification `news` to each of the profiles whose setting for its kind is on. With `mail`, those of them who
 * turned e-mail on and have an address are also mailed it, in the background (the mailer never rejects, and nothing
 * waits for it). Returns how many were told.
 */
export async function notifyProfiles(db: Db, recipients: number[], news: NewNotification, mail?: RequestMail): Promise<number> {
  const unique = [...new Set(recipients)];
  if (!unique.length) return 0;
  const setting = NOTIFICATION_KINDS[news.kind];
  const saved = await savedSettings(db, unique, [setting, "email"]);
  const told = unique.filter((id) => valueOf(saved.get(id), setting));
  if (!told.length) return 0;
  const createdAt = new Date().toISOString();
  const excerpt = news.excerpt === null ? null : cut(news.excerpt, NOTIFICATION_LIMITS.excerptMax);
  const subjectTitle = cut(news.subjectTitle, 255);
  const values = told.map((profileId) => ({
    profile_id: profileId,
    kind: news.kind,
    actor_id: news.actorId,
    subject_title: subjectTitle,
    subject_link: news.subjectLink,
    subject_id: news.subjectId,
    excerpt,
    created_at: createdAt,
    read_at: null,
  }));
  // In chunks: a group of thousands would pass either database's limit on parameters in one statement.
  for (let i = 0; i < values.length; i += 500) await db.insertInto("notifications").values(values.slice(i, i + 500)).execute();
  const mailed = told.filter((id) => valueOf(saved.get(id), "email"));
  if (mail && mailed.length) await mailNotification(db, mailed, { ...news, subjectTitle, excerpt }, mail);
  return told.length;
}

/**
 * Mails the news to those of the profiles that have a confirmed address (email_verified_at set): their addresses in one
 * query, the mails sent without waiting. An unconfirmed address may be someone else's (it was only typed in), and
 * notifications go out to many people without being asked for each time, so they never go to one.
 */
async function mailNotification(db: Db, profileIds: number[], news: NewNotification, mail: RequestMail): Promise<void> {
  const [people, actor] = await Promise.all([
    db.selectFrom("profiles").select(["name", "email"]).where("id", "in", profileIds).where("kind", "=", "user").where("email", "is not", null).where("email", "<>", "").where("email_verified_at", "is not", null).execute(),
    news.actorId === null ? undefined : db.selectFrom("profiles").select("name").where("id", "=", news.actorId).executeTakeFirst(),
  ]);
  for (const person of people) {
    const message = notificationMail({
      to: person.email!,
      name: person.name,
      kind: news.kind,
      actorName: actor?.name ?? null,
      subjectTitle: news.subjectTitle,
      discussionTitle: news.discussionTitle ?? null,
      excerpt: news.excerpt,
      link: news.subjectLink ? `${mail.baseUrl}${news.subjectLink}` : null,
      settingsLink: `${mail.baseUrl}${NOTIFICATION_SETTINGS_PATH}`,
    });
    void mail.mailer.send(message);
  }
}

/** One page of the profile's notifications, newest first, each with the item it is about as it is now; with the total and how many are unread. */
export async function listNotifications(db: Db, profileId: number, page: number): Promise<{ rows: NotificationWithActor[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("notifications")
      .leftJoin("profiles", "profiles.id", "notifications.actor_id")
      .leftJoin("content as item", "item.id", "notifications.subject_id")
      .selectAll("notifications")
      .select(["profiles.name as actor_name", "profiles.uid as actor_uid"])
      .select(["item.id as item_id", "item.title as item_title", "item.model_key as item_model_key", "item.sub_type as item_sub_type", "item.uid as item_uid", "item.owner_id as item_owner_id", "item.visibility as item_visibility", "item.profile_id as item_profile_id"])
      .where("notifications.profile_id", "=", profileId)
      .orderBy("notifications.id", "desc")
      .limit(NOTIFICATION_LIMITS.perPage)
      .offset((page - 1) * NOTIFICATION_LIMITS.perPage)
      .execute(),
    countNotifications(db, profileId),
  ]);
  return { rows, ...counts };
}

/** How many notifications the profile has, and how many of them are unread. */
export async function countNotifications(db: Db, profileId: number): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => [eb.fn.countAll<number | string>().as("total"), eb.fn.count<number | string>("id").filterWhere("read_at", "is", null).as("unread")])
    .where("profile_id", "=", profileId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** Marks the profile's own notifications read: these ids (any other profile's are left alone), or all. */
export async function markRead(db: Db, profileId: number, which: number[] | "all"): Promise<void> {
  let query = db.updateTable("notifications").set({ read_at: new Date().toISOString() }).where("profile_id", "=", profileId).where("read_at", "is", null);
  if (which !== "all") query = query.where("id", "in", which);
  await query.execute();
}

/**
 * Marks read, for whoever got them, the notifications that told of the person's request to join the group ("X asked
 * to join Y"): once the request is approved, declined or withdrawn (or the person let in some other way) there is
 * nothing left to do about it, and it no longer counts as new. Found by the asker and the kind (an index of migration
 * 062), then by the group whose page each is about; a notification of a group since deleted names no page and stays.
 */
export async function settleJoinRequestNotices(db: Db, groupId: number, requesterId: number): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ read_at: new Date().toISOString() })
    .where("actor_id", "=", requesterId)
    .where("kind", "=", "group_join_request")
    .where("read_at", "is", null)
    .where((eb) => eb.exists(eb.selectFrom("content").select("content.id").whereRef("content.id", "=", "notifications.subject_id").where("content.profile_id", "=", groupId)))
    .execute();
}

/** Text cut to `max` characters, with an ellipsis when it was longer. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
