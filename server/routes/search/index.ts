import { Router, type Request, type Response } from "express";
import {
  PAGE_BLOCK_MESSAGES,
  PAGE_BLOCK_NAMES,
  PageBlockRequest,
  PROVIDER_AUTOCOMPLETE_LIMIT,
  VIEW_ALL_PAGE_SIZE,
  ProviderQuery,
  SearchInput,
  SearchRequest,
  normalizeSearchInput,
  searchParameterOf,
  type LegacySearchResponse,
  type ProviderAutocomplete,
  type SearchResponse,
  type SearchResultItem,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { editGrantsAmong } from "../../models/content.js";
import { favoriteIdsAmong } from "../../models/favorites.js";
import { findProfileName, findPublishers } from "../../models/profiles.js";
import { contentObjectPolicy } from "../../policies/index.js";
import { presentContentCard, type ContentCardRow } from "../../presenters/contentObject.js";
import type { CatalogueSearch, SearchAnswer } from "../../search/catalogueSearch.js";

/** The answer's cards as a signed-in profile sees them (its favorites, ownership, edit grants). */
async function presentCards(db: Db, actor: Actor, answer: SearchAnswer): Promise<SearchResultItem[]> {
  const rows = answer.outcome.rows;
  const ids = rows.map((r) => r.id);
  const [favorites, editGrants] = [await favoriteIdsAmong(db, actor.profile?.id ?? null, ids), await editGrantsAmong(db, ids)];
  return rows.map((row) => presentContentCard(row, actor, favorites.has(row.id), editGrants.get(row.id)));
}

/**
 * A guest's cards, serialized. A guest's card depends on its row alone, and the search lookups hand out one
 * row object per item version while it is cached, so each is serialized once per row object.
 */
const guestCardJson = new WeakMap<ContentCardRow, string>();
function guestCards(actor: Actor, rows: ContentCardRow[]): string {
  return rows
    .map((row) => {
      let json = guestCardJson.get(row);
      if (json === undefined) guestCardJson.set(row, (json = JSON.stringify(presentContentCard(row, actor, false))));
      return json;
    })
    .join(",");
}

/** A body serialized with no cards, with the serialized cards put in its `data` (the first `"data":[]` of either shape). */
function withCards(json: string, cards: string): string {
  const at = json.indexOf('"data":[]') + '"data":['.length;
  if (at < '"data":['.length) throw new Error("the body has no empty data list for its cards");
  return json.slice(0, at) + cards + json.slice(at);
}

/**
 * Sends the presented body. A guest's body depends on nothing but the answer, so it is serialized (and its
 * ETag computed, as Express would) once per cached answer and call shape; a signed-in profile's is
 * presented afresh (favorites change on their own).
 */
async function sendAnswer(res: Response, db: Db, actor: Actor, answer: SearchAnswer, shape: string, build: (answer: SearchAnswer, data: SearchResultItem[]) => object): Promise<void> {
  const memo = !actor.signedIn ? answer.guestBodies : null;
  let presented = memo?.get(shape);
  if (!presented) {
    const json = actor.signedIn ? JSON.stringify(build(answer, await presentCards(db, actor, answer))) : withCards(JSON.stringify(build(answer, [])), guestCards(actor, answer.outcome.rows));
    const body = Buffer.from(json);
    const etagOf = res.app.get("etag fn") as ((body: Buffer) => string) | undefined;
    presented = { body, etag: memo && etagOf ? etagOf(body) : undefined };
    memo?.set(shape, presented);
  }
  // With the ETag set, res.send skips hashing the body and still answers 304 to a matching If-None-Match.
  if (presented.etag) res.setHeader("ETag", presented.etag);
  res.type("json").send(presented.body);
}

const parseRequest = (raw: Record<string, unknown>, includeFacets: boolean) =>
  parseOr422(SearchRequest, { ...normalizeSearchInput(parseOr422(SearchInput, raw)), ...(includeFacets ? {} : { includeFacets: false }) }, searchParameterOf);

/** The main screen's answer (GET /api/search), naming the user searched as (null when none). */
const screenBody =
  (asProfile: { profile_id: number; name: string } | null) =>
  ({ request, outcome, didYouMean }: SearchAnswer, data: SearchResultItem[]): SearchResponse => ({
    data,
    total: outcome.total,
    page: request.page,
    per: request.per,
    st: request.st,
    didYouMean,
    facets: outcome.facets,
    asProfile,
  });

/** The user a search ran as, with their name: the search has already authorized the option and found the user. */
async function searchedAs(db: Db, { request }: SearchAnswer): Promise<{ profile_id: number; name: string } | null> {
  if (request.asProfile === null) return null;
  const profile = await findProfileName(db, request.asProfile);
  return profile ? { profile_id: profile.id, name: profile.name } : null;
}

/** The first document's answer (POST /search). */
const legacyBody = ({ outcome }: SearchAnswer, data: SearchResultItem[]): LegacySearchResponse => ({ status: "success", arrObjResponse: { data, total: outcome.total } });

/** The search calls: the main screen's GET /api/search, the first document's POST /search, and the provider filter's autocomplete. */
export function searchRouter(db: Db, search: CatalogueSearch): Router {
  const router = Router();

  router.get("/api/search", async (req: Request, res) => {
    const askedAt = performance.now();
    // A guest's repeated search: the same URL at the same catalogue version has the same answer.
    const cached = !req.actor.signedIn ? await search.guestAnswer(req.originalUrl, askedAt) : null;
    // (A guest cannot search as anyone: no name to look up in their answers.)
    if (cached) return sendAnswer(res, db, req.actor, cached, "screen", screenBody(null));
    const request = parseRequest(req.query as Record<string, unknown>, true);
    const answer = await search.run(req.actor, request, req.originalUrl, askedAt);
    await sendAnswer(res, db, req.actor, answer, "screen", screenBody(await searchedAs(db, answer)));
  });

  router.post("/search", async (req, res) => {
    const request = parseRequest((req.body ?? {}) as Record<string, unknown>, false);
    await sendAnswer(res, db, req.actor, await search.run(req.actor, request), "legacy", legacyBody);
  });

  // A content block (the View All modal's pages): a search narrowed by the block's filters and its owner, in the
  // search's answer shape and under its rules, titles A to Z unless a term ranks them.
  router.post("/pages/block/:name", async (req, res) => {
    if (!(PAGE_BLOCK_NAMES as readonly string[]).includes(req.params.name)) throw new HttpError(404, PAGE_BLOCK_MESSAGES.unknownBlock);
    const body = parseOr422(PageBlockRequest, req.body ?? {});
    const f: Record<string, (string | number)[]> = {};
    for (const filter of body.block) for (const [key, values] of Object.entries(filter)) f[key] = [...(f[key] ?? []), ...values];
    const owners = [body.settings.profile_id, body.settings.group_id].filter((id) => id !== undefined);
    if (owners.length) f.owners = [...(f.owners ?? []), ...owners];
    const request = parseRequest({ f, st: body.st, page: body.page, per: body.per ?? VIEW_ALL_PAGE_SIZE, s: body.st?.trim() ? undefined : "title_lsort_asc" }, false);
    await sendAnswer(res, db, req.actor, await search.run(req.actor, request), "legacy", legacyBody);
  });

  router.get("/api/search/find-providers", async (req, res) => {
    const { st } = parseOr422(ProviderQuery, req.query);
    const publishers = await findPublishers(db, st, contentObjectPolicy.viewScope(req.actor), PROVIDER_AUTOCOMPLETE_LIMIT);
    res.json({ data: publishers.map((p) => ({ profile_id: p.id, name: p.name })) } satisfies ProviderAutocomplete);
  });

  return router;
}
