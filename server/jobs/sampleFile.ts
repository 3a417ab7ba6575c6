import Papa from "papaparse";
import { IMPORT_FIELDS } from "../../contract/index.js";
import type { Db } from "../db/connection.js";

/**
 * The sample import file: the header row the importer understands and example rows whose
 * attribute values are taken from this installation's trees (names that match exactly one
 * item), so the sample imports cleanly as it is.
 */
export async function sampleRows(db: Db): Promise<string[][]> {
  const header = IMPORT_FIELDS.map((f) => f.label);
  const examples: Record<string, string[]> = {};
  for (const field of IMPORT_FIELDS) {
    if (!field.attributeType) continue;
    const type = await db.selectFrom("attribute_types").select(["id", "leaf_only"]).where("key", "=", field.attributeType).executeTakeFirst();
    if (!type) continue;
    const items = await db.selectFrom("attribute_items").select(["name", "short_name", "is_leaf"]).where("type_id", "=", type.id).orderBy("sort_order").orderBy("id").limit(500).execute();
    const counts = new Map<string, number>();
    for (const i of items) for (const v of [i.name, i.short_name]) if (v) counts.set(v.toLowerCase(), (counts.get(v.toLowerCase()) ?? 0) + 1);
    examples[field.key] = items
      .filter((i) => !type.leaf_only || i.is_leaf)
      .map((i) => (type.leaf_only && i.short_name ? i.short_name : i.name))
      .filter((v) => counts.get(v.toLowerCase()) === 1 && !/[;,|]/.test(v))
      .slice(0, 3);
  }
  const pick = (key: string, n: number) => (examples[key] ?? []).slice(0, n).join("; ");
  const rows = [
    {
      title: "Fractions on a Number Line",
      description: "A short interactive lesson that places unit fractions on a number line.",
      url: "https://example.org/resources/fractions-number-line",
      keywords: "fractions, number line, grade 3 math",
      authors: "Ada Lovelace (https://example.org/ada); Grace Hopper",
    },
    {
      title: "Photosynthesis Lab Worksheet",
      description: "Students measure oxygen output of pond weed under different light levels.",
      url: "https://example.org/resources/photosynthesis-lab",
      keywords: "photosynthesis, lab, biology",
      authors: "Rosalind Franklin",
    },
    {
      title: "Writing a Persuasive Letter",
      description: "A guided writing activity with a rubric and model letters.",
      url: "https://example.org/resources/persuasive-letter",
      keywords: "writing, persuasion",
      authors: "",
    },
  ];
  return [
    header,
    ...rows.map((row, i) =>
      IMPORT_FIELDS.map((f) => {
        if (f.kind !== "attribute") return (row as Record<string, string>)[f.key] ?? "";
        const list = examples[f.key] ?? [];
        return f.single ? (list[i % Math.max(1, list.length)] ?? "") : pick(f.key, i + 1);
      }),
    ),
  ];
}

/** The sample as CSV text or as an XLSX workbook. */
export async function sampleFile(db: Db, format: "csv" | "xlsx"): Promise<Buffer> {
  const rows = await sampleRows(db);
  if (format === "csv") return Buffer.from(Papa.unparse(rows), "utf8");
  // SheetJS is loaded when someone asks for the XLSX sample, not by every instance at start.
  const XLSX = await import("xlsx");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Resources");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}
