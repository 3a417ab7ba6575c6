import { Router } from "express";
import { CAROUSEL_TEXTS, CarouselCollectionParams, NewsQuery, type FooterCarouselCollection, type NewsResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { FEATURED_COLLECTION_KEY, getConfigValue } from "../../models/appConfig.js";
import { listPublishedNews } from "../../models/newsItems.js";
import { carouselPolicy, newsItemPolicy } from "../../policies/index.js";
import { presentCarouselCollection, presentNewsItem } from "../../presenters/carousel.js";
import { collectionCards } from "../collections/cards.js";
import { ensureViewable, loadByLink } from "../editor/load.js";

/** The carousels' content: the news carousel's slides, and the footer carousel's collection (GET {source url}). */
export function carouselsRouter(db: Db): Router {
  const router = Router();

  router.get("/api/news", async (req, res) => {
    const { limit } = parseOr422(NewsQuery, req.query);
    const rows = await listPublishedNews(db, newsItemPolicy.audiences(req.actor), limit);
    res.json({ data: rows.map(presentNewsItem) } satisfies NewsResponse);
  });

  router.get("/api/carousels/featured", async (req, res) => {
    const uid = await getConfigValue<unknown>(db, FEATURED_COLLECTION_KEY, null);
    if (typeof uid !== "string" || !uid) throw new HttpError(404, CAROUSEL_TEXTS.noFeatured);
    const collection = await loadByLink(db, "collections", uid);
    // The site puts it in everyone's footer: only those who may find it in lists see it (a link share is no reason).
    await ensureViewable(db, req, collection, "listed");
    res.json(await carouselContent(collection, req));
  });

  router.get("/api/carousels/collections/:uid", async (req, res) => {
    const { uid } = parseOr422(CarouselCollectionParams, req.params);
    const collection = await loadByLink(db, "collections", uid);
    await ensureViewable(db, req, collection, "link");
    res.json(await carouselContent(collection, req));
  });

  /** The collection with the items the asker may see among its own, as cards. */
  async function carouselContent(collection: Content, req: Express.Request): Promise<FooterCarouselCollection> {
    const items = await collectionCards(db, req.actor, collection.id, carouselPolicy.itemsScope(req.actor));
    return presentCarouselCollection(collection, items);
  }

  return router;
}
