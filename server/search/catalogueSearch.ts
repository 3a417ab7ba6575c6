import type { SearchRequest } from "../../contract/index.js";
import type { Logger } from "pino";
import type { Db } from "../db/connection.js";
import type { Actor } from "../lib/actor.js";
import { favoriteIdsOf } from "../models/favorites.js";
import type { CatalogueIndex } from "./catalogueIndex.js";
import { resolveSearch } from "./resolveSearch.js";
import { searchContent, type ResolvedSearch, type SearchOutcome } from "./searchContent.js";
import { countFavoritesIndexed, searchIndexed } from "./searchIndexed.js";
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

/** After a failed compaction, searches wait this long before setting off another. */
const COMPACT_RETRY_MS = 60_000;

/** One index version's answers by answerKey, and guests' answers by URL (a guest's GET depends on nothing else). */
interface Answers {
  index: CatalogueIndex | null;
  version: number;
  byKey: Map<string, SearchAnswer>;
  byGuestUrl: Map<string, SearchAnswer>;
}

const emptyAnswers = (): Answers => ({ index: null, version: -1, byKey: new Map(), byGuestUrl: new Map() });

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
 * an index). Every cache here is keyed on the index and its version, which moves when any instance logs a
 * change, so no instance answers from a catalogue older than the change log it has read before the search.
 */
export class CatalogueSearch {
  readonly lookups: SearchLookups;
  /** The answers of the index version searched last. */
  private answers: Answers = emptyAnswers();
  /** Answer keys asked lately: an answer is kept from the second time its search is asked. */
  private readonly asked = new SeenBefore(ANSWER_ENTRIES * 10);

  /** The compaction under way, if any (see caughtUp), and when the next may start after one failed. */
  private compacting: Promise<void> | null = null;
  private compactNotBefore = 0;

  constructor(
    private readonly db: Db,
    private index: CatalogueIndex | null,
    private readonly logger?: Pick<Logger, "info" | "error">,
  ) {
    this.lookups = new SearchLookups(db, index ? () => this.index!.settingsVersion : null);
  }

  /**
   * The index caught up with the change log (null while there is none ready: search SQL). When enough of its
   * slots are dead, a compacted copy is made meanwhile (see CatalogueIndex.compacted) and swapped in once it
   * has caught up too; searches under way on the one swapped out finish on it. `askedAt`: when the request
   * came (performance.now()); what was logged before then is applied.
   */
  private async caughtUp(askedAt: number): Promise<CatalogueIndex | null> {
    for (;;) {
      const index = this.index;
      if (!index?.ready) return null;
      await index.refresh(this.db, askedAt);
      // A compacted index was swapped in meanwhile: catch that one up instead.
      if (this.index !== index) continue;
      if (index.compactionDue && !this.compacting && Date.now() >= this.compactNotBefore) this.compacting = this.compact(index).finally(() => (this.compacting = null));
      return index;
    }
  }

  /** Makes a compacted copy of the index, catches it up with the change log, and swaps it in. */
  private async compact(index: CatalogueIndex): Promise<void> {
    const started = performance.now();
    const dead = index.deadSlots;
    try {
      const next = await index.compacted();
      await next.refresh(this.db);
      if (this.index !== index) return;
      // Each index counts the settings changes it reads on its own, so the two counts may meet on different
      // settings: a number neither had makes the lookups forget what they cached (labels, names, search types).
      next.settingsVersion = Math.max(next.settingsVersion, index.settingsVersion) + 1;
      this.index = next;
      // Nothing cached for the old index is any use now, and holding it would keep the old index in memory.
      this.answers = emptyAnswers();
      this.lookups.forgetCardRows();
      this.logger?.info({ items: next.size, deadSlots: dead, ms: Math.round(performance.now() - started) }, "search index compacted");
    } catch (err) {
      // The index in use goes on as it was; a search a while later tries again.
      this.compactNotBefore = Date.now() + COMPACT_RETRY_MS;
      this.logger?.error({ err }, "search index compaction failed");
    }
  }

  /** Resolves once no compaction is under way (for tests). */
  async settled(): Promise<void> {
    while (this.compacting) await this.compacting;
  }

  /** The index when results may be cached. */
  private static caching(index: CatalogueIndex | null): CatalogueIndex | null {
    return index?.options.cacheResults ? index : null;
  }

  /** This index version's answers (a new, empty store when the catalogue moved, or the index was compacted). */
  private answersOf(index: CatalogueIndex) {
    if (this.answers.index !== index || this.answers.version !== index.version) this.answers = { ...emptyAnswers(), index, version: index.version };
    return this.answers;
  }

