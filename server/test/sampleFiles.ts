import zlib from "node:zlib";
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

/** A real PNG of width x height pixels in one color (8-bit RGB), for image dimension checks. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [40, 120, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}
