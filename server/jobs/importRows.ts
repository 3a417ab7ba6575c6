import crypto from "node:crypto";
import { sql } from "kysely";
import { IMPORT_FIELDS, importRowKeywords, splitValues, type ImportRow, type UserMappings } from "../../contract/index.js";
import { titleSortKey } from "../commands/createContent.js";
import type { Db } from "../db/connection.js";
import type { BulkImportRecord, NewContent } from "../db/schema.js";
import { importState } from "../models/bulkImports.js";
import { addDocumentsToVocabulary } from "../search/suggest.js";
import type { AttributeResolver } from "./attributeResolver.js";
import { JobStopped, type Lease } from "./lease.js";

const ATTRIBUTE_FIELDS = IMPORT_FIELDS.filter((f) => f.kind === "attribute");

/** Case-insensitive lookup of the user's choices per field and value. */
function choiceLookup(mappings: UserMappings): (field: string, value: string) => number[] | undefined {
  const table = new Map<string, number[]>();
  for (const [field, m] of Object.entries(mappings)) {
    for (const [value, ids] of [...Object.entries(m.missing ?? {}), ...Object.entries(m.ambiguous ?? {})]) table.set(`${field}\n${value.trim().toLowerCase()}`, ids);
  }
  return (field, value) => table.get(`${field}\n${value.trim().toLowerCase()}`);
}

/** The attribute ids a row carries: resolved values, else the user's choice for the value. */
export function rowAttributeIds(row: ImportRow, resolver: AttributeResolver, choose: (field: string, value: string) => number[] | undefined): number[] {
  const ids: number[] = [];
  for (const field of ATTRIBUTE_FIELDS) {
    const values = splitValues(row[field.key]);
    for (const value of field.single ? values.slice(0, 1) : values) {
      const resolution = resolver.resolve(field.attributeType!, value);
      if (resolution.kind === "match") ids.push(...resolution.ids);
      else ids.push(...(choose(field.key, value) ?? []).filter((id) => resolver.isOption(field.attributeType!, id)));
    }
  }
  return [...new Set(ids)];
}

/** "Ada Lovelace (https://example.org); Alan Turing" as the resource's authors_list. */
export function parseAuthors(cell: string | undefined): { name: string; url: string }[] {
  return splitValues(cell).map((entry) => {
    const m = /^(.*?)\s*\((https?:\/\/[^)\s]+)\)\s*$/.exec(entry);
    return m ? { name: m[1]!.trim(), url: m[2]! } : { name: entry, url: "" };
  });
}

/**
 * Imports the rows of a processing import in batches, each batch one transaction that first
 * renews the lease, then creates the content (with grants, attributes, vocabulary and the search
 * change log) and records each row's key in bulk_import_items, and moves the cursor. A restart
 * resumes after the last committed batch; a key already imported (an earlier file, or the same
 * row twice) is skipped, so every row is imported exactly once. Answers when the import completed.
 */
