import type { Db } from "../db/connection.js";
import { foldGradeBands } from "../presenters/gradeBands.js";

interface GradeNode {
  id: number;
  name: string;
  parent_id: number | null;
  sort_order: number;
}

/** Ids per `in (...)` list, well under both databases' parameter limits. */
const CHUNK = 900;

/**
 * The grade bands of these items (`presenters/gradeBands.ts`), by content id; items without grades get none. Read for
 * the cards of one answer only (a page's, a collection's), never for every match: two or three small queries.
 */
export async function gradeBandsOf(db: Db, contentIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(contentIds.map((id) => [id, []]));
  if (!contentIds.length) return out;
  const type = await db.selectFrom("attribute_types").select("id").where("key", "=", "grades").executeTakeFirst();
  if (!type) return out;
  const tagged: { content_id: number; attr_item_id: number }[] = [];
  const nodes = new Map<number, GradeNode>();
  for (let i = 0; i < contentIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("content_attributes as ca")
      .innerJoin("attribute_items as ai", "ai.id", "ca.attr_item_id")
      .select(["ca.content_id", "ca.attr_item_id", "ai.id", "ai.name", "ai.parent_id", "ai.sort_order"])
      .where("ca.type_id", "=", type.id)
      .where("ca.content_id", "in", contentIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      tagged.push(r);
      nodes.set(r.id, { id: r.id, name: r.name, parent_id: r.parent_id, sort_order: r.sort_order });
    }
  }
  // The ancestors of nested grades, a level at a time (grade trees are shallow).
  for (let missing = parentsMissing(nodes); missing.length; missing = parentsMissing(nodes)) {
    const parents = await db.selectFrom("attribute_items").select(["id", "name", "parent_id", "sort_order"]).where("id", "in", missing.slice(0, CHUNK)).execute();
    for (const p of parents) nodes.set(p.id, p);
    // A parent id that names no item: read the grade as top-level rather than asking again.
    for (const id of missing.slice(0, CHUNK)) if (!nodes.has(id)) for (const n of nodes.values()) if (n.parent_id === id) n.parent_id = null;
  }
  const rootOf = (node: GradeNode): GradeNode => {
    let at = node;
    for (let hops = 0; at.parent_id !== null && hops < 50; hops++) at = nodes.get(at.parent_id) ?? at;
    return at;
  };
  const byItem = new Map<number, GradeNode[]>();
  for (const t of tagged) {
    const list = byItem.get(t.content_id) ?? [];
    list.push(nodes.get(t.attr_item_id)!);
    byItem.set(t.content_id, list);
  }
  for (const [contentId, grades] of byItem) {
    const ordered = grades.map((g) => ({ g, root: rootOf(g) })).sort((a, b) => a.root.sort_order - b.root.sort_order || a.root.id - b.root.id || a.g.sort_order - b.g.sort_order || a.g.id - b.g.id);
    out.set(contentId, foldGradeBands(ordered.map(({ g, root }) => ({ name: g.name, root: root === g ? null : root.name }))));
  }
  return out;
}

const parentsMissing = (nodes: Map<number, GradeNode>) => [...new Set([...nodes.values()].flatMap((n) => (n.parent_id !== null && !nodes.has(n.parent_id) ? [n.parent_id] : [])))];

/** The rows with their items' grade bands (`grade_bands`), for card rows (`ContentCardRow`). */
export async function withGradeBands<T extends { id: number }>(db: Db, rows: T[]): Promise<(T & { grade_bands: string[] })[]> {
  const bands = await gradeBandsOf(db, rows.map((r) => r.id));
  return rows.map((r) => Object.assign(r, { grade_bands: bands.get(r.id) ?? [] }));
}
