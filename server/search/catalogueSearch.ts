import type { SearchRequest } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Actor } from "../lib/actor.js";
import type { CatalogueIndex } from "./catalogueIndex.js";
import { resolveSearch } from "./resolveSearch.js";
import { searchContent, type ResolvedSearch, type SearchOutcome } from "./searchContent.js";
import { searchIndexed } from "./searchIndexed.js";
import { SearchLookups } from "./searchLookups.js";
import { SeenBefore } from "./seenBefore.js";
import { suggestTerm } from "./suggest.js";

/** Below this many results a term gets a "Did you mean" suggestion. */
const SUGGEST_BELOW = 3;
/** Answers kept per catalogue version (each is one page of rows and its facets). */
const ANSWER_ENTRIES = 500;

/** A search's answer before presentation: the page's rows, the counts, the suggestion. */
export interface SearchAnswer {
  /** The validated request answered (any request with the same answer key is equal to it). */
  request: SearchRequest;
  outcome: SearchOutcome;
  didYouMean: string | null;
  /**
   * Presented bodies of this answer for guests, per call shape, kept with the answer while the catalogue
   * is unchanged; null when the answer is not cached. Only a guest's presentation may go here: a signed-in
   * profile's cards carry its favorites, which change without the catalogue changing.
   */
  guestBodies: Map<string, { body: Buffer; etag: string | undefined }> | null;
}

/** Adds an entry, dropping the oldest past ANSWER_ENTRIES. */
function remember(entries: Map<string, SearchAnswer>, key: string, answer: SearchAnswer): void {
  entries.set(key, answer);
  if (entries.size > ANSWER_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** What decides an answer: the whole request (page and sort too), whose view it is, and which types it may see. */
function answerKey(s: ResolvedSearch): string {
  return JSON.stringify([s.request, s.scope, s.profileId, s.targets, s.facetKeys, s.searchTypes.map((t) => t.type)]);
}

/**
 * Runs searches for the routes: catches the index up with the change log, resolves and authorizes the
 * request, then answers from the cache of this catalogue version or searches (in memory, or in SQL without
 * an index). Every cache here is keyed on the index's version, which moves when any instance logs a change,
 * so no instance answers from a catalogue older than the change log it has read before the search.
 */
export class CatalogueSearch {
  readonly lookups: SearchLookups;
  /** This version's answers by answerKey, and guests' answers by URL (a guest's GET depends on nothing else). */
  private answers = { version: -1, byKey: new Map<string, SearchAnswer>(), byGuestUrl: new Map<string, SearchAnswer>() };
  /** Answer keys asked lately: an answer is kept from the second time its search is asked. */
  private readonly asked = new SeenBefore(ANSWER_ENTRIES * 10);

  constructor(
    private readonly db: Db,
    private readonly index: CatalogueIndex | null,
  ) {
    this.lookups = new SearchLookups(db, index ? () => index.settingsVersion : null);
  }

  /** The index, when results may be cached. */
  private get cachingIndex(): CatalogueIndex | null {
    return this.index?.ready && this.index.options.cacheResults ? this.index : null;
  }

  /** This version's answers (a new, empty store when the catalogue moved). */
  private answersOf(index: CatalogueIndex) {
    if (this.answers.version !== index.version) this.answers = { version: index.version, byKey: new Map(), byGuestUrl: new Map() };
    return this.answers;
  }

  /**
   * The answer a guest got for the same URL of GET /api/search, after catching up with the change log;
   * null when there is none. For a guest the URL decides everything (the request, its authorization,
   * the view), so parsing and resolving it again would give the same answer.
   */
  async guestAnswer(url: string): Promise<SearchAnswer | null> {
    const index = this.cachingIndex;
    if (!index) return null;
    await index.refresh(this.db);
    return this.answersOf(index).byGuestUrl.get(url) ?? null;
  }

  /**
   * Searches as the actor; throws an HttpError (401/403/422) for what the actor may not ask.
   * `guestUrl`: the GET URL the request came from, so guestAnswer finds a guest's answer by it.
   */
  async run(actor: Actor, request: SearchRequest, guestUrl?: string): Promise<SearchAnswer> {
    const index = this.index?.ready ? this.index : null;
    if (index) await index.refresh(this.db);
    const resolved = await resolveSearch(this.db, actor, request, await this.lookups.settings());
    // Favorites change without the catalogue changing, so a favorites search is never reused.
    const caching = this.cachingIndex;
    if (!caching || request.others.includes("favorites")) return { ...(await this.search(index, resolved)), guestBodies: null };

    const store = this.answersOf(caching);
    const key = answerKey(resolved);
    let answer = store.byKey.get(key);
    if (!answer) {
      const askedBefore = this.asked.check(key);
      answer = { ...(await this.search(caching, resolved)), guestBodies: askedBefore ? new Map() : null };
      // Only kept when asked before, and when the catalogue did not move while searching (else it may mix two versions).
      if (!askedBefore || this.answers !== store) return answer;
      remember(store.byKey, key, answer);
    }
    if (guestUrl !== undefined && !actor.signedIn) remember(store.byGuestUrl, guestUrl, answer);
    return answer;
  }

  private async search(index: CatalogueIndex | null, resolved: ResolvedSearch): Promise<Omit<SearchAnswer, "guestBodies">> {
    const outcome = index ? await searchIndexed(this.db, index, resolved, this.lookups) : await searchContent(this.db, resolved, this.lookups);
    const term = resolved.request.st;
    const didYouMean = term && outcome.total < SUGGEST_BELOW ? await suggestTerm(this.db, term) : null;
    return { request: resolved.request, outcome, didYouMean };
  }
}
