import type { z } from "zod";
import type { AnnouncementInput } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { sanitizeUserHtml } from "../lib/sanitize.js";
import { upsertAnnouncement } from "../models/announcements.js";
import { addToVocabulary } from "../search/suggest.js";
import { insertContent, recordContentChange, titleSortKey, visibilityGrants } from "./createContent.js";

type CheckedAnnouncement = z.output<typeof AnnouncementInput>;

/** Core attributes to set (checked by `checkAttributeChoice` against the core types), or undefined to keep those it has. */
export interface CoreAttributeChoice {
  types: { id: number }[];
  attributes: { id: number; type_id: number }[];
}

/** Replaces an announcement's attributes of the core types with the chosen ones (tags of other types stay). */
async function setCoreAttributes(trx: Db, id: number, choice: CoreAttributeChoice | undefined): Promise<void> {
  if (!choice) return;
  if (choice.types.length) await trx.deleteFrom("content_attributes").where("content_id", "=", id).where("type_id", "in", choice.types.map((t) => t.id)).execute();
  if (choice.attributes.length) await trx.insertInto("content_attributes").values(choice.attributes.map((a) => ({ content_id: id, attr_item_id: a.id, type_id: a.type_id }))).execute();
}

/**
 * The content as stored: kept to the "simple" sanitize profile, as interceptors' is; none when no text is left (an
 * empty editor's paragraph), so Read More shows no blank space.
 */
function storedContent(html: string): string {
  const clean = sanitizeUserHtml(html, "simple").trim();
  return clean.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() ? clean : "";
}

/** The banner settings as the `announcements` row keeps them. */
function announcementRow(input: CheckedAnnouncement) {
  return {
    type: input.type,
    start_time: input.start_time,
    end_time: input.end_time,
    event_start_time: input.event_start_time,
    event_end_time: input.event_end_time,
    all_day: input.all_day ? 1 : 0,
    is_sticky: input.is_sticky ? 1 : 0,
    priority: input.priority,
    cta_text: input.cta_text,
    link: input.link,
    show_snooze: input.show_snooze ? 1 : 0,
    show_dismiss: input.show_dismiss ? 1 : 0,
    content: storedContent(input.content),
    meeting_zoom_id: input.meeting_zoom_id,
    meeting_join_url: input.meeting_join_url,
    thumbnail_url: input.thumbnail_url,
    community_callout_settings: JSON.stringify(input.community_callout_settings),
  };
}

/**
 * A new system announcement: its page (content `cms_page`, sub type `announcement`, owned by the administrator who
 * wrote it, readable by the audience chosen), its banner row and its core attributes, in one transaction; search is
 * told of the item.
 */
export async function createAnnouncement(db: Db, ownerId: number, input: CheckedAnnouncement, core?: CoreAttributeChoice): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const item = await insertContent(trx, { modelKey: "cms_page", subType: "announcement", title: input.title, description: input.description, ownerId, visibility: input.audience });
    await upsertAnnouncement(trx, { content_id: item.id, ...announcementRow(input) });
    await setCoreAttributes(trx, item.id, core);
    return item.id;
  });
}

/**
 * Replaces an announcement: its item's title, description and audience (the global and signed-in read grants, kept in
 * step with `content.visibility`; grants to people and groups made on its page stay), its banner row, and its core
 * attributes when a choice is given.
 */
export async function updateAnnouncement(db: Db, id: number, input: CheckedAnnouncement, core?: CoreAttributeChoice): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const item = await trx
      .updateTable("content")
      .set({ title: input.title, description: input.description, title_sort: titleSortKey(input.title), visibility: input.audience, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .returning(["tags"])
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("content_grants").where("content_id", "=", id).where("scope", "in", ["global", "authed"]).where("permission", "=", "read").execute();
    const grants = visibilityGrants(input.audience).map((g) => ({ content_id: id, scope: g.scope, profile_id: null, permission: g.permission }));
    if (grants.length) await trx.insertInto("content_grants").values(grants).execute();
    await upsertAnnouncement(trx, { content_id: id, ...announcementRow(input) });
    await setCoreAttributes(trx, id, core);
    await addToVocabulary(trx, input.title, item.tags);
    await recordContentChange(trx, id);
  });
}

/**
 * Ends an announcement's banner now (its window closes at `now`; one already over keeps its end, and one not started
 * yet is left as it is: its end never goes before its start).
 */
export async function endAnnouncement(db: Db, id: number, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("announcements")
      .set({ end_time: now })
      .where("content_id", "=", id)
      .where((eb) => eb.or([eb("end_time", "is", null), eb("end_time", ">", now)]))
      .where((eb) => eb.or([eb("start_time", "is", null), eb("start_time", "<=", now)]))
      .execute();
    await trx.updateTable("content").set({ updated_at: now }).where("id", "=", id).execute();
    await recordContentChange(trx, id);
  });
}

/** Deletes an announcement: its item, with everything that hangs on it (its banner row, grants, comments…); search drops it. */
export async function deleteAnnouncement(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("content").where("id", "=", id).execute();
    await recordContentChange(trx, id);
  });
}
