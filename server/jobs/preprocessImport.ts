import crypto from "node:crypto";
import { sql } from "kysely";
import {
  BULK_IMPORT_MESSAGES,
  IMPORT_FIELDS,
  duplicateRowError,
  importRowErrors,
  importRowIdentity,
  isBlankRow,
  mapColumns,
  rowFromCells,
  splitValues,
  type ImportError,
  type ImportRow,
  type ImportSummary,
  type RequiredInput,
} from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { BulkImportRecord } from "../db/schema.js";
import { EMPTY_SUMMARY } from "../models/bulkImports.js";
import { AttributeResolver } from "./attributeResolver.js";
import { JobStopped, type Lease } from "./lease.js";
import { readSpreadsheet, SpreadsheetError, type SpreadsheetLimits } from "./readSpreadsheet.js";

const MAX_LISTED_ERRORS = 1000;
const MAX_LISTED_VALUES = 1000;
const ATTRIBUTE_FIELDS = IMPORT_FIELDS.filter((f) => f.kind === "attribute");

/** The key that identifies a row's content across files: the same title and URL are the same resource. */
export const rowKey = (row: ImportRow): string => crypto.createHash("sha256").update(importRowIdentity(row)).digest("base64url").slice(0, 32);

/**
 * Reads an import's file (in a worker), validates every row with the single-resource rules,
 * resolves attribute values and stores the rows for the import step; ends in preprocessed with
 * the summary. Restartable: it clears the rows of an earlier, interrupted attempt first.
 */
