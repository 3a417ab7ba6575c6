import Papa from "papaparse";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { DUPLICATE_ROW_FIELD, IMPORT_MAX_COLUMNS, RESOURCE_MESSAGES, RESOURCE_URL_MAX } from "../../../contract/index.js";
import { readSpreadsheetSource, SpreadsheetReadError } from "./readSpreadsheetSource.js";
import {
  CorrectedCsvWriter,
  PreviewCollector,
  addedFields,
  correctedFileName,
  correctedRepeats,
  editKey,
  isEditableField,
  remainingErrors,
  spreadsheetType,
  type CellEdits,
  type SpreadsheetPreviewData,
} from "./spreadsheetPreviewModel.js";

/** Reads a source into a preview as the worker does. */
async function preview(source: string | ArrayBuffer, type: "csv" | "xlsx" = "csv", options: { categoryRequired?: boolean; sampleRows?: number; maxErrors?: number } = {}): Promise<SpreadsheetPreviewData> {
  const collector = new PreviewCollector({ categoryRequired: options.categoryRequired ?? false, sampleRows: options.sampleRows, maxErrors: options.maxErrors });
  await readSpreadsheetSource(source, type, { header: (cells, rowNumber) => collector.header(cells, rowNumber), rows: (chunk) => collector.rows(chunk) });
  return collector.result();
}

/** Writes the corrected CSV of a source as the worker does. */
async function corrected(source: string, data: SpreadsheetPreviewData, edits: CellEdits): Promise<string> {
  const writer = new CorrectedCsvWriter(data.columns, edits);
  await readSpreadsheetSource(source, "csv", { header: (_cells, rowNumber) => writer.header(rowNumber), rows: (chunk) => writer.rows(chunk) });
  return writer.result().join("");
}

const xlsxOf = (rows: unknown[][]): ArrayBuffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Resources");
  return XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
};

const SHEET = [
  "\ufeffResource Title,Link,Notes,Tags",
  "Fractions,https://example.org/fractions,fine,math",
  "",
  ",https://example.org/untitled,no title,",
  "Bad link,not a link,,science",
  "Bad keywords,https://example.org/k,,ok; bad!",
].join("\n");

