import { Router } from "express";
import {
  ANNOUNCEMENT_MANAGE_TEXTS,
  AnnouncementId,
  AnnouncementInput,
  AnnouncementsQuery,
  type AnnouncementSaveResponse,
  type AnnouncementsResponse,
  ManagedAnnouncementsQuery,
  type ManagedAnnouncementsResponse,
  STAFF_ANNOUNCEMENTS_PER_PAGE,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { createAnnouncement, deleteAnnouncement, endAnnouncement, updateAnnouncement, type CoreAttributeChoice } from "../../commands/saveAnnouncement.js";
import { checkAttributeChoice } from "../../commands/setContentTags.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { coreAttributesOf, coreAttributeTypes, findAnnouncement, listCurrentAnnouncements, pageManagedAnnouncements } from "../../models/announcements.js";
import { announcementPolicy, authenticate, authorize } from "../../policies/index.js";
import { announcementState, presentAnnouncement, presentManagedAnnouncement } from "../../presenters/announcement.js";
import { presentAttributeTypeConfig } from "../../presenters/attribute.js";

/**
 * System announcements: the banners current now (GET /api/announcements), and their management by administrators
 * (GET /api/announcements/manage, POST /api/announcements, PUT and DELETE /api/announcements/{id}, POST
 * /api/announcements/{id}/end).
 */
export function announcementsRouter(db: Db): Router {
  const router = Router();

  router.get("/api/announcements", async (req, res) => {
    const { limit } = parseOr422(AnnouncementsQuery, req.query);
    const rows = await listCurrentAnnouncements(db, announcementPolicy.viewScope(req.actor), new Date().toISOString(), limit);
    const core = await coreAttributesOf(db, rows.map((r) => r.id));
    res.json({ data: rows.map((row) => presentAnnouncement(row, core.get(row.id))) } satisfies AnnouncementsResponse);
  });

  router.get("/api/announcements/manage", authenticate(), async (req, res) => {
    authorize(req.actor, announcementPolicy.canManage(req.actor));
    const { page } = parseOr422(ManagedAnnouncementsQuery, req.query);
    const now = new Date().toISOString();
    const { rows, total } = await pageManagedAnnouncements(db, now, { page, per: STAFF_ANNOUNCEMENTS_PER_PAGE });
    const core = await coreAttributesOf(db, rows.map((r) => r.id));
    res.json({
      data: rows.map((row) => presentManagedAnnouncement(row, now, core.get(row.id))),
      total,
      page,
      per: STAFF_ANNOUNCEMENTS_PER_PAGE,
      core_attribute_types: (await coreAttributeTypes(db)).map(presentAttributeTypeConfig),
    } satisfies ManagedAnnouncementsResponse);
  });

  router.post("/api/announcements", authenticate(), async (req, res) => {
    authorize(req.actor, announcementPolicy.canManage(req.actor));
    const input = parseOr422(AnnouncementInput, req.body ?? {});
    const id = await createAnnouncement(db, req.actor.profile!.id, input, await coreChoice(input.attribute_ids));
    res.status(201).json({ data: await presented(id), message: ANNOUNCEMENT_MANAGE_TEXTS.created } satisfies AnnouncementSaveResponse);
  });

  router.put("/api/announcements/:id", authenticate(), async (req, res) => {
    authorize(req.actor, announcementPolicy.canManage(req.actor));
    const id = await existing(req.params.id);
    const input = parseOr422(AnnouncementInput, req.body ?? {});
    await updateAnnouncement(db, id, input, await coreChoice(input.attribute_ids));
    res.json({ data: await presented(id), message: ANNOUNCEMENT_MANAGE_TEXTS.saved } satisfies AnnouncementSaveResponse);
  });

  router.post("/api/announcements/:id/end", authenticate(), async (req, res) => {
    authorize(req.actor, announcementPolicy.canManage(req.actor));
    const id = await existing(req.params.id);
    const now = new Date().toISOString();
    // An end before the start would list it as ended on a day it never showed.
    if (announcementState((await findAnnouncement(db, id))!, now) === "scheduled") throw new HttpError(409, ANNOUNCEMENT_MANAGE_TEXTS.notStarted);
    await endAnnouncement(db, id, now);
    res.json({ data: await presented(id), message: ANNOUNCEMENT_MANAGE_TEXTS.ended } satisfies AnnouncementSaveResponse);
  });

  router.delete("/api/announcements/:id", authenticate(), async (req, res) => {
    authorize(req.actor, announcementPolicy.canManage(req.actor));
    const id = await existing(req.params.id);
    await deleteAnnouncement(db, id);
    res.json({ status: "success", message: ANNOUNCEMENT_MANAGE_TEXTS.deleted } satisfies StatusMessageResponse);
  });

  /** The {id} of an announcement that exists (422 for a bad id, 404 for none). */
  async function existing(param: unknown): Promise<number> {
    const id = parseOr422(AnnouncementId, param);
    if (!(await findAnnouncement(db, id))) throw new HttpError(404, ANNOUNCEMENT_MANAGE_TEXTS.notFound);
    return id;
  }

  /** The core attributes chosen (422 for one that is not a grade or subject), or undefined when none were sent. */
  async function coreChoice(ids: number[] | undefined): Promise<CoreAttributeChoice | undefined> {
    if (ids === undefined) return undefined;
    const types = await coreAttributeTypes(db);
    return { types, attributes: await checkAttributeChoice(db, types, ids, ANNOUNCEMENT_MANAGE_TEXTS.badCoreAttribute) };
  }

  /** An announcement as its administrators see it now. */
  async function presented(id: number) {
    const row = await findAnnouncement(db, id);
    if (!row) throw new HttpError(404, ANNOUNCEMENT_MANAGE_TEXTS.notFound);
    return presentManagedAnnouncement(row, new Date().toISOString(), (await coreAttributesOf(db, [id])).get(id));
  }

  return router;
}
