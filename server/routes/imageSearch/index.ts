import { Router } from "express";
import { ImageDownloadRequest, ImageSearchRequest } from "../../../contract/index.js";
import type { ServerConfig } from "../../config.js";
import { searchUnsplashPhotos, trackUnsplashDownload } from "../../lib/unsplash.js";
import { parseOr422 } from "../../lib/validate.js";
import { authenticate, authorize, imageSearchPolicy } from "../../policies/index.js";

/**
 * POST /images/unsplash/search: the image search dialog's photos, a page of Unsplash's search asked with the site's key.
 * POST /images/unsplash/download: a used photo's download location called with the key (Unsplash's download tracking).
 */
export function imageSearchRouter(settings: ServerConfig["unsplash"]): Router {
  const router = Router();

  router.post("/images/unsplash/search", authenticate(), async (req, res) => {
    authorize(req.actor, imageSearchPolicy.canSearch(req.actor));
    const query = parseOr422(ImageSearchRequest, req.body ?? {});
    res.json(await searchUnsplashPhotos(settings, query, req.log));
  });
  router.post("/images/unsplash/download", authenticate(), async (req, res) => {
    authorize(req.actor, imageSearchPolicy.canTrackDownload(req.actor));
    const { download_location } = parseOr422(ImageDownloadRequest, req.body ?? {});
    await trackUnsplashDownload(settings, download_location, req.log);
    res.status(204).end();
  });

  return router;
}
