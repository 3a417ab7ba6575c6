import crypto from "node:crypto";
import { sql, type Insertable } from "kysely";
import type { ContentAttributesTable, ContentGrantsTable, ContentTable } from "../db/schema.js";
import type { Db } from "../db/connection.js";
import { isPostgres } from "../db/connection.js";
import { titleSortKey } from "../commands/createContent.js";
import { insertProfile } from "../models/profiles.js";
import { rebuildVocabulary } from "../search/suggest.js";
import { demoAttributeTrees, insertTree, type InsertedItem } from "./attributeTrees.js";
import { capitalize, DESCRIPTION_SENTENCES, pick, pickSome, rng, SUBJECT_TOPICS, TITLE_PATTERNS } from "./vocabulary.js";

const MODEL_MIX: [string, number][] = [["resource", 0.6], ["lesson_plan", 0.15], ["collection", 0.08], ["outline", 0.05], ["project", 0.07], ["pathway", 0.05]];

/** Words that make a realistic long tail: each appears in few items. */
function rareWords(count: number, r: () => number): string[] {
  // 16 syllables in words of 2 to 4 make about 70,000 distinct words: enough for any count asked here.
  const syllables = ["ka", "lo", "mi", "ra", "ten", "zu", "vor", "pel", "quin", "dra", "sol", "nex", "bri", "tho", "gan", "lum"];
  const out = new Set<string>();
  while (out.size < count) out.add(Array.from({ length: 2 + Math.floor(r() * 3) }, () => pick(r, syllables)).join(""));
  return [...out];
}

/** The common word of the catalogue: in about a third of the items (bench's common-term query). */
export const COMMON_WORD = "students";

/**
 * Generates a large catalogue fast (batched inserts with explicit ids), for benchmarks: realistic
 * titles, a third of the items mentioning a common word, a long tail of rare words, 4 to 7
 * attributes per item, and a permission mix of public, signed-in and restricted items.
 */
export async function generateCatalogue(db: Db, options: { items: number; seed?: number; onProgress?: (done: number) => void }): Promise<{ rareWords: string[] }> {
  const r = rng(options.seed ?? 7);
  const types = new Map((await db.selectFrom("attribute_types").select(["id", "key"]).execute()).map((t) => [t.key, t.id]));
  const existing = await db.selectFrom("attribute_items").select("id").limit(1).execute();
  if (existing.length) throw new Error("generateCatalogue needs a database without attribute items (use a fresh DATA_DIR)");
  const trees = demoAttributeTrees(SUBJECT_TOPICS);
  const attrs: Record<string, InsertedItem[]> = {};
  for (const [key, nodes] of Object.entries(trees)) attrs[key] = await insertTree(db, types.get(key)!, nodes);
  const typeIdOf = new Map<number, number>();
  for (const [key, list] of Object.entries(attrs)) for (const a of list) typeIdOf.set(a.id, types.get(key)!);
  const standardLeaves = attrs.standards!.filter((s) => s.leaf);

  const owners: number[] = [];
  for (let i = 0; i < 200; i++) owners.push((await insertProfile(db, { kind: "user", name: `Author ${i + 1}`, is_publisher: i < 20 ? 1 : 0 })).id);
  const rare = rareWords(5000, r);
  const subjects = Object.keys(SUBJECT_TOPICS);
  const pg = isPostgres(db);
  const batch = pg ? 1000 : 400;
  const start = Date.UTC(2019, 0, 1);
  const startId = Number((await db.selectFrom("content").select((eb) => eb.fn.max("id").as("m")).executeTakeFirst())?.m ?? 0) + 1;

  for (let offset = 0; offset < options.items; offset += batch) {
    const n = Math.min(batch, options.items - offset);
    const rows: Insertable<ContentTable>[] = [];
    const attributes: Insertable<ContentAttributesTable>[] = [];
    const grants: Insertable<ContentGrantsTable>[] = [];
    for (let k = 0; k < n; k++) {
      const id = startId + offset + k;
      let roll = r();
      const modelKey = MODEL_MIX.find(([, p]) => (roll -= p) < 0)?.[0] ?? "resource";
      const subject = pick(r, subjects);
      const topic = pick(r, SUBJECT_TOPICS[subject]!);
      const title = pick(r, TITLE_PATTERNS[modelKey]!).replace(/\{t\}|\{T\}/, capitalize(topic));
      const sentences = pickSome(r, DESCRIPTION_SENTENCES, 2).map((s) => s.replaceAll("{t}", topic));
      if (r() < 1 / 3) sentences.push(`Great for ${COMMON_WORD} who need extra practice.`);
      const word = pick(r, rare);
      const created = new Date(start + Math.floor(r() * 7 * 365 * 86_400_000));
      const v = r();
      const visibility: ContentTable["visibility"] = v < 0.85 ? "public" : v < 0.95 ? "authed" : "restricted";
      rows.push({
        id,
        uid: crypto.randomBytes(9).toString("base64url"),
        opaque_id: crypto.randomUUID(),
        model_key: modelKey,
        sub_type: null,
        title,
        description: sentences.join(" "),
        tags: `${topic}, ${subject.toLowerCase()}, ${word}`,
        url: null,
        thumb_url: null,
        owner_id: pick(r, owners),
        publisher_id: r() < 0.4 ? owners[Math.floor(r() * 20)]! : null,
        profile_id: null,
        visibility,
        is_fee_based: 0,
        title_sort: titleSortKey(title),
        created_at: created.toISOString(),
        updated_at: new Date(created.getTime() + Math.floor(r() * 90 * 86_400_000)).toISOString(),
      });
      const g0 = Math.floor(r() * 13);
      const ids = new Set<number>([attrs.grades![g0]!.id, attrs.grades![Math.min(g0 + 1, 14)]!.id, attrs.subjects!.find((s) => s.name === subject)!.id]);
      ids.add(pick(r, standardLeaves).id);
      if (modelKey === "resource") ids.add(pick(r, attrs.resource_categories!).id);
      ids.add((r() < 0.8 ? attrs.content_pricing![0]! : pick(r, attrs.content_pricing!)).id);
      if (modelKey === "project" || modelKey === "pathway") ids.add(pick(r, attrs.industries!).id).add(pick(r, attrs.professional_roles!).id);
      for (const a of ids) attributes.push({ content_id: id, attr_item_id: a, type_id: typeIdOf.get(a)! });
      if (visibility === "public") grants.push({ content_id: id, scope: "global", profile_id: null, permission: "read" });
      else if (visibility === "authed") grants.push({ content_id: id, scope: "authed", profile_id: null, permission: "read" });
      else {
        // Someone other than the owner reads it (the next author when the pick is the owner: the same draws, so the
        // catalogue stays what it was otherwise).
        const reader = pick(r, owners);
        const ownerId = rows[rows.length - 1]!.owner_id;
        grants.push({ content_id: id, scope: "profile", profile_id: reader === ownerId ? owners[(owners.indexOf(reader) + 1) % owners.length]! : reader, permission: "read" });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("content").values(rows).execute();
      for (let i = 0; i < attributes.length; i += batch) await trx.insertInto("content_attributes").values(attributes.slice(i, i + batch)).execute();
      await trx.insertInto("content_grants").values(grants).execute();
    });
    options.onProgress?.(offset + n);
  }
  if (pg) await sql`select setval(pg_get_serial_sequence('content', 'id'), (select max(id) from content))`.execute(db);
  await rebuildVocabulary(db);
  if (!pg) await sql`pragma optimize`.execute(db);
  else await sql`analyze`.execute(db);
  return { rareWords: rare };
}
