import { Router } from "express";
import { MESSAGES, TOUR_MESSAGES, TourByNameQuery, TourId, TourUpdateRequest, type GuidedTour } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { findTourById, findTourByName, updateTour } from "../../models/guidedTours.js";
import { authenticate, authorize, guidedTourPolicy } from "../../policies/index.js";
import { presentGuidedTour } from "../../presenters/guidedTour.js";
import { siteFeatures } from "../app/index.js";

/** Guided tours: GET /system/guided-tour/by-name (everyone) and PUT /system/guided-tour/{id} (administrators, while editing is on). */
export function guidedToursRouter(db: Db): Router {
  const router = Router();

  router.get("/system/guided-tour/by-name", async (req, res) => {
    const { name } = parseOr422(TourByNameQuery, req.query);
    const tour = await findTourByName(db, name);
    if (!tour) throw new HttpError(404, TOUR_MESSAGES.notFound);
    // Never cached, so `fresh` (the spec's cache-buster) needs no handling of its own.
    res.set("Cache-Control", "no-store");
    res.json(presentGuidedTour(tour, { edit: guidedTourPolicy.canEdit(req.actor, await siteFeatures(db)) }) satisfies GuidedTour);
  });

  router.put("/system/guided-tour/:id", authenticate(), async (req, res) => {
    authorize(req.actor, guidedTourPolicy.canEdit(req.actor, await siteFeatures(db)));
    const id = parseOr422(TourId, req.params.id);
    const body = parseOr422(TourUpdateRequest, req.body ?? {});
    const tour = await findTourById(db, id);
    if (!tour) throw new HttpError(404, MESSAGES.notFound);
    const other = await findTourByName(db, body.name);
    if (other && other.id !== id) throw new HttpError(422, TOUR_MESSAGES.nameTaken, { name: [TOUR_MESSAGES.nameTaken] });
    await updateTour(db, id, body, req.actor.profile!.id);
    const saved = (await findTourById(db, id))!;
    res.json(presentGuidedTour(saved, { edit: true }) satisfies GuidedTour);
  });

  return router;
}
