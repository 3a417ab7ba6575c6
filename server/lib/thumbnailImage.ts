import type { Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import sanitizeHtml from "sanitize-html";
import { IMAGE_UPLOAD_RULES, THUMBNAIL_MESSAGES, fileExtension } from "../../contract/index.js";
import { HttpError } from "./errors.js";

/** An uploaded thumbnail image, checked: its real content type and (for SVG) its cleaned bytes. */
export interface CheckedImage {
  mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/svg+xml";
  data: Buffer;
}

/** The extension an image's address carries, by its checked type. */
export const IMAGE_EXTENSION: Record<CheckedImage["mimeType"], string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/svg+xml": "svg" };

/**
 * Answers an uploaded image whose address never serves other bytes (a new image gets a new address): its type,
 * nosniff, a sandboxing Content-Security-Policy (an SVG opened on its own runs nothing), cached for good.
 */
export function sendImmutableImage(res: Response, data: Buffer, mimeType: string): void {
  res.set({
    "Content-Type": mimeType,
    "Content-Length": String(data.length),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  res.end(data);
}

const RASTER: Record<string, CheckedImage["mimeType"]> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif" };

/** SVG elements and attributes that draw shapes; anything else (script, foreignObject, href, event handlers, style) is dropped. */
const SVG_TAGS = ["svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "defs", "lineargradient", "radialgradient", "stop", "title", "desc", "clippath", "mask"];
const SVG_ATTRIBUTES = [
  "xmlns", "viewbox", "width", "height", "x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx", "ry", "d", "points", "fill", "fill-opacity", "fill-rule",
  "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin", "opacity", "transform", "id", "offset", "stop-color", "stop-opacity",
  "gradientunits", "gradienttransform", "clip-path", "clip-rule", "mask", "font-size", "font-family", "font-weight", "text-anchor", "preserveaspectratio",
];

/** Keeps only drawing elements of an SVG, so it cannot carry script or load anything (fill="url(#id)" stays local). */
export function sanitizeSvg(svg: string): string {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { "*": SVG_ATTRIBUTES },
    allowedSchemes: [],
    parser: { xmlMode: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    nonTextTags: ["style", "script", "textarea", "option", "noscript", "foreignobject"],
    exclusiveFilter: (frame) => Object.values(frame.attribs).some((v) => /url\(\s*['"]?(?!#)/i.test(v)),
  });
  return clean
    .replace(/<lineargradient/g, "<linearGradient")
    .replace(/<\/lineargradient>/g, "</linearGradient>")
    .replace(/<radialgradient/g, "<radialGradient")
    .replace(/<\/radialgradient>/g, "</radialGradient>")
    .replace(/<clippath/g, "<clipPath")
    .replace(/<\/clippath>/g, "</clipPath>")
    .replace(/\sviewbox=/g, " viewBox=")
    .replace(/\spreserveaspectratio=/g, " preserveAspectRatio=")
    .replace(/\sgradientunits=/g, " gradientUnits=")
    .replace(/\sgradienttransform=/g, " gradientTransform=");
}

const reject = (message: string): never => {
  throw new HttpError(422, message, { image: [message] });
};

/**
 * Checks an uploaded image by name and content: jpg, jpeg, gif, png or svg whose content matches (an SVG cleaned of
 * anything but drawing), with a readable size. Answers the image and its size.
 */
export async function checkImage(file: { originalname: string; buffer: Buffer }): Promise<CheckedImage & { width: number; height: number }> {
  const ext = fileExtension(file.originalname);
  if (!(IMAGE_UPLOAD_RULES.extensions as readonly string[]).includes(ext)) reject(THUMBNAIL_MESSAGES.imageType);
  let data = file.buffer;
  let mimeType: CheckedImage["mimeType"];
  if (ext === "svg") {
    const text = data.toString("utf8");
    if (!/<svg[\s>]/i.test(text) || (await fileTypeFromBuffer(data))) reject(THUMBNAIL_MESSAGES.imageContent);
    const clean = sanitizeSvg(text);
    if (!/^<svg[\s>]/.test(clean.trim())) reject(THUMBNAIL_MESSAGES.imageContent);
    data = Buffer.from(clean, "utf8");
    mimeType = "image/svg+xml";
  } else {
    const detected = await fileTypeFromBuffer(data);
    const wanted = ext === "jpeg" ? "jpg" : ext;
    if (!detected || detected.ext !== wanted) reject(THUMBNAIL_MESSAGES.imageContent);
    mimeType = RASTER[wanted]!;
  }
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    return reject(THUMBNAIL_MESSAGES.imageContent);
  }
  const { width = 0, height = 0 } = size;
  if (!width || !height) reject(THUMBNAIL_MESSAGES.imageContent);
  return { mimeType, data, width, height };
}

/**
 * Checks a thumbnail upload by name, content and size (the browser crops, the server re-checks): an image as
 * checkImage takes it, square, and a raster one 512 to 1024 px wide.
 */
export async function checkThumbnailImage(file: { originalname: string; buffer: Buffer }): Promise<CheckedImage> {
  const { mimeType, data, width, height } = await checkImage(file);
  if (width !== height) reject(THUMBNAIL_MESSAGES.imageSquare);
  if (mimeType !== "image/svg+xml" && (width < IMAGE_UPLOAD_RULES.minWidth || width > IMAGE_UPLOAD_RULES.maxWidth)) reject(THUMBNAIL_MESSAGES.imageSize);
  return { mimeType, data };
}