describe("the local preview reads a file as the server does", () => {
  it("maps headers to fields and marks the other columns ignored", async () => {
    const data = await preview(SHEET);
    expect(data.columns).toEqual([
      { index: 0, header: "Resource Title", field: "title" },
      { index: 1, header: "Link", field: "url" },
      { index: 2, header: "Notes", field: null },
      { index: 3, header: "Tags", field: "keywords" },
    ]);
    expect(data.failure).toBeNull();
  });

  it("numbers rows as a spreadsheet does (header = row 1, a blank line skipped but counted) and reports the row rules' errors with the provided value", async () => {
    const data = await preview(SHEET);
    expect(data.total).toBe(4);
    expect(data.rowsWithErrors).toBe(3);
    expect(data.errors).toEqual([
      { row_number: 4, field: "title", message: RESOURCE_MESSAGES.titleRequired, value: "" },
      { row_number: 5, field: "url", message: RESOURCE_MESSAGES.urlInvalid, value: "not a link" },
      { row_number: 6, field: "keywords", message: RESOURCE_MESSAGES.keywordInvalid, value: "ok; bad!" },
    ]);
    expect(data.sample.map((r) => r.rowNumber)).toEqual([2, 4, 5, 6]);
    expect(data.errorRows.map((r) => r.rowNumber)).toEqual([4, 5, 6]);
  });

  it("counts only data rows as it reads (the dialog's \"N rows read\"), never running ahead of the final total", async () => {
    const collector = new PreviewCollector({ categoryRequired: false });
    const seen: number[] = [];
    collector.header(["Title", "URL"]);
    for (const chunk of [[["A", "https://example.org/a"], [], ["", " "]], [[""], ["B", "https://example.org/b"]], [[], []]]) {
      collector.rows(chunk);
      seen.push(collector.dataRows);
    }
    expect(seen).toEqual([1, 2, 2]);
    expect(collector.result().total).toBe(2);
  });

  it("numbers a header on row 3 (blank rows above it) as row 3, in a CSV and a workbook, and keeps those rows in the corrected CSV", async () => {
    const rows = [[], [""], ["Title", "URL"], ["A", "https://example.org/a"], ["", "https://example.org/b"]];
    const source = rows.map((r) => r.join(",")).join("\n");
    for (const data of [await preview(source), await preview(xlsxOf(rows), "xlsx")]) {
      expect(data.sample.map((r) => r.rowNumber)).toEqual([4, 5]);
      expect(data.errors.map((e) => [e.row_number, e.field])).toEqual([[5, "title"]]);
    }
    const data = await preview(source);
    const csv = await corrected(source, data, { [editKey(5, "title")]: "B" });
    expect(csv).toBe("\r\n\r\nTitle,URL\r\nA,https://example.org/a\r\nB,https://example.org/b\r\n");
    expect((await preview(csv)).sample.map((r) => [r.rowNumber, r.cells[0]])).toEqual([[4, "A"], [5, "B"]]);
  });

  it("reads quoted newlines inside cells, a BOM with CRLF line ends, semicolon- and tab-separated files, and a workbook whose first sheet is empty", async () => {
    const quoted = await preview('Title,URL,Description\n"Two\nLines",https://example.org/q,"a\r\nb"\n,https://example.org/r\n');
    expect([quoted.total, quoted.sample[0]!.cells[0], quoted.errors.map((e) => [e.row_number, e.field])]).toEqual([2, "Two\nLines", [[3, "title"]]]);
    const bom = await preview("\ufeffTitle,URL\r\nBom Row,https://example.org/bom\r\n\r\n,https://example.org/x\r\n");
    expect([bom.columns[0]!.field, bom.total, bom.errors.map((e) => [e.row_number, e.field])]).toEqual(["title", 2, [[4, "title"]]]);
    // Excel's CSV where the decimal separator is a comma: short, ending in a newline, a comma inside a cell.
    const semicolons = await preview("Title;URL;Description\nSemi Row;https://example.org/semi;Soil, water\n");
    expect([semicolons.columns.map((c) => c.header), semicolons.failure, semicolons.sample[0]!.cells]).toEqual([["Title", "URL", "Description"], null, ["Semi Row", "https://example.org/semi", "Soil, water"]]);
    const tabs = await preview("Title\tURL\n\nTab Row\thttps://example.org/tab\n");
    expect([tabs.columns.map((c) => c.header), tabs.sample.map((r) => [r.rowNumber, r.cells[0]])]).toEqual([["Title", "URL"], [[3, "Tab Row"]]]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), "Empty");
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Title", "URL"], ["Second Sheet", "https://example.org/s"]]), "Resources");
    const second = await preview(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer, "xlsx");
    expect([second.failure, second.total]).toEqual([null, 1]);
  });

  it("reports a link longer than a resource may hold, as the server does", async () => {
    const long = `https://example.org/${"a".repeat(RESOURCE_URL_MAX)}`;
    const data = await preview(["Title,URL", `Long link,${long}`, "Short link,https://example.org/s"].join("\n"));
    expect(data.errors).toEqual([{ row_number: 2, field: "url", message: RESOURCE_MESSAGES.urlTooLong, value: long }]);
  });

  it("lists a row repeating an earlier one (same title and URL, any case) as the server does, with nothing to correct", async () => {
    const data = await preview(["Title,URL", "Sea Otters,https://example.org/otters", ",https://example.org/otters", " sea otters ,HTTPS://example.org/otters", "Sea Otters,https://example.org/other"].join("\n"));
    expect(data.rowsWithErrors).toBe(2);
    expect(data.errors).toEqual([
      { row_number: 3, field: "title", message: RESOURCE_MESSAGES.titleRequired, value: "" },
      { row_number: 4, field: DUPLICATE_ROW_FIELD, message: "This row has the same title and URL as row 2, which is imported; this one is skipped.", value: "sea otters" },
    ]);
    expect(isEditableField(DUPLICATE_ROW_FIELD)).toBe(false);
  });

  it("reads the workbook's first sheet with a title column (an instructions sheet before it is passed over), as the server does", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["How to fill this in"], ["One resource per row"]]), "Instructions");
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Title", "URL"], ["Otters", "https://example.org/otters"], ["", "https://example.org/x"]]), "Resources");
    const data = await preview(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer, "xlsx");
    expect([data.failure, data.total, data.columns.map((c) => c.field)]).toEqual([null, 2, ["title", "url"]]);
    expect(data.errors.map((e) => [e.row_number, e.field])).toEqual([[3, "title"]]);
  });

  it("reports the same errors for the same rows in an XLSX workbook", async () => {
    // The blank line becomes a blank row of the workbook: both number the rows after it alike.
    const rows = Papa.parse<string[]>(SHEET.replace(/^\ufeff/, ""), { skipEmptyLines: false }).data;
    const fromXlsx = await preview(xlsxOf(rows), "xlsx");
    const fromCsv = await preview(SHEET);
    expect(fromXlsx.errors).toEqual(fromCsv.errors);
    expect(fromXlsx.total).toBe(fromCsv.total);
  });

  it("asks for a category on every row when the site requires one", async () => {
    const data = await preview("Title,URL\nA,https://example.org/a\n", "csv", { categoryRequired: true });
    expect(data.errors).toEqual([{ row_number: 2, field: "resource_category", message: RESOURCE_MESSAGES.categoryRequired, value: "" }]);
  });

  it("refuses a file without a title column, and one without rows", async () => {
    expect((await preview("Name of thing,URL\nA,https://example.org\n")).failure).toBe("noTitleColumn");
    expect((await preview("Title,URL\n")).failure).toBe("emptyFile");
    await expect(preview("")).rejects.toThrow(SpreadsheetReadError);
    await expect(preview(new TextEncoder().encode("not a workbook at all").buffer, "xlsx")).rejects.toMatchObject({ code: "unreadable" });
  });

  it("reads only the first IMPORT_MAX_COLUMNS columns, as the server does", async () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `Extra ${i + 1}`);
    const lastKept = [...filler(IMPORT_MAX_COLUMNS - 1), "Title"].join(",");
    const firstDropped = [...filler(IMPORT_MAX_COLUMNS), "Title"].join(",");
    const kept = await preview(`${lastKept}\n${",".repeat(IMPORT_MAX_COLUMNS - 1)}Fractions\n`);
    expect(kept.failure).toBeNull();
    expect(kept.columns).toHaveLength(IMPORT_MAX_COLUMNS);
    expect(kept.columns.at(-1)).toMatchObject({ header: "Title", field: "title" });
    expect((await preview(`${firstDropped}\n${",".repeat(IMPORT_MAX_COLUMNS)}Fractions\n`)).failure).toBe("noTitleColumn");
  });

  it("keeps only a sample of rows and a bounded error list, but counts every row of a large file", async () => {
    const lines = ["Title,URL"];
    for (let i = 0; i < 30_000; i++) lines.push(i % 3 === 0 ? `Item ${i},nope` : `Item ${i},https://example.org/${i}`);
    const data = await preview(lines.join("\n"), "csv", { sampleRows: 20, maxErrors: 100 });
    expect(data.total).toBe(30_000);
    expect(data.sample).toHaveLength(20);
    expect(data.rowsWithErrors).toBe(10_000);
    expect(data.errors).toHaveLength(100);
    expect(data.errorsTruncated).toBe(true);
    expect(data.errorRows).toHaveLength(100);
    expect(data.errors.at(-1)!.row_number).toBe(2 + 99 * 3);
  });
});

