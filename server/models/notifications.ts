import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, NOTIFICATION_SETTING_KEYS, type NotificationKind, type NotificationSettingKey } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { NotificationRow } from "../db/schema.js";

/** A notification with the name and uid of whoever caused it (null once their profile is gone). */
export type NotificationWithActor = NotificationRow & { actor_name: string | null; actor_uid: string | null };

/** What to tell: the same news for each of `recipients`. */
export interface NewNotification {
  kind: NotificationKind;
  actorId: number | null;
  subjectTitle: string;
  subjectLink: string;
  excerpt: string | null;
}

/** Each setting, on unless the profile turned it off. */
export async function settingsOf(db: Db, profileId: number): Promise<Record<NotificationSettingKey, boolean>> {
  const rows = await db.selectFrom("notification_settings").select(["setting", "enabled"]).where("profile_id", "=", profileId).execute();
  const off = new Set(rows.filter((r) => r.enabled === 0).map((r) => r.setting));
  return Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, !off.has(key)])) as Record<NotificationSettingKey, boolean>;
}

/** Saves the settings given (the others keep their value). */
export async function saveSettings(db: Db, profileId: number, changes: Partial<Record<NotificationSettingKey, boolean>>): Promise<void> {
  const rows = Object.entries(changes).map(([setting, enabled]) => ({ profile_id: profileId, setting, enabled: enabled ? 1 : 0 }));
  if (!rows.length) return;
  await db
    .insertInto("notification_settings")
    .values(rows)
    .onConflict((oc) => oc.columns(["profile_id", "setting"]).doUpdateSet((eb) => ({ enabled: eb.ref("excluded.enabled") })))
    .execute();
}

/** The notification `news` to each of the profiles that did not turn its setting off. Returns how many were told. */
export async function notifyProfiles(db: Db, recipients: number[], news: NewNotification): Promise<number> {
  const unique = [...new Set(recipients)];
  if (!unique.length) return 0;
  const setting = NOTIFICATION_KINDS[news.kind];
  const off = new Set(
    (await db.selectFrom("notification_settings").select("profile_id").where("setting", "=", setting).where("enabled", "=", 0).where("profile_id", "in", unique).execute()).map((r) => r.profile_id),
  );
  const told = unique.filter((id) => !off.has(id));
  if (!told.length) return 0;
  const createdAt = new Date().toISOString();
  const excerpt = news.excerpt === null ? null : cut(news.excerpt, NOTIFICATION_LIMITS.excerptMax);
  const values = told.map((profileId) => ({
    profile_id: profileId,
    kind: news.kind,
    actor_id: news.actorId,
    subject_title: cut(news.subjectTitle, 255),
    subject_link: news.subjectLink,
    excerpt,
    created_at: createdAt,
    read_at: null,
  }));
  // In chunks: a group of thousands would pass either database's limit on parameters in one statement.
  for (let i = 0; i < values.length; i += 500) await db.insertInto("notifications").values(values.slice(i, i + 500)).execute();
  return told.length;
}

/** One page of the profile's notifications, newest first, with the total and how many are unread. */
export async function listNotifications(db: Db, profileId: number, page: number): Promise<{ rows: NotificationWithActor[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("notifications")
      .leftJoin("profiles", "profiles.id", "notifications.actor_id")
      .selectAll("notifications")
      .select(["profiles.name as actor_name", "profiles.uid as actor_uid"])
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

/** Text cut to `max` characters, with an ellipsis when it was longer. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
