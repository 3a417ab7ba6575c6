import type { Notification, NotificationKind } from "../../contract/index.js";
import type { NotificationWithActor } from "../models/notifications.js";
import { profileLink } from "./profile.js";

/** A notification as the notifications page shows it. */
export function presentNotification(row: NotificationWithActor): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor: row.actor_name !== null && row.actor_uid !== null ? { name: row.actor_name, link: profileLink(row.actor_uid) } : null,
    subject: { title: row.subject_title, link: row.subject_link },
    excerpt: row.excerpt,
    created_at: row.created_at,
    read: row.read_at !== null,
  };
}
