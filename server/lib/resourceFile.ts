import { fileTypeFromBuffer } from "file-type";
import { RESOURCE_MESSAGES, fileErrors, fileExtension } from "../../contract/index.js";
import { HttpError } from "./errors.js";

/** The content types a resource file's extension may hold, as file-type names them (doc is an OLE compound file). */
const CONTENT_OF_EXTENSION: Record<string, { detected: string[]; mime: string }> = {
  pdf: { detected: ["pdf"], mime: "application/pdf" },
  png: { detected: ["png"], mime: "image/png" },
  gif: { detected: ["gif"], mime: "image/gif" },
  jpg: { detected: ["jpg"], mime: "image/jpeg" },
  jpeg: { detected: ["jpg"], mime: "image/jpeg" },
  docx: { detected: ["docx"], mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  doc: { detected: ["cfb"], mime: "application/msword" },
  rtf: { detected: ["rtf"], mime: "application/rtf" },
};

/** An uploaded file as multer hands it over. */
export interface UploadedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** A checked resource file: its safe download name and the content type it really holds. */
export interface CheckedFile {
  name: string;
  mimeType: string;
  data: Buffer;
}

/** Keeps a file name presentable in a download header: no paths, control characters or quotes, at most 255 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters (header injection) become spaces.
  const printable = [...base].map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? " " : ch)).join("");
  const cleaned = printable
    .replace(/["<>:|?*;]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const trimmed = cleaned.replace(/^\.+/, "");
  if (!trimmed) return "file";
  if (trimmed.length <= 255) return trimmed;
  const ext = fileExtension(trimmed);
  return ext ? `${trimmed.slice(0, 250 - ext.length)}.${ext}` : trimmed.slice(0, 255);
}

/**
 * Checks a resource file by name, size and content: a .pdf must start like a PDF, and so on.
 * Throws a 422 with the specification's message for the first rule broken.
 */
export async function checkResourceFile(file: UploadedFile | undefined): Promise<CheckedFile> {
  const byName = fileErrors(file ? { name: file.originalname, size: file.size } : null);
  if (byName[0]) throw new HttpError(422, byName[0].message, { file: [byName[0].message] });
  const ext = fileExtension(file!.originalname);
  const expected = CONTENT_OF_EXTENSION[ext]!;
  const detected = await fileTypeFromBuffer(file!.buffer);
  if (!detected || !expected.detected.includes(detected.ext)) {
    throw new HttpError(422, RESOURCE_MESSAGES.fileContentMismatch, { file: [RESOURCE_MESSAGES.fileContentMismatch] });
  }
  return { name: safeFileName(file!.originalname), mimeType: expected.mime, data: file!.buffer };
}

/** True for the image types a browser may show inline. */
export const isInlineImage = (mimeType: string): boolean => ["image/png", "image/gif", "image/jpeg"].includes(mimeType);
