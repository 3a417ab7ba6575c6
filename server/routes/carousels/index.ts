import { Router } from "express";
import type { z } from "zod";
import {
  CAROUSEL_TEXTS,
  CarouselCollectionParams,
  FEATURED_MESSAGES,
  FeaturedCollectionChoice,
  NEWS_MESSAGES,
  NewsItemId,
  NewsItemInput,
  NewsQuery,
  type FooterCarouselCollection,
  type ManagedNewsItem,
  type ManagedNewsResponse,
  type NewsResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { FEATURED_COLLECTION_KEY, getConfigValue, setConfigValue } from "../../models/appConfig.js";
import { deleteNewsItem, insertNewsItem, listAllNews, listPublishedNews, updateNewsItem } from "../../models/newsItems.js";
import { authenticate, authorize, carouselPolicy, newsItemPolicy } from "../../policies/index.js";
import { presentCarouselCollection, presentManagedNewsItem, presentNewsItem } from "../../presenters/carousel.js";
import { collectionCards } from "../collections/cards.js";
import { ensureViewable, loadByLink } from "../editor/load.js";

/**
 * The carousels' content: the news carousel's slides (and their management by administrators: GET /api/news/manage,
 * POST /api/news, PUT and DELETE /api/news/{id}), and the footer carousel's collection (GET {source url}; chosen by an
 * administrator with PUT /api/carousels/featured).
 */
export function carouselsRouter(db: Db): Router {
  const router = Router();

  router.get("/api/news", async (req, res) => {
    const { limit } = parseOr422(NewsQuery, req.query);
    const rows = await listPublishedNews(db, newsItemPolicy.audiences(req.actor), limit);
    res.json({ data: rows.map(presentNewsItem) } satisfies NewsResponse);
  });

  router.get("/api/news/manage", authenticate(), async (req, res) => {
    authorize(req.actor, newsItemPolicy.canManage(req.actor));
    res.json({ data: (await listAllNews(db)).map(presentManagedNewsItem) } satisfies ManagedNewsResponse);
  });

  router.post("/api/news", authenticate(), async (req, res) => {
    authorize(req.actor, newsItemPolicy.canManage(req.actor));
    const input = parseOr422(NewsItemInput, req.body ?? {});
    const now = new Date().toISOString();
    const row = await insertNewsItem(db, { ...storedNews(input), created_at: now, updated_at: now });
    res.status(201).json(presentManagedNewsItem(row) satisfies ManagedNewsItem);
  });

  router.put("/api/news/:id", authenticate(), async (req, res) => {
    authorize(req.actor, newsItemPolicy.canManage(req.actor));
    const id = parseOr422(NewsItemId, req.params.id);
    const input = parseOr422(NewsItemInput, req.body ?? {});
    const row = await updateNewsItem(db, id, { ...storedNews(input), updated_at: new Date().toISOString() });
    if (!row) throw new HttpError(404, NEWS_MESSAGES.notFound);
    res.json(presentManagedNewsItem(row) satisfies ManagedNewsItem);
  });

  router.delete("/api/news/:id", authenticate(), async (req, res) => {
    authorize(req.actor, newsItemPolicy.canManage(req.actor));
    const id = parseOr422(NewsItemId, req.params.id);
    if (!(await deleteNewsItem(db, id))) throw new HttpError(404, NEWS_MESSAGES.notFound);
    res.json({ status: "success", message: NEWS_MESSAGES.deleted } satisfies StatusMessageResponse);
  });

  router.get("/api/carousels/featured", async (req, res) => {
    const uid = await getConfigValue<unknown>(db, FEATURED_COLLECTION_KEY, null);
    if (typeof uid !== "string" || !uid) throw new HttpError(404, CAROUSEL_TEXTS.noFeatured);
    const collection = await loadByLink(db, "collections", uid);
    // The site puts it in everyone's footer: only those who may find it in lists see it (a link share is no reason).
    await ensureViewable(db, req, collection, "listed");
    res.json(await carouselContent(collection, req));
  });

  router.put("/api/carousels/featured", authenticate(), async (req, res) => {
    authorize(req.actor, carouselPolicy.canChooseFeatured(req.actor), FEATURED_MESSAGES.forbidden);
    const { uid } = parseOr422(FeaturedCollectionChoice, req.body ?? {});
    const collection = await loadByLink(db, "collections", uid);
    // Every visitor's footer shows it, guests' included: a collection some of them may not open would be an empty box to them.
    if (collection.visibility !== "public") throw new HttpError(422, FEATURED_MESSAGES.notPublic, { uid: [FEATURED_MESSAGES.notPublic] });
    await setConfigValue(db, FEATURED_COLLECTION_KEY, collection.uid);
    req.log.info({ collectionId: collection.id }, "featured collection chosen");
    res.json({ status: "success", message: FEATURED_MESSAGES.featured(collection.title) } satisfies StatusMessageResponse);
  });

  router.get("/api/carousels/collections/:uid", async (req, res) => {
    const { uid } = parseOr422(CarouselCollectionParams, req.params);
    const collection = await loadByLink(db, "collections", uid);
    await ensureViewable(db, req, collection, collection.reach);
    res.json(await carouselContent(collection, req));
  });

  /** The collection with the items the asker may see among its own, as cards. */
  async function carouselContent(collection: Content, req: Express.Request): Promise<FooterCarouselCollection> {
    const items = await collectionCards(db, req.actor, collection.id, carouselPolicy.itemsScope(req.actor));
    return presentCarouselCollection(collection, items);
  }

  return router;
}

/** A checked news item as its row stores it (the callout's settings as JSON text, only those sent). */
function storedNews(input: z.output<typeof NewsItemInput>) {
  return { ...input, community_callout_settings: JSON.stringify(input.community_callout_settings), is_published: input.is_published ? 1 : 0 };
}
