import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import { sql } from "kysely";
import type { ImportSettings, ImportSummary, UserMappings } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { BulkImportRecord } from "../db/schema.js";

/** The summary of an import that has not been read yet. */
export const EMPTY_SUMMARY: ImportSummary = {
  total: 0,
  rows_with_errors: 0,
  rows_requiring_input: 0,
  already_imported: 0,
  imported: 0,
  error: null,
  errors: [],
  errors_truncated: false,
  required_input: {},
};

const parse = <T>(raw: string, fallback: T): T => {
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
};

/** The stored JSON columns of an import, parsed. */
export function importState(record: BulkImportRecord): { summary: ImportSummary; mappings: UserMappings; settings: ImportSettings; columns: { header: string; field: string | null }[] } {
  return {
    summary: { ...EMPTY_SUMMARY, ...parse<Partial<ImportSummary>>(record.summary, {}), error: record.error },
    mappings: parse<UserMappings>(record.user_mappings, {}),
    settings: { owner: null, ...parse<Partial<ImportSettings>>(record.import_settings, {}) },
    columns: parse(record.columns, []),
  };
}

/** Finds an import by its public id. */
export const findImportByUid = (db: Db, uid: string): Promise<BulkImportRecord | undefined> =>
  db.selectFrom("bulk_imports").selectAll().where("uid", "=", uid).executeTakeFirst();

/** Finds an import by id. */
export const findImport = (db: Db, id: number): Promise<BulkImportRecord | undefined> => db.selectFrom("bulk_imports").selectAll().where("id", "=", id).executeTakeFirst();

const CHUNK_BYTES = 1024 * 1024;

/** Stores a file's bytes in the database in 1 MB chunks, so any instance can read it. */
export async function storeImportFile(db: Db, importId: number, generation: number, filePath: string): Promise<void> {
  await db.deleteFrom("bulk_import_chunks").where("import_id", "=", importId).execute();
  let seq = 0;
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: CHUNK_BYTES })) {
    await db.insertInto("bulk_import_chunks").values({ import_id: importId, generation, seq: seq++, data: chunk as Buffer }).execute();
  }
}

/** Writes an import's stored file to a local path, chunk by chunk (never whole in memory). */
export async function writeImportFile(db: Db, record: BulkImportRecord, target: string): Promise<void> {
  let seq = 0;
  async function* chunks() {
    for (;;) {
      const row = await db
        .selectFrom("bulk_import_chunks")
        .select("data")
        .where("import_id", "=", record.id)
        .where("generation", "=", record.generation)
        .where("seq", "=", seq++)
        .executeTakeFirst();
      if (!row) return;
      yield row.data;
    }
  }
  await pipeline(chunks(), fs.createWriteStream(target) as Writable);
}

/** Creates an import in status created, its file stored; answers the record. */
export async function createImport(db: Db, input: { profileId: number; modelType: string; fileName: string; fileType: "csv" | "xls" | "xlsx"; fileSize: number; filePath: string }): Promise<BulkImportRecord> {
  const now = new Date().toISOString();
  const record = await db
    .insertInto("bulk_imports")
    .values({
      uid: crypto.randomBytes(12).toString("base64url"),
      model_type: input.modelType,
      profile_id: input.profileId,
      // Not claimable until its file is stored (lease_until far ahead); the job claims it after.
      status: "created",
      lease_until: Number.MAX_SAFE_INTEGER,
      file_name: input.fileName,
      file_type: input.fileType,
      file_size: input.fileSize,
      summary: JSON.stringify(EMPTY_SUMMARY),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await storeImportFile(db, record.id, record.generation, input.filePath);
  await db.updateTable("bulk_imports").set({ lease_until: 0 }).where("id", "=", record.id).execute();
  return { ...record, lease_until: 0 };
}

/** Replaces an import's file (a corrected one): a new generation, read again from the start. */
export async function replaceImportFile(db: Db, record: BulkImportRecord, input: { fileName: string; fileType: "csv" | "xls" | "xlsx"; fileSize: number; filePath: string }): Promise<void> {
  const generation = record.generation + 1;
  await db.updateTable("bulk_imports").set({ lease_until: Number.MAX_SAFE_INTEGER }).where("id", "=", record.id).execute();
  await storeImportFile(db, record.id, generation, input.filePath);
  await db
    .updateTable("bulk_imports")
    .set({
      generation,
      status: "created",
      file_name: input.fileName,
      file_type: input.fileType,
      file_size: input.fileSize,
      error: null,
      attempts: 0,
      rows_done: 0,
      cursor_row: 0,
      lease_owner: null,
      lease_until: 0,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", record.id)
    .execute();
}

/** Saves the user's mappings or settings (only while preprocessed: the caller checked). */
export async function saveImportChoices(db: Db, id: number, choices: { user_mappings?: UserMappings; import_settings?: ImportSettings }): Promise<void> {
  await db
    .updateTable("bulk_imports")
    .set({
      ...(choices.user_mappings ? { user_mappings: JSON.stringify(choices.user_mappings) } : {}),
      ...(choices.import_settings ? { import_settings: JSON.stringify(choices.import_settings) } : {}),
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "preprocessed")
    .execute();
}

/** Moves a preprocessed import to processing (the job runner picks it up); false when it was not preprocessed. */
export async function startImport(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable("bulk_imports")
    .set({ status: "processing", rows_done: 0, cursor_row: 0, attempts: 0, lease_owner: null, lease_until: 0, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("status", "=", "preprocessed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Clears an import-level error so the job runs again from where it stopped. */
export async function retryImport(db: Db, id: number): Promise<void> {
  await db
    .updateTable("bulk_imports")
    .set({ error: null, attempts: 0, lease_owner: null, lease_until: 0, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("error", "is not", null)
    .execute();
}

/** A page of the content an import created, in row order. */
export async function listImportedItems(db: Db, importId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("bulk_import_items as i")
      .innerJoin("content as c", "c.id", "i.content_id")
      .select(["c.id", "c.uid", "c.model_key", "c.sub_type", "c.title", "i.row_number"])
      .where("i.import_id", "=", importId)
      .orderBy("i.content_id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    // Counted as listed: an item deleted since it was imported is in neither.
    db.selectFrom("bulk_import_items as i").innerJoin("content as c", "c.id", "i.content_id").select(sql<number>`count(*)`.as("n")).where("i.import_id", "=", importId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
