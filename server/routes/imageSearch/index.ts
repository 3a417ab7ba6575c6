import { Router } from "express";
import { ImageSearchRequest } from "../../../contract/index.js";
import type { ServerConfig } from "../../config.js";
import { searchUnsplashPhotos } from "../../lib/unsplash.js";
import { parseOr422 } from "../../lib/validate.js";
import { authenticate, authorize, imageSearchPolicy } from "../../policies/index.js";

/** POST /images/unsplash/search: the image search dialog's photos, a page of Unsplash's search asked with the site's key. */
export function imageSearchRouter(settings: ServerConfig["unsplash"]): Router {
  const router = Router();

  router.post("/images/unsplash/search", authenticate(), async (req, res) => {
    authorize(req.actor, imageSearchPolicy.canSearch(req.actor));
    const query = parseOr422(ImageSearchRequest, req.body ?? {});
    res.json(await searchUnsplashPhotos(settings, query, req.log));
  });

  return router;
}
