import Papa from "papaparse";
import { IMPORT_FIELDS } from "../../contract/index.js";
import type { Db } from "../db/connection.js";

/** An example row: its text fields, and the attribute values it would carry where this installation has them. */
interface SampleRow {
  text: Record<string, string>;
  attributes: Record<string, string[]>;
}

const SAMPLE_ROWS: SampleRow[] = [
  {
    text: {
      title: "Fractions on a Number Line",
      description: "A short interactive lesson that places unit fractions on a number line.",
      url: "https://example.org/resources/fractions-number-line",
      keywords: "fractions, number line, grade 3 math",
      authors: "Ada Lovelace (https://example.org/ada); Grace Hopper",
    },
    attributes: { grades: ["Grade 3"], subjects: ["Fractions"], standards: ["CCSS.MATH.NF.1"], resource_category: ["Interactive"], content_pricing: ["Free"], industries: ["Education"], professional_roles: ["Teacher"] },
  },
  {
    text: {
      title: "Photosynthesis Lab Worksheet",
      description: "Students measure oxygen output of pond weed under different light levels.",
      url: "https://example.org/resources/photosynthesis-lab",
      keywords: "photosynthesis, lab, biology",
      authors: "Rosalind Franklin",
    },
    attributes: { grades: ["Grade 6", "Grade 7"], subjects: ["Photosynthesis"], standards: ["NGSS.LS.1"], resource_category: ["Worksheet"], content_pricing: ["Free"], industries: ["Agriculture"], professional_roles: ["Teacher"] },
  },
  {
    text: {
      title: "Writing a Persuasive Letter",
      description: "A guided writing activity with a rubric and model letters.",
      url: "https://example.org/resources/persuasive-letter",
      keywords: "writing, persuasion",
      authors: "",
    },
    attributes: { grades: ["Grade 4", "Grade 5"], subjects: ["Persuasive essays"], standards: ["CCSS.ELA.W.1"], resource_category: ["Assessment"], content_pricing: ["Paid"], industries: ["Education"], professional_roles: ["Teacher", "Instructional Coach"] },
  },
];

/**
 * What a spreadsheet would run as a formula when the file is opened (CSV injection): a cell beginning with =, +, -, @,
 * a tab or a carriage return. The sample's own texts never do; an installation's attribute names might.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The sample import file: the header row the importer understands and example rows. Their
 * attribute values are the ones each row describes (a fractions lesson in Grade 3 Fractions)
 * where this installation's trees hold them as names that match exactly one item, else the
 * trees' first such names (of their first 5,000 items), so the sample imports cleanly as it is on any installation.
 */
export async function sampleRows(db: Db): Promise<string[][]> {
  const header = IMPORT_FIELDS.map((f) => f.label);
  const usable: Record<string, string[]> = {};
  for (const field of IMPORT_FIELDS) {
    if (!field.attributeType) continue;
    const type = await db.selectFrom("attribute_types").select(["id", "leaf_only"]).where("key", "=", field.attributeType).executeTakeFirst();
    if (!type) continue;
    const items = await db.selectFrom("attribute_items").select(["name", "short_name", "is_leaf"]).where("type_id", "=", type.id).orderBy("sort_order").orderBy("id").limit(5000).execute();
    const counts = new Map<string, number>();
    for (const i of items) for (const v of [i.name, i.short_name]) if (v) counts.set(v.toLowerCase(), (counts.get(v.toLowerCase()) ?? 0) + 1);
    usable[field.key] = items
      .filter((i) => !type.leaf_only || i.is_leaf)
      .map((i) => (type.leaf_only && i.short_name ? i.short_name : i.name))
      // A name a spreadsheet would run is left out (not escaped: the sample must import as it is, and "'=x" is not "=x").
      .filter((v) => counts.get(v.toLowerCase()) === 1 && !/[;,|]/.test(v) && !FORMULA_START.test(v));
  }
  const valuesFor = (row: SampleRow, index: number, key: string, single: boolean): string[] => {
    const names = usable[key] ?? [];
    const known = new Set(names);
    const chosen = (row.attributes[key] ?? []).filter((name) => known.has(name));
    if (chosen.length) return single ? chosen.slice(0, 1) : chosen;
    if (!names.length) return [];
    return single ? [names[index % names.length]!] : names.slice(0, Math.min(index + 1, 3));
  };
  return [
    header,
    ...SAMPLE_ROWS.map((row, index) =>
      IMPORT_FIELDS.map((f) => (f.kind === "attribute" ? valuesFor(row, index, f.key, Boolean(f.single)).join("; ") : (row.text[f.key] ?? ""))),
    ),
  ];
}

/**
 * The sample as CSV text or as an XLSX workbook. No cell begins as a formula (sampleRows); the CSV escapes one anyway
 * (a leading '), should a text of ours ever start so. The XLSX's cells are strings, which a spreadsheet never runs.
 */
export async function sampleFile(db: Db, format: "csv" | "xlsx"): Promise<Buffer> {
  const rows = await sampleRows(db);
  if (format === "csv") return Buffer.from(Papa.unparse(rows, { escapeFormulae: FORMULA_START }), "utf8");
  // SheetJS is loaded when someone asks for the XLSX sample, not by every instance at start.
  const XLSX = await import("xlsx");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Resources");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}
