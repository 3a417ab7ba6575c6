import { sql } from "kysely";
import type { RelatedSort } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import type { ViewScope } from "../policies/contentObject.js";
import { selectCardRows, whereViewable } from "./content.js";
import { withGradeBands } from "./gradeBands.js";
import type { ContentCardRow } from "../presenters/contentObject.js";

/** Candidates looked at per request: related lists are short, so the best few hundred are enough to rank. */
const CANDIDATES = 300;

/** Words too common to make two titles similar. */
const STOP_WORDS = new Set(["the", "and", "for", "with", "from", "into", "your", "this", "that", "about", "lesson", "plan", "unit", "resource", "copy"]);

/** The words of a title that say what it is about (lowercase, 4+ letters, no stop words), at most 8. */
export function significantWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP_WORDS.has(w)))].slice(0, 8);
}

/** Orders scored rows: by score (then newest) for relevance, else by the chosen column. */
function order<R extends Omit<ContentCardRow, "grade_bands"> & { score: number; title_sort: string }>(rows: R[], sortBy: RelatedSort): R[] {
  const by: Record<RelatedSort, (a: (typeof rows)[number], b: (typeof rows)[number]) => number> = {
    relevance: (a, b) => b.score - a.score || b.updated_at.localeCompare(a.updated_at) || a.id - b.id,
    title_lsort_asc: (a, b) => a.title_sort.localeCompare(b.title_sort) || a.id - b.id,
    title_lsort_desc: (a, b) => b.title_sort.localeCompare(a.title_sort) || a.id - b.id,
    updated_at_asc: (a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id,
    updated_at_desc: (a, b) => b.updated_at.localeCompare(a.updated_at) || a.id - b.id,
  };
  return rows.sort(by[sortBy]);
}

/** Related content: viewable items sharing attributes (standards, grades, subjects...) with the item, most shared first. */
export async function findRelated(db: Db, item: Content, scope: ViewScope, sortBy: RelatedSort, limit: number): Promise<{ rows: ContentCardRow[]; total: number }> {
  const mine = db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", item.id);
  const shared = await db
    .selectFrom("content_attributes")
    .innerJoin("content", "content.id", "content_attributes.content_id")
    .select(["content_attributes.content_id as id", (eb) => eb.fn.countAll<number>().as("score")])
    .where("content_attributes.attr_item_id", "in", mine)
    .where("content.id", "!=", item.id)
    .where("content.model_key", "not in", ["profile", "user", "attribute_item"])
    .where((eb) => whereViewable(eb, scope))
    .groupBy("content_attributes.content_id")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .orderBy("content_attributes.content_id", "desc")
    .limit(CANDIDATES)
    .execute();
  return pageOf(db, new Map(shared.map((s) => [s.id, Number(s.score)])), sortBy, limit);
}

/** Similar content: viewable items of the same type whose titles share significant words with the item's, most words first. */
export async function findSimilar(db: Db, item: Content, scope: ViewScope, sortBy: RelatedSort, limit: number): Promise<{ rows: ContentCardRow[]; total: number }> {
  const words = significantWords(item.title);
  if (!words.length) return { rows: [], total: 0 };
  const candidates = await db
    .selectFrom("content")
    .select(["content.id", "content.title"])
    .where("content.model_key", "=", item.model_key)
    .where("content.id", "!=", item.id)
    .where((eb) => eb.or(words.map((w) => eb(sql`lower(content.title)`, "like", `%${w}%`))))
    .where((eb) => whereViewable(eb, scope))
    .orderBy("content.updated_at", "desc")
    .limit(CANDIDATES)
    .execute();
  const scores = new Map<number, number>();
  for (const c of candidates) {
    const theirs = new Set(significantWords(c.title));
    const score = words.filter((w) => theirs.has(w)).length;
    if (score > 0) scores.set(c.id, score);
  }
  return pageOf(db, scores, sortBy, limit);
}

/** Loads the card rows of scored ids and answers the first `limit` in order, with the total. */
async function pageOf(db: Db, scores: Map<number, number>, sortBy: RelatedSort, limit: number): Promise<{ rows: ContentCardRow[]; total: number }> {
  if (!scores.size) return { rows: [], total: 0 };
  const rows = await selectCardRows(db).select("content.title_sort").where("content.id", "in", [...scores.keys()]).execute();
  const scored = rows.map((r) => ({ ...r, score: scores.get(r.id) ?? 0 }));
  return { rows: await withGradeBands(db, order(scored, sortBy).slice(0, limit)), total: scores.size };
}
