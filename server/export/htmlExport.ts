import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ExportDocument } from "./exportDocument.js";
import { imageDataUrl, type ExportImageLoader } from "./exportImages.js";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

let katexCss: string | null = null;

/** KaTeX's stylesheet with its WOFF2 fonts inlined, so an exported file renders math with no network (read once). */
export function inlineKatexCss(): string {
  if (katexCss) return katexCss;
  const cssFile = createRequire(import.meta.url).resolve("katex/dist/katex.min.css");
  const fontsDir = path.join(path.dirname(cssFile), "fonts");
  katexCss = fs
    .readFileSync(cssFile, "utf8")
    // Keep only the WOFF2 source of each font face, as a data URL.
    .replace(/src:url\(fonts\/([\w-]+\.woff2)\) format\("woff2"\)(?:,url\([^)]*\) format\("[^"]*"\))*/g, (_, file: string) => `src:url(data:font/woff2;base64,${fs.readFileSync(path.join(fontsDir, file)).toString("base64")}) format("woff2")`);
  return katexCss;
}

const EXPORT_CSS = `
body{font-family:"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1c2430;line-height:1.55;margin:0;padding:2.5rem;max-width:52rem}
.export__kicker{text-transform:uppercase;letter-spacing:.06em;font-size:.8rem;color:#4a5568;margin:0}
h1{font-size:2rem;margin:.2rem 0 .3rem}
.export__owner{color:#4a5568;margin:0 0 1.2rem}
.export__description{font-size:1.1rem;border-left:4px solid #2f5d8a;padding-left:.8rem}
section{margin-top:1.6rem;break-inside:auto}
section>h2{font-size:1.4rem;border-bottom:1px solid #cbd5e0;padding-bottom:.2rem}
img{max-width:100%;height:auto}
table{border-collapse:collapse;margin:1rem 0}
th,td{border:1px solid #a0aec0;padding:.35rem .6rem;vertical-align:top;min-width:4rem}
th>p,td>p{margin:0}
th{background:#edf2f7}
blockquote{border-left:3px solid #cbd5e0;margin-left:0;padding-left:1rem;color:#4a5568}
.math-equation{display:inline-block}
.export__missing-image{color:#4a5568;font-style:italic}
.sc-callout,.sc-vocab{display:block;margin:.6rem 0;padding:.6rem .9rem;border-left:4px solid #2f5d8a;background:#eef3f8}
.sc-callout--tip{border-left-color:#2f7a4f;background:#edf7f1}
.sc-callout--warning{border-left-color:#b7791f;background:#fdf6e7}
.sc-callout__title,.sc-vocab__word{display:block;font-weight:700}
.sc-callout__body,.sc-vocab__definition{display:block}
.sc-button{display:inline-block;padding:.3rem .9rem;border-radius:4px;background:#2f5d8a;color:#fff;text-decoration:none;font-weight:600}
`;

/** Replaces every img's src with the loaded image as a data URL, or the image with its alt text when it cannot be loaded. */
async function inlineImages(html: string, loadImage: ExportImageLoader): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/g)];
  const replacements = await Promise.all(
    tags.map(async ([tag]) => {
      const src = /\ssrc="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&");
      const image = src ? await loadImage(src) : null;
      if (image) return tag.replace(/\ssrc="[^"]*"/, ` src="${imageDataUrl(image)}"`);
      const alt = /\salt="([^"]*)"/.exec(tag)?.[1] ?? "";
      return `<span class="export__missing-image">[Image${alt ? `: ${alt}` : ""}]</span>`;
    }),
  );
  let i = 0;
  return html.replace(/<img\b[^>]*>/g, () => replacements[i++]!);
}

/**
 * Embedded frames cannot play in a file: each becomes a link to what it showed, in the frame's place (frames sit in
 * paragraphs, so a paragraph of its own here nested one paragraph in another).
 */
const framesToLinks = (html: string) => html.replace(/<iframe\b[^>]*\ssrc="([^"]*)"[^>]*>[\s\S]*?<\/iframe>/g, (_, src: string) => `<a href="${src}">${src}</a>`);

/**
 * The export as one self-contained HTML page: the sanitized sections with their KaTeX markup, KaTeX's CSS
 * with inlined fonts, images as data URLs, and a CSP that forbids scripts and any network access.
 */
export async function renderExportHtml(doc: ExportDocument, loadImage: ExportImageLoader): Promise<string> {
  const sections = await Promise.all(
    doc.sections.map(async (s) => `<section>${s.title ? `<h2>${escapeHtml(s.title)}</h2>` : ""}${s.html ? `<div class="rich-content">${await inlineImages(framesToLinks(s.html), loadImage)}</div>` : ""}</section>`),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>
<style>${inlineKatexCss()}${EXPORT_CSS}</style>
</head>
<body>
<article>
<header><p class="export__kicker">${escapeHtml(doc.typeName)}</p><h1>${escapeHtml(doc.title)}</h1><p class="export__owner">By ${escapeHtml(doc.ownerName)}</p></header>
${doc.description ? `<p class="export__description">${escapeHtml(doc.description)}</p>` : ""}
${sections.join("\n")}
</article>
</body>
</html>
`;
}
