import { Router } from "express";
import {
  MarkNotificationsRead,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SETTINGS,
  NotificationSettingsRequest,
  NotificationsQuery,
  type NotificationList,
  type NotificationSettingKey,
  type NotificationSettingsResponse,
  type NotificationSettingsSaved,
  type UnreadNotifications,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { standingDiscussions } from "../../models/comments.js";
import { readGrantsAmong } from "../../models/content.js";
import { countNotifications, listNotifications, markRead, saveSettings, settingsOf } from "../../models/notifications.js";
import { authenticate, authorize, notificationPolicy } from "../../policies/index.js";
import { discussionIdIn, presentNotification } from "../../presenters/notification.js";

/**
 * A signed-in profile's own notifications (GET /api/notifications, its unread count, marking read) and its notification
 * settings (the second document's GET and PUT with settings and subscriber; the web app's url is /notification-settings).
 */
export function notificationsRouter(db: Db): Router {
  const router = Router();

  /** The asker's own settings (reports for the staff only), with their labels and values. */
  const settingsAnswer = async (actor: Actor): Promise<NotificationSettingsResponse> => {
    const keys = notificationPolicy.settingKeysOf(actor);
    const values = await settingsOf(db, actor.profile!.id);
    return { settings: Object.fromEntries(keys.map((key) => [key, NOTIFICATION_SETTINGS[key]])), subscriber: Object.fromEntries(keys.map((key) => [key, values[key]])) };
  };

  router.get("/notification-settings", authenticate(), async (req, res) => {
    authorize(req.actor, notificationPolicy.canManageOwn(req.actor));
    res.json(await settingsAnswer(req.actor));
  });

  router.put("/notification-settings", authenticate(), async (req, res) => {
    authorize(req.actor, notificationPolicy.canManageOwn(req.actor));
    const body = parseOr422(NotificationSettingsRequest, req.body ?? {});
    const mine = new Set(notificationPolicy.settingKeysOf(req.actor));
    const notMine = Object.keys(body.subscriber).find((key) => !mine.has(key as NotificationSettingKey));
    if (notMine) throw new HttpError(422, NOTIFICATION_MESSAGES.settingNotYours(notMine), { subscriber: [NOTIFICATION_MESSAGES.settingNotYours(notMine)] });
    await saveSettings(db, req.actor.profile!.id, body.subscriber);
    res.json({ status: "success", message: NOTIFICATION_MESSAGES.settingsSaved, ...(await settingsAnswer(req.actor)) } satisfies NotificationSettingsSaved);
  });

  router.get("/api/notifications", authenticate(), async (req, res) => {
    authorize(req.actor, notificationPolicy.canManageOwn(req.actor));
    const { page } = parseOr422(NotificationsQuery, req.query);
    const { rows, total, unread } = await listNotifications(db, req.actor.profile!.id, page);
    // The page's restricted items' grants in one query: whether the reader may still see each one's title.
    // And the group discussions they lead to, in one more: each named by its title now.
    const [grants, discussions] = await Promise.all([
      readGrantsAmong(db, [...new Set(rows.filter((r) => r.item_visibility === "restricted").map((r) => r.item_id!))]),
      standingDiscussions(db, [...new Set(rows.flatMap((r) => discussionIdIn(r) ?? []))]),
    ]);
    const answer: NotificationList = {
      data: rows.map((row) => presentNotification(row, req.actor, grants, discussions)),
      meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / NOTIFICATION_LIMITS.perPage)), total },
      unread_count: unread,
    };
    res.json(answer);
  });

  router.get("/api/notifications/unread", authenticate(), async (req, res) => {
    authorize(req.actor, notificationPolicy.canManageOwn(req.actor));
    const { unread } = await countNotifications(db, req.actor.profile!.id);
    res.json({ unread_count: unread } satisfies UnreadNotifications);
  });

  router.post("/api/notifications/read", authenticate(), async (req, res) => {
    authorize(req.actor, notificationPolicy.canManageOwn(req.actor));
    const body = parseOr422(MarkNotificationsRead, req.body ?? {});
    await markRead(db, req.actor.profile!.id, "all" in body ? "all" : body.ids);
    const { unread } = await countNotifications(db, req.actor.profile!.id);
    res.json({ unread_count: unread } satisfies UnreadNotifications);
  });

  return router;
}
