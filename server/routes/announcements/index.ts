import { Router } from "express";
import { AnnouncementsQuery, type AnnouncementsResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { parseOr422 } from "../../lib/validate.js";
import { listCurrentAnnouncements } from "../../models/announcements.js";
import { announcementPolicy } from "../../policies/index.js";
import { presentAnnouncement } from "../../presenters/announcement.js";

/** The system announcements shown as banners (GET /api/announcements). Written through the content tools, read here. */
export function announcementsRouter(db: Db): Router {
  const router = Router();

  router.get("/api/announcements", async (req, res) => {
    const { limit } = parseOr422(AnnouncementsQuery, req.query);
    const rows = await listCurrentAnnouncements(db, announcementPolicy.viewScope(req.actor), new Date().toISOString(), limit);
    res.json({ data: rows.map(presentAnnouncement) } satisfies AnnouncementsResponse);
  });

  return router;
}
