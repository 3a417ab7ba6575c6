import { Router, type Request } from "express";
import { BADGE_MESSAGES, BadgesSaveRequest, type BadgesResponse, type StatusMessageResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { listBadges, listContentBadges, setContentBadges } from "../../models/badges.js";
import { authenticate, authorize, authorizeView, badgePolicy, contentObjectPolicy } from "../../policies/index.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

/** The item a badge call names by its uid (its link), for someone who may view it, and whether only its link share lets them. */
async function loadViewable(db: Db, req: Request): Promise<{ item: LoadedItem; viewsOnlyByLink: boolean }> {
  const item = await loadItemBy(db, "uid", String(req.params.uid));
  const grants = await grantsOf(db, item);
  authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants, item.reach));
  return { item, viewsOnlyByLink: contentObjectPolicy.viewsOnlyByLink(req.actor, item, grants, item.reach) };
}

/** Badges of an item (second document: GET and POST /system/badges/{uid}). */
export function badgesRouter(db: Db): Router {
  const router = Router();

  /** Whoever may view the item: its badges and every badge there is. */
  router.get("/system/badges/:uid", async (req, res) => {
    const { item } = await loadViewable(db, req);
    const answer: BadgesResponse = { profileBadges: await listContentBadges(db, item.id), allBadges: await listBadges(db) };
    res.json(answer);
  });

  /** Moderators and administrators: the badge ids the item holds from now on. */
  router.post("/system/badges/:uid", authenticate(), async (req, res) => {
    const { item, viewsOnlyByLink } = await loadViewable(db, req);
    authorize(req.actor, badgePolicy.canAward(req.actor), BADGE_MESSAGES.forbidden);
    authorize(req.actor, badgePolicy.canAwardReached(req.actor, viewsOnlyByLink));
    if (!badgePolicy.canHoldBadges(item)) throw new HttpError(422, BADGE_MESSAGES.notBadgeable);
    const body = parseOr422(BadgesSaveRequest, req.body ?? {});
    const known = new Set((await listBadges(db)).map((b) => b.id));
    if (body.badges.some((id) => !known.has(id))) throw new HttpError(422, BADGE_MESSAGES.notFound, { badges: [BADGE_MESSAGES.notFound] });
    await setContentBadges(db, item.id, body.badges, req.actor.profile!.id);
    const answer: StatusMessageResponse = { status: "success", message: BADGE_MESSAGES.saved };
    res.json(answer);
  });

  return router;
}
