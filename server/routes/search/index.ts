import { Router, type Request } from "express";
import { SearchRequest, normalizeSearchInput, type LegacySearchResponse, type SearchResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { parseOr422 } from "../../lib/validate.js";
import { favoriteIdsAmong } from "../../models/favorites.js";
import { listSearchTypes } from "../../models/searchTypes.js";
import { findThumbnails } from "../../models/thumbnails.js";
import { presentContentCard } from "../../presenters/contentObject.js";
import { resolveSearch } from "../../search/resolveSearch.js";
import type { CatalogueIndex } from "../../search/catalogueIndex.js";
import { searchContent } from "../../search/searchContent.js";
import { searchIndexed } from "../../search/searchIndexed.js";
import { suggestTerm } from "../../search/suggest.js";

/** Below this many results a term gets a "Did you mean" suggestion. */
const SUGGEST_BELOW = 3;

async function runSearch(db: Db, index: CatalogueIndex | null, req: Request, raw: Record<string, unknown>, includeFacets: boolean) {
  const request = parseOr422(SearchRequest, { ...normalizeSearchInput(raw), ...(includeFacets ? {} : { includeFacets: false }) });
  const resolved = await resolveSearch(db, req.actor, request, await listSearchTypes(db));
  const outcome = index?.ready ? await searchIndexed(db, index, resolved) : await searchContent(db, resolved);
  const favorites = await favoriteIdsAmong(db, req.actor.profile?.id ?? null, outcome.rows.map((r) => r.id));
  const thumbnails = await findThumbnails(db, outcome.rows.map((r) => r.id));
  const data = outcome.rows.map((row) => presentContentCard(row, req.actor, favorites.has(row.id), thumbnails.get(row.id)));
  const didYouMean = request.st && outcome.total < SUGGEST_BELOW ? await suggestTerm(db, request.st) : null;
  return { request, outcome, data, didYouMean };
}

/** The search calls: the main screen's GET /api/search and the first document's POST /search. */
export function searchRouter(db: Db, index: CatalogueIndex | null): Router {
  const router = Router();

  router.get("/api/search", async (req, res) => {
    const { request, outcome, data, didYouMean } = await runSearch(db, index, req, req.query as Record<string, unknown>, true);
    const body: SearchResponse = { data, total: outcome.total, page: request.page, per: request.per, st: request.st, didYouMean, facets: outcome.facets };
    res.json(body);
  });

  router.post("/search", async (req, res) => {
    const { outcome, data } = await runSearch(db, index, req, (req.body ?? {}) as Record<string, unknown>, false);
    const body: LegacySearchResponse = { status: "success", arrObjResponse: { data, total: outcome.total } };
    res.json(body);
  });

  return router;
}
