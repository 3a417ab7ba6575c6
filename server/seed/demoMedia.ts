import zlib from "node:zlib";
import type { Db } from "../db/connection.js";
import { uploadedFileLink } from "../presenters/resourceView.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";

/** Text a PDF string may hold: ASCII, with its delimiters escaped. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF (Letter) with a bold title and lines of text: enough for a demo worksheet to open in a viewer. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const text = [`BT /F1 20 Tf 72 710 Td (${pdfText(title)}) Tj ET`, "BT /F2 12 Tf 72 670 Td 20 TL", ...lines.map((line) => `(${pdfText(line)}) Tj T*`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([head, typed, crc]);
};

/** A bar chart as a PNG (RGB): the demo's diagram resource, drawn here so the repository holds no binary file. */
export function demoBarChartPng(values: number[], width = 640, height = 360): Buffer {
  const colors = [
    [29, 78, 216],
    [22, 101, 52],
    [190, 18, 60],
    [180, 83, 9],
  ];
  const pixels = Buffer.alloc((width * 3 + 1) * height, 255);
  const set = (x: number, y: number, [r, g, b]: number[]) => pixels.set([r!, g!, b!], y * (width * 3 + 1) + 1 + x * 3);
  const left = 40, bottom = height - 30, top = 30, slot = (width - left - 20) / values.length;
  const max = Math.max(...values);
  for (let y = top; y <= bottom; y++) set(left, y, [75, 85, 99]);
  for (let x = left; x < width - 20; x++) set(x, bottom, [75, 85, 99]);
  values.forEach((value, i) => {
    const barTop = bottom - Math.round(((bottom - top) * value) / max);
    const x0 = Math.round(left + i * slot + slot * 0.2), x1 = Math.round(left + (i + 1) * slot - slot * 0.2);
    for (let y = barTop; y < bottom; y++) for (let x = x0; x < x1; x++) set(x, y, colors[i % colors.length]!);
  });
  for (let y = 0; y < height; y++) pixels[y * (width * 3 + 1)] = 0; // filter: none
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * Gives three of the demo's public resources something to view besides a website: a PDF worksheet and a bar-chart
 * image (uploaded files) and a video page, so the resource view dialog shows each way a resource is shown.
 */
export async function seedDemoResourceMedia(db: Db, storage: FileStorage): Promise<void> {
  const [worksheet, diagram, video] = await db.selectFrom("content").select(["id", "title", "created_at"]).where("model_key", "=", "resource").where("visibility", "=", "public").orderBy("id").limit(3).execute();
  const files = [
    worksheet && { row: worksheet, name: "worksheet.pdf", mime: "application/pdf", data: demoPdf(worksheet.title, ["Name: ____________________", "", "1. Read the passage and underline the key terms.", "2. Explain the main idea in your own words.", "3. Give one example from everyday life."]) },
    diagram && { row: diagram, name: "class-results.png", mime: "image/png", data: demoBarChartPng([12, 19, 7, 15]) },
  ];
  for (const file of files) {
    if (!file) continue;
    const key = newStorageKey();
    await storage.put(key, file.data);
    await db.insertInto("resource_files").values({ content_id: file.row.id, storage_key: key, file_name: file.name, mime_type: file.mime, size: file.data.length, created_at: file.row.created_at }).execute();
    await db.updateTable("content").set({ url: uploadedFileLink(key) }).where("id", "=", file.row.id).execute();
  }
  if (video) await db.updateTable("content").set({ url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" }).where("id", "=", video.id).execute();
  // Their category says what they now are (the catalogue picked one at random: the PDF worksheet read "Image").
  for (const [row, category] of [[worksheet, "Worksheet"], [diagram, "Image"], [video, "Video"]] as const) if (row) await setResourceCategory(db, row.id, category);
}

/** Makes the named Resource Categories item the resource's only one. */
async function setResourceCategory(db: Db, contentId: number, name: string): Promise<void> {
  const item = await db
    .selectFrom("attribute_items")
    .innerJoin("attribute_types", "attribute_types.id", "attribute_items.type_id")
    .select(["attribute_items.id", "attribute_items.type_id"])
    .where("attribute_types.key", "=", "resource_categories")
    .where("attribute_items.name", "=", name)
    .executeTakeFirst();
  if (!item) return;
  await db.deleteFrom("content_attributes").where("content_id", "=", contentId).where("type_id", "=", item.type_id).execute();
  await db.insertInto("content_attributes").values({ content_id: contentId, attr_item_id: item.id, type_id: item.type_id }).execute();
}
