import * as XLSX from "xlsx";

/** Real files of each resource type, small enough to build in a test (content is what file-type reads). */
const CFB = XLSX.CFB;

/** A 1x1 PNG. */
export const pngBytes = (): Buffer => Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** A tiny PDF, padded with a comment to `size` bytes when asked. */
export function pdfBytes(size = 0): Buffer {
  const body = Buffer.from("%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n");
  return size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length, "%")]) : body;
}

/** A GIF header and trailer. */
export const gifBytes = (): Buffer => Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");

/** A JPEG (JFIF) start and end. */
export const jpegBytes = (): Buffer => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

/** An RTF document. */
export const rtfBytes = (): Buffer => Buffer.from("{\\rtf1\\ansi Hello from RTF}");

/** A Word 97 document shape: an OLE compound file with a WordDocument stream. */
export function docBytes(): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "WordDocument", Buffer.from("hello"));
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}

/** A minimal Office Open XML word document (a zip with the content types and word/document.xml). */
export function docxBytes(): Buffer {
  const zip = CFB.utils.cfb_new();
  CFB.utils.cfb_add(
    zip,
    "[Content_Types].xml",
    Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
  );
  CFB.utils.cfb_add(zip, "word/document.xml", Buffer.from("<w:document/>"));
  return Buffer.from(CFB.write(zip, { type: "buffer", fileType: "zip" }) as Uint8Array);
}

/** A Windows executable header (MZ). */
export const exeBytes = (): Buffer => Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256)]);