export async function importRows(db: Db, record: BulkImportRecord, lease: Lease, resolver: AttributeResolver, options: { batchSize: number; pauseMs?: number; shouldStop?: () => boolean }): Promise<void> {
  const { mappings, settings, summary } = importState(record);
  const choose = choiceLookup(mappings);
  const ownerId = settings.owner ?? record.profile_id;
  const globalRead = "read";
  for (;;) {
    const finished = await db.transaction().execute(async (trx) => {
      await lease.renew(trx);
      const cursor = await trx.selectFrom("bulk_imports").select(["cursor_row", "rows_done"]).where("id", "=", record.id).executeTakeFirstOrThrow();
      const rows = await trx
        .selectFrom("bulk_import_rows")
        .select(["row_number", "row_key", "state", "data"])
        .where("import_id", "=", record.id)
        .where("row_number", ">", cursor.cursor_row)
        .orderBy("row_number")
        .limit(options.batchSize)
        .execute();
      if (!rows.length) return true;
      const candidates = rows.filter((r) => r.state === "ok" || r.state === "input");
      const keys = [...new Set(candidates.map((r) => r.row_key))];
      const done = new Set(keys.length ? (await trx.selectFrom("bulk_import_items").select("row_key").where("import_id", "=", record.id).where("row_key", "in", keys).execute()).map((r) => r.row_key) : []);
      const now = new Date().toISOString();
      const fresh: { row_number: number; row_key: string; row: ImportRow; uid: string }[] = [];
      for (const r of candidates) {
        if (done.has(r.row_key)) continue;
        done.add(r.row_key);
        fresh.push({ row_number: r.row_number, row_key: r.row_key, row: JSON.parse(r.data) as ImportRow, uid: crypto.randomBytes(9).toString("base64url") });
      }
      if (fresh.length) {
        const values: NewContent[] = fresh.map(({ row, uid }) => {
          const keywords = importRowKeywords(row);
          const authors = parseAuthors(row.authors);
          return {
            uid,
            opaque_id: crypto.randomUUID(),
            model_key: "resource",
            sub_type: null,
            title: row.title!.trim(),
            description: row.description ?? "",
            tags: keywords.join(", "),
            url: row.url?.trim() ?? null,
            thumb_url: null,
            owner_id: ownerId,
            publisher_id: null,
            profile_id: null,
            visibility: "public",
            is_fee_based: 0,
            title_sort: titleSortKey(row.title!),
            extra_data: keywords.length || authors.length ? JSON.stringify({ keywords, authors_list: authors, authors: authors.map((a) => a.name).join(", ") }) : null,
            created_at: now,
            updated_at: now,
          };
        });
        const ids = new Map<string, number>();
        for (let i = 0; i < values.length; i += 250) {
          for (const c of await trx.insertInto("content").values(values.slice(i, i + 250)).returning(["id", "uid"]).execute()) ids.set(c.uid, c.id);
        }
        const items = fresh.map((f) => ({ ...f, contentId: ids.get(f.uid)! }));
        await insertChunked(trx, "content_grants", items.map((f) => ({ content_id: f.contentId, scope: "global" as const, profile_id: null, permission: globalRead })));
        const typeOf = new Map<number, number>();
        const allAttributeIds = new Set<number>();
        const attributesPerItem = items.map((f) => {
          const attributeIds = rowAttributeIds(f.row, resolver, choose);
          attributeIds.forEach((id) => allAttributeIds.add(id));
          return { contentId: f.contentId, attributeIds };
        });
        if (allAttributeIds.size) {
          for (const a of await trx.selectFrom("attribute_items").select(["id", "type_id"]).where("id", "in", [...allAttributeIds]).execute()) typeOf.set(a.id, a.type_id);
        }
        await insertChunked(
          trx,
          "content_attributes",
          attributesPerItem.flatMap((a) => a.attributeIds.filter((id) => typeOf.has(id)).map((id) => ({ content_id: a.contentId, attr_item_id: id, type_id: typeOf.get(id)! }))),
        );
        await insertChunked(trx, "bulk_import_items", items.map((f) => ({ import_id: record.id, row_key: f.row_key, row_number: f.row_number, content_id: f.contentId })));
        await insertChunked(trx, "content_changes", items.map((f) => ({ content_id: f.contentId, changed_at: now })));
        await addDocumentsToVocabulary(trx, values.map((v) => `${v.title} ${v.tags}`));
      }
      await trx
        .updateTable("bulk_imports")
        .set({ cursor_row: rows[rows.length - 1]!.row_number, rows_done: cursor.rows_done + rows.length, updated_at: now })
        .where("id", "=", record.id)
        .execute();
      return false;
    });
    if (finished) break;
    if (options.shouldStop?.()) throw new JobStopped();
    if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
  }
  await db.transaction().execute(async (trx) => {
    await lease.renew(trx);
    const imported = await trx.selectFrom("bulk_import_items").select(sql<number>`count(*)`.as("n")).where("import_id", "=", record.id).executeTakeFirstOrThrow();
    const current = await trx.selectFrom("bulk_imports").select(["rows_total"]).where("id", "=", record.id).executeTakeFirstOrThrow();
    await trx
      .updateTable("bulk_imports")
      .set({ status: "completed", rows_done: current.rows_total, summary: JSON.stringify({ ...summary, imported: Number(imported.n) }), updated_at: new Date().toISOString() })
      .where("id", "=", record.id)
      .execute();
  });
}

/** Inserts rows in statements of at most 500 (both databases bound the parameters per statement). */
async function insertChunked(trx: Db, table: "content_grants" | "content_attributes" | "bulk_import_items" | "content_changes", rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto(table).values(rows.slice(i, i + 500) as never).execute();
}
