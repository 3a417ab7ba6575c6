import type { SearchRequest } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Actor } from "../lib/actor.js";
import type { CatalogueIndex } from "./catalogueIndex.js";
import { resolveSearch } from "./resolveSearch.js";
import { searchContent, type ResolvedSearch, type SearchOutcome } from "./searchContent.js";
import { searchIndexed } from "./searchIndexed.js";
import { SearchLookups } from "./searchLookups.js";
import { suggestTerm } from "./suggest.js";

/** Below this many results a term gets a "Did you mean" suggestion. */
const SUGGEST_BELOW = 3;
/** Answers kept per catalogue version (each is one page of rows and its facets). */
const ANSWER_ENTRIES = 500;

/** A search's answer before presentation: the page's rows, the counts, the suggestion. */
export interface SearchAnswer {
  outcome: SearchOutcome;
  didYouMean: string | null;
  /**
   * Presented bodies of this answer for guests, per call shape, kept with the answer while the catalogue
   * is unchanged; null when the answer is not cached. Only a guest's presentation may go here: a signed-in
   * profile's cards carry its favorites, which change without the catalogue changing.
   */
  guestBodies: Map<string, { body: Buffer; etag: string | undefined }> | null;
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
  private answers: { version: number; entries: Map<string, SearchAnswer> } = { version: -1, entries: new Map() };

  constructor(
    private readonly db: Db,
    private readonly index: CatalogueIndex | null,
  ) {
    this.lookups = new SearchLookups(db, index ? () => ({ settings: index.settingsVersion, content: index.version }) : null, { cacheRows: index?.options.cacheResults ?? false });
  }

  /** Searches as the actor; throws an HttpError (401/403/422) for what the actor may not ask. */
  async run(actor: Actor, request: SearchRequest): Promise<SearchAnswer> {
    const index = this.index?.ready ? this.index : null;
    if (index) await index.refresh(this.db);
    const resolved = await resolveSearch(this.db, actor, request, await this.lookups.settings());
    // Favorites change without the catalogue changing, so a favorites search is never reused.
    const cacheable = index !== null && index.options.cacheResults && !request.others.includes("favorites");
    if (!cacheable) return { ...(await this.search(index, resolved)), guestBodies: null };

    const version = index.version;
    if (this.answers.version !== version) this.answers = { version, entries: new Map() };
    const entries = this.answers.entries;
    const key = answerKey(resolved);
    const hit = entries.get(key);
    if (hit) return hit;
    const answer: SearchAnswer = { ...(await this.search(index, resolved)), guestBodies: new Map() };
    // Only kept when the catalogue did not move while searching (else it may mix two versions).
    if (index.version === version && this.answers.entries === entries) {
      entries.set(key, answer);
      if (entries.size > ANSWER_ENTRIES) entries.delete(entries.keys().next().value!);
    }
    return answer;
  }

  private async search(index: CatalogueIndex | null, resolved: ResolvedSearch): Promise<Omit<SearchAnswer, "guestBodies">> {
    const outcome = index ? await searchIndexed(this.db, index, resolved, this.lookups) : await searchContent(this.db, resolved, this.lookups);
    const term = resolved.request.st;
    const didYouMean = term && outcome.total < SUGGEST_BELOW ? await suggestTerm(this.db, term) : null;
    return { outcome, didYouMean };
  }
}