export async function preprocessImport(db: Db, record: BulkImportRecord, filePath: string, lease: Lease, options: { limits: SpreadsheetLimits; categoryRequired: boolean; shouldStop?: () => boolean }): Promise<void> {
  await db.deleteFrom("bulk_import_rows").where("import_id", "=", record.id).execute();
  const resolver = await AttributeResolver.load(db);
  const hasImported = !!(await db.selectFrom("bulk_import_items").select("row_key").where("import_id", "=", record.id).limit(1).executeTakeFirst());
  const summary: ImportSummary = structuredClone(EMPTY_SUMMARY);
  const requiredInput: Record<string, RequiredInput> = {};
  let columns: (string | null)[] = [];
  let headers: string[] = [];
  let rowNumber = 1; // the header's number in the spreadsheet (set by header(): blank rows above it count)

  const noteRequired = (field: (typeof ATTRIBUTE_FIELDS)[number], value: string, resolution: ReturnType<AttributeResolver["resolve"]>) => {
    const entry = (requiredInput[field.key] ??= { label: field.label, attribute_type: field.attributeType!, ambiguous: {}, missing: [] });
    const known = Object.keys(entry.ambiguous).length + entry.missing.length;
    if (known >= MAX_LISTED_VALUES) return;
    if (resolution.kind === "ambiguous" && !(value in entry.ambiguous)) entry.ambiguous[value] = resolution.options.slice(0, 50);
    if (resolution.kind === "missing" && !entry.missing.includes(value)) entry.missing.push(value);
  };

  const total = await readSpreadsheet(filePath, record.file_type, options.limits, {
    header(cells, headerRow) {
      rowNumber = headerRow;
      headers = cells.map((c) => String(c ?? "").trim());
      columns = mapColumns(headers);
      if (!columns.includes("title")) throw new ImportFailure("noTitleColumn");
    },
    async rows(cells) {
      if (options.shouldStop?.()) throw new JobStopped();
      const records = cells.flatMap((rowCells) => {
        rowNumber += 1;
        // A blank row is not imported; counting it keeps the next rows' numbers the spreadsheet's.
        if (isBlankRow(rowCells)) return [];
        const row = rowFromCells(columns, rowCells);
        let state: "ok" | "error" | "input" = "ok";
        for (const error of importRowErrors(row, { categoryRequired: options.categoryRequired })) {
          state = "error";
          if (summary.errors.length < MAX_LISTED_ERRORS) summary.errors.push({ row_number: rowNumber, field: error.field, message: error.message, value: row[error.field] ?? "" });
          else summary.errors_truncated = true;
        }
        // A row with errors is skipped, so its values ask for no choice (Start would wait on a row it never imports);
        // they are resolved when a corrected file brings the row back.
        if (state === "ok") {
          for (const field of ATTRIBUTE_FIELDS) {
            for (const value of splitValues(row[field.key])) {
              const resolution = resolver.resolve(field.attributeType!, value);
              if (resolution.kind === "match") continue;
              noteRequired(field, value, resolution);
              state = "input";
            }
          }
        }
        if (state === "error") summary.rows_with_errors += 1;
        if (state === "input") summary.rows_requiring_input += 1;
        return [{ import_id: record.id, row_number: rowNumber, row_key: rowKey(row), state: state as "ok" | "error" | "input" | "duplicate", data: JSON.stringify(row) }];
      });
      if (hasImported) {
        const keys = records.filter((r) => r.state !== "error").map((r) => r.row_key);
        const done = new Set(
          keys.length ? (await db.selectFrom("bulk_import_items").select("row_key").where("import_id", "=", record.id).where("row_key", "in", keys).execute()).map((r) => r.row_key) : [],
        );
        for (const r of records) {
          if (r.state === "error" || !done.has(r.row_key)) continue;
          if (r.state === "input") summary.rows_requiring_input -= 1;
          r.state = "duplicate";
          summary.already_imported += 1;
        }
      }
      await db.transaction().execute(async (trx) => {
        await lease.renew(trx);
        for (let i = 0; i < records.length; i += 500) await trx.insertInto("bulk_import_rows").values(records.slice(i, i + 500)).execute();
      });
    },
  }).catch((err: unknown) => {
    if (err instanceof SpreadsheetError) throw new ImportFailure(err.code as keyof typeof BULK_IMPORT_MESSAGES);
    throw err;
  });

  if (total === 0) throw new ImportFailure("emptyFile");
  if (await skipRepeatedRows(db, record.id, lease, summary)) {
    // A value only a skipped repeat carried must not wait for a choice: the values are noted again from the rows left.
    for (const key of Object.keys(requiredInput)) delete requiredInput[key];
    let after = 0;
    for (;;) {
      const page = await db.selectFrom("bulk_import_rows").select(["row_number", "data"]).where("import_id", "=", record.id).where("state", "=", "input").where("row_number", ">", after).orderBy("row_number").limit(1000).execute();
      if (!page.length) break;
      after = page[page.length - 1]!.row_number;
      for (const { data } of page) {
        const row = JSON.parse(data) as ImportRow;
        for (const field of ATTRIBUTE_FIELDS) {
          for (const value of splitValues(row[field.key])) {
            const resolution = resolver.resolve(field.attributeType!, value);
            if (resolution.kind !== "match") noteRequired(field, value, resolution);
          }
        }
      }
    }
  }
  summary.total = total;
  summary.required_input = requiredInput;
  await db.transaction().execute(async (trx) => {
    await lease.renew(trx);
    await trx
      .updateTable("bulk_imports")
      .set({
        status: "preprocessed",
        summary: JSON.stringify(summary),
        columns: JSON.stringify(headers.map((header, i) => ({ header, field: columns[i] ?? null }))),
        rows_total: total,
        rows_done: 0,
        cursor_row: 0,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", record.id)
      .execute();
  });
}

/**
 * Skips the rows that repeat an earlier row of the file (the same title and URL): each becomes an error naming the
 * row it repeats, so the user sees why it was not imported. Found after the file is stored, by grouping its rows in
 * the database, so a file of any length needs no memory for it. Answers whether a skipped row had asked for input.
 */
async function skipRepeatedRows(db: Db, importId: number, lease: Lease, summary: ImportSummary): Promise<boolean> {
  const groups = await db
    .selectFrom("bulk_import_rows")
    .select(["row_key", sql<number>`min(row_number)`.as("first")])
    .where("import_id", "=", importId)
    .where("state", "in", ["ok", "input"])
    .groupBy("row_key")
    .having(sql`count(*)`, ">", 1)
    .execute();
  if (!groups.length) return false;
  const repeats: ImportError[] = [];
  let hadInput = false;
  for (let i = 0; i < groups.length; i += 500) {
    const first = new Map(groups.slice(i, i + 500).map((g) => [g.row_key, Number(g.first)]));
    const rows = await db
      .selectFrom("bulk_import_rows")
      .select(["row_number", "row_key", "state", "data"])
      .where("import_id", "=", importId)
      .where("state", "in", ["ok", "input"])
      .where("row_key", "in", [...first.keys()])
      .execute();
    const skipped = rows.filter((r) => r.row_number > first.get(r.row_key)!);
    for (const r of skipped) {
      repeats.push(duplicateRowError(r.row_number, first.get(r.row_key)!, JSON.parse(r.data) as ImportRow));
      summary.rows_with_errors += 1;
      if (r.state === "input") {
        summary.rows_requiring_input -= 1;
        hadInput = true;
      }
    }
    await db.transaction().execute(async (trx) => {
      await lease.renew(trx);
      const numbers = skipped.map((r) => r.row_number);
      for (let j = 0; j < numbers.length; j += 500) {
        await trx.updateTable("bulk_import_rows").set({ state: "error" }).where("import_id", "=", importId).where("row_number", "in", numbers.slice(j, j + 500)).execute();
      }
    });
  }
  const listed = [...summary.errors, ...repeats].sort((a, b) => a.row_number - b.row_number);
  summary.errors_truncated ||= listed.length > MAX_LISTED_ERRORS;
  summary.errors = listed.slice(0, MAX_LISTED_ERRORS);
  return hadInput;
}

/** An import-level failure with a message the user sees (BULK_IMPORT_MESSAGES key). */
export class ImportFailure extends Error {
  constructor(public code: keyof typeof BULK_IMPORT_MESSAGES) {
    super(BULK_IMPORT_MESSAGES[code] ?? BULK_IMPORT_MESSAGES.unreadable);
  }
}
