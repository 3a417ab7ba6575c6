import { Router } from "express";
import { FAVORITE_MESSAGES, FavoriteRequest, MESSAGES, parseTypeKey, type FavoriteResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { findByTypeKey } from "../../models/content.js";
import { setFavorite, toggleFavorite } from "../../models/favorites.js";
import { authenticate, authorize, authorizeView, contentObjectPolicy } from "../../policies/index.js";
import { grantsOf } from "../contentActions/load.js";

/** POST /profile/favorite: sets (or toggles) a favorite and answers with the final value. */
export function favoritesRouter(db: Db): Router {
  const router = Router();
  router.post("/profile/favorite", authenticate(), async (req, res) => {
    const body = parseOr422(FavoriteRequest, req.body ?? {});
    const { modelKey, id } = parseTypeKey(body.type);
    const item = await findByTypeKey(db, modelKey, id);
    if (!item) throw new HttpError(404, MESSAGES.notFound);
    const grants = await grantsOf(db, item);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants));
    authorize(req.actor, contentObjectPolicy.canFavorite(req.actor, item, grants), FAVORITE_MESSAGES.notFavoritable);
    const profileId = req.actor.profile!.id;
    const value = body.value === undefined ? await toggleFavorite(db, profileId, item.id) : await setFavorite(db, profileId, item.id, body.value);
    const answer: FavoriteResponse = { value };
    res.json(answer);
  });
  return router;
}
