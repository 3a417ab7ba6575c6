import type { Insertable } from "kysely";
import { ANNOUNCEMENT_CORE_ATTRIBUTE_TYPES, type AnnouncementCoreAttribute } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { AnnouncementsTable } from "../db/schema.js";
import type { ViewScope } from "../policies/contentObject.js";
import { listAttributesOfContents, listAttributeTypes, type AttributeType } from "./attributes.js";
import { whereViewable } from "./content.js";

/** Makes a content item a system announcement (or replaces what made it one). */
export async function upsertAnnouncement(db: Db, row: Insertable<AnnouncementsTable>): Promise<void> {
  const { content_id: _contentId, ...rest } = row;
  await db
    .insertInto("announcements")
    .values(row)
    .onConflict((oc) => oc.column("content_id").doUpdateSet(rest))
    .execute();
}

/**
 * The announcements shown at `now` (inside their window: started, not yet ended; an open end never ends) among the
 * content `scope` may view: sticky ones first, then by priority (highest first), then the latest started, then by id.
 */
export async function listCurrentAnnouncements(db: Db, scope: ViewScope, now: string, limit: number) {
  return db
    .selectFrom("announcements")
    .innerJoin("content", "content.id", "announcements.content_id")
    .select([
      "content.id",
      "content.uid",
      "content.model_key",
      "content.sub_type",
      "content.title",
      "content.description",
      "announcements.type",
      "announcements.start_time",
      "announcements.end_time",
      "announcements.event_start_time",
      "announcements.event_end_time",
      "announcements.all_day",
      "announcements.is_sticky",
      "announcements.priority",
      "announcements.cta_text",
      "announcements.link",
      "announcements.show_snooze",
      "announcements.show_dismiss",
      "announcements.content",
      "announcements.meeting_zoom_id",
      "announcements.meeting_join_url",
      "announcements.thumbnail_url",
      "announcements.community_callout_settings",
    ])
    .where((eb) => eb.or([eb("announcements.start_time", "is", null), eb("announcements.start_time", "<=", now)]))
    .where((eb) => eb.or([eb("announcements.end_time", "is", null), eb("announcements.end_time", ">", now)]))
    .where((eb) => whereViewable(eb, scope))
    .orderBy("announcements.is_sticky", "desc")
    .orderBy("announcements.priority", "desc")
    // Open-started ones (null) after dated ones on both databases: PostgreSQL puts nulls first in descending order.
    .orderBy((eb) => eb.case().when("announcements.start_time", "is", null).then(1).else(0).end())
    .orderBy("announcements.start_time", "desc")
    .orderBy("content.id", "asc")
    .limit(limit)
    .execute();
}

export type AnnouncementRow = Awaited<ReturnType<typeof listCurrentAnnouncements>>[number];

/** The columns of an announcement as its administrators see it: the banner's, who may see it and when it last changed. */
function selectManaged(db: Db) {
  return db
    .selectFrom("announcements")
    .innerJoin("content", "content.id", "announcements.content_id")
    .selectAll("announcements")
    .select(["content.id", "content.uid", "content.model_key", "content.sub_type", "content.title", "content.description", "content.visibility", "content.updated_at"]);
}

/**
 * A page of the announcements as their state is at `now` (presenters/announcement.ts announcementState): shown now
 * first, then those to come, then the ended ones, the latest changed first within each; and how many there are.
 */
export async function pageManagedAnnouncements(db: Db, now: string, { page, per }: { page: number; per: number }) {
  const [rows, counted] = await Promise.all([
    selectManaged(db)
      .orderBy((eb) =>
        eb
          .case()
          .when(eb.and([eb("announcements.end_time", "is not", null), eb("announcements.end_time", "<=", now)]))
          .then(2)
          .when(eb.and([eb("announcements.start_time", "is not", null), eb("announcements.start_time", ">", now)]))
          .then(1)
          .else(0)
          .end(),
      )
      .orderBy("content.updated_at", "desc")
      .orderBy("content.id", "desc")
      .limit(per)
      .offset((page - 1) * per)
      .execute(),
    db.selectFrom("announcements").select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
}

/** One announcement by its content item's id, or undefined. */
export async function findAnnouncement(db: Db, id: number) {
  return selectManaged(db).where("content.id", "=", id).executeTakeFirst();
}

export type ManagedAnnouncementRow = NonNullable<Awaited<ReturnType<typeof findAnnouncement>>>;

/** The attribute types of announcements' core attributes (grades and subjects), those that exist, in that order. */
export async function coreAttributeTypes(db: Db): Promise<AttributeType[]> {
  const types = new Map((await listAttributeTypes(db)).map((t) => [t.key, t]));
  return ANNOUNCEMENT_CORE_ATTRIBUTE_TYPES.flatMap((key) => types.get(key) ?? []);
}

/** Announcements' core attributes by announcement id (only those of the core types: tags of other types set on the page are not). */
export async function coreAttributesOf(db: Db, ids: number[]): Promise<Map<number, AnnouncementCoreAttribute[]>> {
  const core = new Set<string>(ANNOUNCEMENT_CORE_ATTRIBUTE_TYPES);
  const all = await listAttributesOfContents(db, ids);
  return new Map([...all].map(([id, list]) => [id, list.filter((a) => core.has(a.type_key))]));
}
