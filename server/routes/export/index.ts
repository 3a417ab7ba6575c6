import { Router, type Request } from "express";
import { EXPORT_FORMATS, EXPORT_MESSAGES, ExportQuery, isContentTypePath, MESSAGES } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { exportAppendix } from "../../export/exportAppendix.js";
import { buildExportDocument } from "../../export/exportDocument.js";
import { exportImageLoader } from "../../export/exportImages.js";
import { renderExportDocx } from "../../export/docxExport.js";
import { renderExportHtml } from "../../export/htmlExport.js";
import { printPdf } from "../../export/pdfExport.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { listSections } from "../../models/sections.js";
import { authorizeView, exportPolicy } from "../../policies/index.js";
import type { FileStorage } from "../../storage/fileStorage.js";
import { grantsOf } from "../contentActions/load.js";
import { loadByLink } from "../editor/load.js";

const CONTENT_TYPES = {
  pdf: "application/pdf",
  Word2007: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  HTML: "text/html; charset=utf-8",
} as const;

/**
 * Exports at an item's link plus /export/pdf, /export/Word2007 and /export/HTML (option switches as query
 * parameters: include_description, include_section_titles, download). Whoever may view the item may export it.
 * `siteUrl` is the site's public address (no trailing slash), on which the export's links to this site are written.
 */
export function exportRouter(db: Db, storage: FileStorage, chromiumPath: string, siteUrl: (req: Request) => string): Router {
  const router = Router();

  // Any first segment: a path of this shape is a call, so one that names no content type is a JSON 404, not the web app's page.
  router.get("/:typePath/:uid/export/:segment", async (req, res) => {
    if (!isContentTypePath(req.params.typePath)) throw new HttpError(404, MESSAGES.notFound);
    const format = EXPORT_FORMATS.find((f) => f.segment.toLowerCase() === req.params.segment.toLowerCase());
    if (!format) throw new HttpError(404, EXPORT_MESSAGES.unknownFormat);
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    // Like viewing at its link (named by uid, so a link share counts): a guest may sign in (401); a member who may not see it learns nothing (404).
    authorizeView(req.actor, exportPolicy.canExport(req.actor, item, await grantsOf(db, item), item.reach));
    const options = parseOr422(ExportQuery, req.query);
    // The site's configured address (PUBLIC_URL, as mails use), never the Host header: a forged one would otherwise be written into the document's links.
    const origin = siteUrl(req);
    const doc = buildExportDocument(item, item.owner_name, await listSections(db, item.id), options, await exportAppendix(db, req.actor, item, origin), origin);
    const loadImage = exportImageLoader(db, storage, req.actor, origin);

    const html = format.segment === "Word2007" ? null : await renderExportHtml(doc, loadImage);
    const body = format.segment === "Word2007" ? await renderExportDocx(doc, loadImage) : format.segment === "pdf" ? await printPdf(html!, chromiumPath) : Buffer.from(html!, "utf8");
    const attachment = format.segment !== "HTML" || options.download;
    const name = `${doc.fileBaseName}.${format.extension}`;
    res.set({
      "Content-Type": CONTENT_TYPES[format.segment],
      "Content-Length": String(body.length),
      "Content-Disposition": `${attachment ? "attachment" : "inline"}; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      // The HTML export opens in a tab of this site: it may show its own styles, fonts and images, and run nothing.
      "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; sandbox; frame-ancestors 'none'",
      "Cache-Control": "private, no-store",
    });
    res.end(body);
  });
  return router;
}