  /**
   * The answer a guest got for the same URL of GET /api/search, after catching up with the change log;
   * null when there is none. For a guest the URL decides everything (the request, its authorization,
   * the view), so parsing and resolving it again would give the same answer.
   */
  async guestAnswer(url: string, askedAt: number): Promise<SearchAnswer | null> {
    if (!this.index?.options.cacheResults) return null;
    const index = CatalogueSearch.caching(await this.caughtUp(askedAt));
    return index ? (this.answersOf(index).byGuestUrl.get(url) ?? null) : null;
  }

  /**
   * Searches as the actor; throws an HttpError (401/403/422) for what the actor may not ask.
   * `guestUrl`: the GET URL the request came from, so guestAnswer finds a guest's answer by it; `askedAt`: when
   * the request came (performance.now()), so a request that asked guestAnswer first reads the change log once.
   */
  async run(actor: Actor, request: SearchRequest, guestUrl?: string, askedAt = performance.now()): Promise<SearchAnswer> {
    const index = await this.caughtUp(askedAt);
    const resolved = await resolveSearch(this.db, actor, request, this.lookups);
    return this.withFavoritesCount(index, resolved, await this.answer(index, resolved, actor, guestUrl));
  }

  /** The answer from this catalogue version's cache, else searched (and kept from its second asking). */
  private async answer(index: CatalogueIndex | null, resolved: ResolvedSearch, actor: Actor, guestUrl: string | undefined): Promise<SearchAnswer> {
    // Favorites change without the catalogue changing, so a favorites search is never reused.
    const caching = CatalogueSearch.caching(index);
    if (!caching || resolved.request.others.includes("favorites")) return { ...(await this.search(index, resolved)), guestBodies: null };

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

  /**
   * "Did you mean": each word offered is one the asker finds whole (not as the start of a longer word) in what
   * they may see with the same filters, and the suggestion, searched as the link will search it, finds more
   * than the term did. The vocabulary holds every item's words, whoever may see them.
   */
  private async suggestion(run: (r: ResolvedSearch) => Promise<SearchOutcome>, resolved: ResolvedSearch, found: number): Promise<string | null> {
    const count = async (st: string, exactWords: boolean) => (await run({ ...resolved, exactWords, request: { ...resolved.request, st, page: 1, per: 1, includeFacets: false } })).total;
    const suggested = await suggestTerm(this.db, resolved.request.st, async (word) => (await count(word, true)) > 0);
    return suggested !== null && (await count(suggested, false)) > found ? suggested : null;
  }

  /**
   * A signed-in profile's answer with the "My favorites" count: how many of the matches it has favorited. Counted
   * for every request, never kept with a cached answer, since favorites change without the catalogue changing; the
   * index tests only the favorites' own items (see searchIndexed), but the favorites and the member's grants are two
   * more queries (about 1 ms on the demo with 45 favorites: docs/search.md).
   */
  private async withFavoritesCount(index: CatalogueIndex | null, resolved: ResolvedSearch, answer: SearchAnswer): Promise<SearchAnswer> {
    const { facets } = answer.outcome;
    if (resolved.profileId === null || !facets) return answer;
    const favorites = resolved.request.others.includes("favorites") ? answer.outcome.total : await this.countFavorites(index, resolved, await favoriteIdsOf(this.db, resolved.profileId));
    return { ...answer, outcome: { ...answer.outcome, facets: { ...facets, others: { ...facets.others, favorites } } } };
  }

  /** How many of the search's matches are among the favorites: none to count without any; else in the index, or in SQL as the search with the favorites filter. */
  private async countFavorites(index: CatalogueIndex | null, resolved: ResolvedSearch, favoriteIds: number[]): Promise<number> {
    if (!favoriteIds.length) return 0;
    if (index) return countFavoritesIndexed(this.db, index, resolved, favoriteIds);
    const { request } = resolved;
    return (await searchContent(this.db, { ...resolved, request: { ...request, others: [...request.others, "favorites"], page: 1, per: 1, includeFacets: false } }, this.lookups)).total;
  }

  private async search(index: CatalogueIndex | null, resolved: ResolvedSearch): Promise<Omit<SearchAnswer, "guestBodies">> {
    const run = (r: ResolvedSearch) => (index ? searchIndexed(this.db, index, r, this.lookups) : searchContent(this.db, r, this.lookups));
    const outcome = await run(resolved);
    const term = resolved.request.st;
    const didYouMean = term && outcome.total < SUGGEST_BELOW ? await this.suggestion(run, resolved, outcome.total) : null;
    return { request: resolved.request, outcome, didYouMean };
  }
}
