import * as XLSX from "xlsx";
import { describe, expect, it, vi } from "vitest";
import { PREVIEW_MAX_EXPANDED_BYTES, PREVIEW_MAX_WORKBOOK_BYTES, readSpreadsheetSource } from "./readSpreadsheetSource.js";

/** A small real .xlsx; with `declaredBytes`, its ZIP central directory says its first entry inflates to that much. */
function workbookDeclaring(declaredBytes?: number): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["title", "url"], ["Pond life", "https://example.org/pond"]]), "Resources");
  const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
  if (declaredBytes === undefined) return bytes.buffer;
  const view = new DataView(bytes.buffer);
  let eocd = bytes.length - 22;
  while (view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  const firstEntry = view.getUint32(eocd + 16, true);
  view.setUint32(firstEntry + 24, declaredBytes, true);
  return bytes.buffer;
}

describe("readSpreadsheetSource", () => {
  it.each(["xlsx", "xls"] as const)("refuses a %s file over the limit by its size, without reading it into memory", async (type) => {
    // A dropped multi-gigabyte workbook: its bytes must never be asked for (the worker would hold them all at once).
    const file = new File([new Uint8Array(16)], `huge.${type}`);
    Object.defineProperty(file, "size", { value: PREVIEW_MAX_WORKBOOK_BYTES + 1 });
    const read = vi.spyOn(file, "arrayBuffer");
    const handlers = { header: vi.fn(), rows: vi.fn() };

    await expect(readSpreadsheetSource(file, type, handlers)).rejects.toMatchObject({ code: "tooLarge" });
    expect(read).not.toHaveBeenCalled();
    expect(handlers.header).not.toHaveBeenCalled();
  });

  it("refuses a workbook that expands to more than an import may hold (a zip bomb), before SheetJS inflates it", async () => {
    // As the server's worker does (contract/spreadsheet.ts): a small file can inflate to gigabytes and take the window down.
    const handlers = { header: vi.fn(), rows: vi.fn() };
    await expect(readSpreadsheetSource(workbookDeclaring(PREVIEW_MAX_EXPANDED_BYTES + 1), "xlsx", handlers)).rejects.toMatchObject({ code: "tooLarge" });
    // ZIP64 sizes: never needed by a spreadsheet we accept.
    await expect(readSpreadsheetSource(workbookDeclaring(0xffffffff), "xlsx", handlers)).rejects.toMatchObject({ code: "tooLarge" });
    expect(handlers.header).not.toHaveBeenCalled();
  });

  it("still reads a workbook within the bound", async () => {
    const handlers = { header: vi.fn(), rows: vi.fn() };
    await readSpreadsheetSource(workbookDeclaring(), "xlsx", handlers);
    expect(handlers.header).toHaveBeenCalledWith(["title", "url"], 1);
  });

  it("reads a comma-separated file whose list cells hold semicolons and whose lines end both ways, row by row", async () => {
    // Excel's "\r\n" rows, then rows an editor added with "\n": the header and every row as the spreadsheet shows them.
    const rows = [
      ["Title", "Grades", "Professional Roles"],
      ["Pond life", "Grade 6; Grade 7", "Teacher; Instructional Coach"],
      ["Rivers", '"Grade 4; Grade 5"', '"Teacher, Coach"'],
    ];
    const text = `${rows.map((r) => r.join(",")).join("\r\n")}\r\n${["Volcanoes,Grade 5;Grade 6,Teacher", "Oceans,Grade 5,Coach; Teacher", "Deserts,,"].join("\n")}\n`;
    // As text (a File streams through the same parser in the browser's worker: e2e/spreadsheetPreview.spec.ts).
    const header = vi.fn();
    const read: unknown[][] = [];
    await readSpreadsheetSource(text, "csv", { header, rows: (chunk) => void read.push(...chunk) });
    expect(header).toHaveBeenCalledWith(["Title", "Grades", "Professional Roles"], 1);
    expect(read.filter((row) => row.some((cell) => cell !== ""))).toEqual([
      ["Pond life", "Grade 6; Grade 7", "Teacher; Instructional Coach"],
      ["Rivers", "Grade 4; Grade 5", "Teacher, Coach"],
      ["Volcanoes", "Grade 5;Grade 6", "Teacher"],
      ["Oceans", "Grade 5", "Coach; Teacher"],
      ["Deserts", "", ""],
    ]);
  });
});