describe("corrections", () => {
  it("re-checks a corrected row and writes a CSV with the corrections that the preview then finds clean", async () => {
    const data = await preview(SHEET);
    const edits: CellEdits = { [editKey(4, "title")]: "Untitled thing", [editKey(5, "url")]: "https://example.org/bad-link", [editKey(6, "keywords")]: "ok, bad" };
    for (const row of data.errorRows) expect(remainingErrors(data.columns, edits, row, false)).toEqual([]);
    expect(remainingErrors(data.columns, { [editKey(5, "url")]: "still wrong" }, data.errorRows[1]!, false)).toEqual([
      { row_number: 5, field: "url", message: RESOURCE_MESSAGES.urlInvalid, value: "still wrong" },
    ]);

    const csv = await corrected(SHEET, data, edits);
    expect(csv).toBe(
      [
        "Resource Title,Link,Notes,Tags",
        "Fractions,https://example.org/fractions,fine,math",
        "",
        "Untitled thing,https://example.org/untitled,no title,",
        "Bad link,https://example.org/bad-link,,science",
        "Bad keywords,https://example.org/k,,\"ok, bad\"",
        "",
      ].join("\r\n"),
    );
    const again = await preview(csv);
    expect(again.errors).toEqual([]);
    expect(again.total).toBe(4);
    expect(again.sample.map((r) => r.rowNumber)).toEqual([2, 4, 5, 6]);
  });

  it("keeps blank rows between rows of the corrected CSV, so the server numbers its rows as the preview did, and drops those at the end", async () => {
    const source = "Title,URL\nA,https://example.org/a\n\n,\n,https://example.org/b\n\n\n";
    const data = await preview(source);
    expect(data.errors.map((e) => [e.row_number, e.field])).toEqual([[5, "title"]]);
    const csv = await corrected(source, data, { [editKey(5, "title")]: "B" });
    expect(csv).toBe("Title,URL\r\nA,https://example.org/a\r\n\r\n\r\nB,https://example.org/b\r\n");
  });

  it("tells a row whose correction makes it repeat an earlier row (or an earlier corrected row) that it will be skipped, as the server will", async () => {
    const source = ["Title,URL", "Sea Otters,https://example.org/otters", ",https://example.org/otters", ",https://example.org/otters", ",https://example.org/seals", "Seals,https://example.org/seals"].join("\n");
    const data = await preview(source);
    expect(data.errorRows.map((r) => r.rowNumber)).toEqual([3, 4, 5]);
    // Row 3 becomes a copy of row 2 (another case); row 4 becomes new, row 5 a copy of the later row 6.
    const edits: CellEdits = { [editKey(3, "title")]: "SEA OTTERS ", [editKey(4, "title")]: "River Otters", [editKey(5, "title")]: "Seals" };
    expect([...correctedRepeats(data, edits, data.errorRows)]).toEqual([[3, { row_number: 3, field: DUPLICATE_ROW_FIELD, message: "This row has the same title and URL as row 2, which is imported; this one is skipped.", value: "SEA OTTERS" }]]);
    // Two corrected rows made the same: the later one is the repeat.
    const same: CellEdits = { [editKey(3, "title")]: "Young Otters", [editKey(4, "title")]: "young otters" };
    expect([...correctedRepeats(data, same, data.errorRows)].map(([row, e]) => [row, e.message])).toEqual([[4, "This row has the same title and URL as row 3, which is imported; this one is skipped."]]);
  });

  it("adds a column for a field the file lacks, under the field's label", async () => {
    const source = "Title,Notes\nA,x\nB,y\n";
    const data = await preview(source);
    expect(data.errors.map((e) => e.message)).toEqual([RESOURCE_MESSAGES.urlRequired, RESOURCE_MESSAGES.urlRequired]);
    const edits = { [editKey(2, "url")]: "https://example.org/a" };
    expect(addedFields(data.columns, edits)).toEqual(["url"]);
    expect(remainingErrors(data.columns, edits, data.errorRows[0]!, false)).toEqual([]);
    const csv = await corrected(source, data, edits);
    expect(csv).toBe("Title,Notes,URL\r\nA,x,https://example.org/a\r\nB,y,\r\n");
    expect((await preview(csv)).errors).toEqual([{ row_number: 3, field: "url", message: RESOURCE_MESSAGES.urlRequired, value: "" }]);
  });

  it("names the corrected file .csv and recognizes import file types", () => {
    expect(correctedFileName("Term 1.resources.xlsx")).toBe("Term 1.resources.csv");
    expect(spreadsheetType("a.XLSX")).toBe("xlsx");
    expect(spreadsheetType("a.csv")).toBe("csv");
    expect(spreadsheetType("a.pdf")).toBeNull();
  });
});
