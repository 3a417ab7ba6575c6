import Papa from "papaparse";
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAttribute } from "../test/factories.js";
import { useTestServer } from "../test/useServer.js";
import { sampleFile } from "./sampleFile.js";

describe("the bulk-import sample file", () => {
  const { server } = useTestServer();
  // Names a spreadsheet would run as formulas (CSV injection), as an administrator might have typed them into a tree.
  const formulas = ['=HYPERLINK("https://evil.example","Click")', "+1+1", "-2+3", "@SUM(1,1)", "\t=1", "\r=1"];

  beforeAll(async () => {
    // Content Pricing's only names are formulas, and Industries holds one beside a plain name.
    for (const name of formulas) await buildAttribute(server.db, "content_pricing", name);
    await buildAttribute(server.db, "industries", "=CMD()");
    await buildAttribute(server.db, "industries", "Education");
  });

  it("writes no cell a spreadsheet would run, in CSV or XLSX, and keeps the plain names", async () => {
    const csv = (await sampleFile(server.db, "csv")).toString("utf8");
    const rows = Papa.parse<string[]>(csv.trim()).data;
    const book = XLSX.read(await sampleFile(server.db, "xlsx"), { type: "buffer", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const xlsxRows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: "" });
    for (const [name, table] of [["csv", rows], ["xlsx", xlsxRows]] as const) {
      expect(table.length, name).toBe(4);
      for (const cell of table.flat()) expect(String(cell), name).not.toMatch(/^[=+\-@\t\r]/);
      const industries = table[0]!.indexOf("Industries");
      expect(table.slice(1).map((row) => row[industries]), name).toEqual(["Education", "Education", "Education"]);
      expect(table.slice(1).map((row) => row[table[0]!.indexOf("Content Pricing")]), name).toEqual(["", "", ""]);
    }
    // Every XLSX cell is text or a number, never a formula.
    expect(Object.entries(sheet).filter(([key, cell]) => !key.startsWith("!") && (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
  });
});
