import { Router, type RequestHandler } from "express";
import multer from "multer";
import { CREATE_MESSAGES, RESOURCE_FILE_MAX_BYTES, RESOURCE_MESSAGES, ResourceSourceRequest, resourceCreateRequest, shareContextValue, type ResourceShareOptions, type ResourceSourceResponse } from "../../../contract/index.js";
import { createResource } from "../../commands/createResource.js";
import { replaceResourceSource } from "../../commands/replaceResourceSource.js";
import type { Db } from "../../db/connection.js";
import { contentDisposition } from "../../lib/contentDisposition.js";
import { HttpError } from "../../lib/errors.js";
import { refuseNulText } from "../../lib/nulText.js";
import { checkResourceFile, isInlineImage, type UploadedFile } from "../../lib/resourceFile.js";
import { parseOr422 } from "../../lib/validate.js";
import { readGrants } from "../../models/content.js";
import { listProfileNames } from "../../models/profiles.js";
import { findResourceAttributes, findUploadedFile } from "../../models/resources.js";
import { authorize, contentObjectPolicy, resourcePolicy } from "../../policies/index.js";
import { presentCreatedResource } from "../../presenters/createdContent.js";
import { presentResourceView } from "../../presenters/resourceView.js";
import { modelTypeInfo } from "../../presenters/modelTypes.js";
import { isStorageKey, type FileStorage } from "../../storage/fileStorage.js";
import { itemToChange, loadItemToChange } from "../editor/load.js";
import { DEFAULT_SETTINGS, creatableTypes, creatableTypesIn, readSettings, type StoredSettings } from "../app/index.js";

/** One optional file in the field "file", kept in memory (at most 2048 KB) until its content is checked. */
const upload = multer({
  storage: multer.memoryStorage(),
  // Browsers send file names as UTF-8 without saying so.
  defParamCharset: "utf8",
  limits: { fileSize: RESOURCE_FILE_MAX_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 32 },
}).single("file");

/** Runs multer and turns its limit errors into the form's 422 messages (an oversized file is not a 413). */
const parseUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      const message = err.code === "LIMIT_FILE_SIZE" ? RESOURCE_MESSAGES.fileTooLarge : err.code === "LIMIT_UNEXPECTED_FILE" || err.code === "LIMIT_FILE_COUNT" ? "Upload one file, in the field named file." : "The upload is malformed or too large.";
      return next(new HttpError(422, message, { file: [message] }));
    }
    next(new HttpError(400, "The upload could not be read."));
  });
};

/** Whether categories are required, from read settings (app config flag resourceCategoryRequired). */
function categoryRequired(settings: StoredSettings): boolean {
  return settings.resourceCategoryRequired ?? DEFAULT_SETTINGS.resourceCategoryRequired;
}

/** Adding resources (POST /resources/create-fetch), where they may be shared, and serving uploaded files. */
export function resourcesRouter(db: Db, storage: FileStorage): Router {
  const router = Router();

  router.get("/resources/share-options", async (req, res) => {
    authorize(req.actor, resourcePolicy.canCreate(req.actor, await creatableTypes(db)), CREATE_MESSAGES.typeNotCreatable);
    const groups = await listProfileNames(db, req.actor.groups.map((g) => g.groupId));
    const body: ResourceShareOptions = {
      contexts: [
        { value: "global", label: "Everyone" },
        { value: "authed", label: "Signed-in members" },
        ...groups.filter((g) => resourcePolicy.canShareWith(req.actor, { kind: "group", id: g.id })).map((g) => ({ value: shareContextValue({ kind: "group", id: g.id }), label: g.name })),
      ],
    };
    res.json(body);
  });

  // Guests are turned away before their upload is read.
  router.post(
    "/resources/create-fetch",
    async (req, res, next) => {
      // Read once per request: the policy needs creatableTypes, the form's rules resourceCategoryRequired.
      const settings = await readSettings(db);
      authorize(req.actor, resourcePolicy.canCreate(req.actor, creatableTypesIn(settings)), CREATE_MESSAGES.typeNotCreatable);
      res.locals.settings = settings;
      next();
    },
    parseUpload,
    refuseNulText,
    async (req, res) => {
    const body = parseOr422(resourceCreateRequest({ categoryRequired: categoryRequired(res.locals.settings as StoredSettings) }), req.body ?? {});
    for (const context of body.share_with) authorize(req.actor, resourcePolicy.canShareWith(req.actor, context), RESOURCE_MESSAGES.shareWithForbidden);
    const attributeIds = await findResourceAttributes(db, { category: body.resource_category, subcategories: body.resource_subcategories, pricing: body.content_pricing });
    const file = body.add_resource_type === "show-file" ? await checkResourceFile(req.file as UploadedFile | undefined) : null;
    const { content } = await createResource(db, storage, {
      ownerId: req.actor.profile!.id,
      title: body.title,
      description: body.description,
      url: body.url,
      file,
      shareWith: body.share_with,
      attributeIds,
    });
    res.json(presentCreatedResource(content));
  });

  // A resource's new link or replacement file. Who may not edit it (or is locked out) is turned away before the upload is read.
  router.post(
    "/resources/:uid/source",
    loadItemToChange(db, resourcePolicy.canChangeSource, "resources"),
    parseUpload,
    refuseNulText,
    async (req, res) => {
      const item = itemToChange(res);
      const body = parseOr422(ResourceSourceRequest, req.body ?? {});
      const file = body.add_resource_type === "show-file" ? await checkResourceFile(req.file as UploadedFile | undefined) : null;
      const saved = await replaceResourceSource(db, storage, item, { url: body.url, file });
      const answer: ResourceSourceResponse = {
        status: "success",
        message: RESOURCE_MESSAGES.sourceChanged,
        resource_view: presentResourceView(saved.content, saved.file, modelTypeInfo(saved.content.model_key, saved.content.sub_type).singular)!,
        updated_at: saved.content.updated_at,
      };
      res.json(answer);
    },
  );

  router.get("/files/uploaded/:key", async (req, res) => {
    const key = req.params.key;
    const found = isStorageKey(key) ? await findUploadedFile(db, key) : undefined;
    if (!found) throw new HttpError(404, "File not found.");
    // The key is random and only handed out on the item's page, so holding it counts as reaching the item by its link.
    authorize(req.actor, contentObjectPolicy.canView(req.actor, found.content, await readGrants(db, found.content.id), "link"));
    const data = await storage.get(key);
    if (!data) throw new HttpError(404, "File not found.");
    // Shown in the page when the browser can show it (the resource view dialog frames a PDF); ?download=1 always downloads.
    const pdf = found.file.mime_type === "application/pdf";
    const inline = req.query.download === undefined && (isInlineImage(found.file.mime_type) || pdf);
    res.set({
      "Content-Type": found.file.mime_type,
      "Content-Length": String(data.length),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", found.file.file_name),
      "X-Content-Type-Options": "nosniff",
      // The file is data, never a page: no scripts, no framing by others. Chromium's PDF viewer refuses a sandboxed
      // document, so a PDF shown inline is the one file not sandboxed; its scripts run in the viewer, not in our origin.
      "Content-Security-Policy": inline && pdf ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
      "Cache-Control": found.content.visibility === "public" ? "public, max-age=3600" : "private, no-store",
    });
    res.end(data);
  });
  return router;
}
