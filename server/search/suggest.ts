import { sql } from "kysely";
import type { Db } from "../db/connection.js";
import { isPostgres } from "../db/connection.js";
import { tokenize } from "./terms.js";

/** Levenshtein distance, stopping early once it exceeds max. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** How many of a word's nearest known words are offered to `seen` before the word is left as it is. */
const CANDIDATES_TRIED = 5;
/** How many words `seen` is asked about for one term in all (each is a search). */
const CHECKS = 12;
/** Words of a term that may be corrected (each costs two queries and up to CANDIDATES_TRIED searches). */
const CORRECTED_WORDS = 8;

/**
 * "Did you mean": replaces each word that is rare or unknown in the catalogue's vocabulary with
 * the most frequent known word at most two edits away that `seen` accepts. The vocabulary holds the
 * words of every item, whoever may see it, so `seen` decides whether the asker finds the word in what
 * they may see (else a guest could read a restricted item's words off the suggestion). Null when
 * nothing better is found.
 */
export async function suggestTerm(db: Db, term: string, seen: (word: string) => Promise<boolean>): Promise<string | null> {
  const words = tokenize(term);
  if (!words.length) return null;
  let changed = false;
  let checks = CHECKS;
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    // The first CORRECTED_WORDS are corrected; any after them are kept as typed.
    if (i >= CORRECTED_WORDS) {
      out.push(word);
      continue;
    }
    const known = await db.selectFrom("search_terms").select("doc_count").where("term", "=", word).executeTakeFirst();
    const candidates = await db
      .selectFrom("search_terms")
      .select(["term", "doc_count"])
      .where("first_letter", "=", word[0]!)
      .where("length", ">=", word.length - 2)
      .where("length", "<=", word.length + 2)
      .where("doc_count", ">=", Math.max(1, (known?.doc_count ?? 0) * 5))
      .orderBy("doc_count", "desc")
      .limit(2000)
      .execute();
    // Nearest first, then most frequent.
    const near = candidates
      .map((c) => ({ term: c.term, d: c.term === word ? 3 : editDistance(word, c.term), n: c.doc_count }))
      .filter((c) => c.d <= 2)
      .sort((a, b) => a.d - b.d || b.n - a.n)
      .slice(0, CANDIDATES_TRIED);
    let best: string | null = null;
    for (const c of near) {
      if (checks-- <= 0) break;
      if (await seen(c.term)) {
        best = c.term;
        break;
      }
    }
    out.push(best ?? word);
    if (best) changed = true;
  }
  return changed ? out.join(" ") : null;
}

/**
 * Writers of the vocabulary upsert its rows in one order, the words' own (JavaScript's comparison of strings), and on PostgreSQL each takes the
 * rows' locks in that order till its transaction ends: two saves whose titles shared words in other orders took them
 * crosswise and one was ended as a deadlock (a 500).
 */
const inLockOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Adds a document's words to the vocabulary used by suggestTerm. */
export async function addToVocabulary(db: Db, ...texts: string[]): Promise<void> {
  const words = [...new Set(texts.flatMap(tokenize))].filter((w) => w.length >= 3 && !/^\d+$/.test(w)).sort(inLockOrder);
  if (!words.length) return;
  for (let i = 0; i < words.length; i += 200) {
    const chunk = words.slice(i, i + 200).map((term) => ({ term, first_letter: term[0]!, length: term.length, doc_count: 1 }));
    await db
      .insertInto("search_terms")
      .values(chunk)
      .onConflict((oc) => oc.column("term").doUpdateSet({ doc_count: sql`search_terms.doc_count + 1` }))
      .execute();
  }
}

/** Adds the words of many documents at once (each document counts once per word): the bulk importer's batches. */
export async function addDocumentsToVocabulary(db: Db, documents: string[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const text of documents) {
    for (const w of new Set(tokenize(text))) if (w.length >= 3 && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const entries = [...counts].sort(([a], [b]) => inLockOrder(a, b));
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500).map(([term, n]) => ({ term, first_letter: term[0]!, length: term.length, doc_count: n }));
    await db
      .insertInto("search_terms")
      .values(chunk)
      .onConflict((oc) => oc.column("term").doUpdateSet({ doc_count: sql`search_terms.doc_count + excluded.doc_count` }))
      .execute();
  }
}

/** Rebuilds the vocabulary from every content row (after bulk loads). */
export async function rebuildVocabulary(db: Db): Promise<void> {
  await db.deleteFrom("search_terms").execute();
  const counts = new Map<string, number>();
  let lastId = 0;
  for (;;) {
    const rows = await db.selectFrom("content").select(["id", "title", "tags"]).where("id", ">", lastId).orderBy("id").limit(5000).execute();
    if (!rows.length) break;
    for (const r of rows) {
      for (const w of new Set(tokenize(`${r.title} ${r.tags}`))) if (w.length >= 3 && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    lastId = rows[rows.length - 1]!.id;
  }
  const all = [...counts].map(([term, doc_count]) => ({ term, first_letter: term[0]!, length: term.length, doc_count }));
  const chunkSize = isPostgres(db) ? 1000 : 200;
  for (let i = 0; i < all.length; i += chunkSize) await db.insertInto("search_terms").values(all.slice(i, i + chunkSize)).execute();
}
