import { Router, type RequestHandler } from "express";
import multer from "multer";
import {
  IMAGE_UPLOAD_RULES,
  MAX_ID,
  THUMBNAIL_MESSAGES,
  THUMBNAIL_SETTING_DEFINITIONS,
  ThumbnailPresetRequest,
  ThumbnailSaveFields,
  isContentTypePath,
  nonDefaultThumbnailSettings,
  type ThumbnailPresetList,
  type ThumbnailPresetResponse,
  type ThumbnailSaveResponse,
  type ThumbnailSettingDefinitions,
} from "../../../contract/index.js";
import { saveThumbnailDesign } from "../../commands/saveThumbnailDesign.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { checkSettingsIcon } from "../../lib/icons.js";
import { refuseNulText } from "../../lib/nulText.js";
import { checkThumbnailImage } from "../../lib/thumbnailImage.js";
import { parseOr422 } from "../../lib/validate.js";
import { readGrants } from "../../models/content.js";
import { deletePreset, findPreset, findThumbnail, findThumbnailByImageKey, insertPreset, listPresets, updatePreset } from "../../models/thumbnails.js";
import { authorize, contentObjectPolicy, thumbnailPolicy } from "../../policies/index.js";
import { presentItemThumbnail, presentPreset } from "../../presenters/thumbnail.js";
import { isStorageKey, type FileStorage } from "../../storage/fileStorage.js";
import { ensureViewable, itemToChange, loadByLink, loadItemToChange } from "../editor/load.js";

/** One optional image in the part "image", in memory (at most 5 MB) until its content is checked. */
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: "utf8", limits: { fileSize: IMAGE_UPLOAD_RULES.maxBytes, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 } }).single("image");

/** Runs multer and turns its limit errors into the dialog's 422 messages. */
const parseUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      const message = err.code === "LIMIT_FILE_SIZE" ? THUMBNAIL_MESSAGES.imageTooLarge : err.code === "LIMIT_UNEXPECTED_FILE" || err.code === "LIMIT_FILE_COUNT" ? "Upload one image, in the part named image." : "The upload is malformed or too large.";
      return next(new HttpError(422, message, { image: [message] }));
    }
    next(new HttpError(400, "The upload could not be read."));
  });
};

/** A preset id from the path, or a 404. */
const presetId = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new HttpError(404, THUMBNAIL_MESSAGES.presetNotFound);
  return id;
};

/**
 * The thumbnail designer: setting definitions, presets (GET/POST /system/thumbnail-designer-presets,
 * PUT/DELETE .../{id}), an item's thumbnail (GET /api/content/{typePath}/{uid}/thumbnail, POST {link}/thumbnail)
 * and the designed images (GET /files/thumbnails/{key}).
 */
export function thumbnailsRouter(db: Db, storage: FileStorage): Router {
  const router = Router();

  router.get("/system/thumbnail-designer/settings", (_req, res) => {
    const body: ThumbnailSettingDefinitions = { data: THUMBNAIL_SETTING_DEFINITIONS };
    res.json(body);
  });

  router.get("/system/thumbnail-designer-presets", async (req, res) => {
    authorize(req.actor, thumbnailPolicy.canUsePresets(req.actor));
    const body: ThumbnailPresetList = (await listPresets(db)).map((p) => presentPreset(p, req.actor));
    res.json(body);
  });

  router.post("/system/thumbnail-designer-presets", async (req, res) => {
    authorize(req.actor, thumbnailPolicy.canUsePresets(req.actor));
    const body = parseOr422(ThumbnailPresetRequest, req.body ?? {});
    checkSettingsIcon(body.settings);
    const preset = await insertPreset(db, req.actor.profile!.id, body.name, nonDefaultThumbnailSettings(body.settings));
    const answer: ThumbnailPresetResponse = { status: "success", message: THUMBNAIL_MESSAGES.presetCreated, preset: presentPreset(preset, req.actor) };
    res.status(201).json(answer);
  });

  router.put("/system/thumbnail-designer-presets/:id", async (req, res) => {
    authorize(req.actor, thumbnailPolicy.canUsePresets(req.actor));
    const preset = await findPreset(db, presetId(req.params.id));
    if (!preset) throw new HttpError(404, THUMBNAIL_MESSAGES.presetNotFound);
    authorize(req.actor, thumbnailPolicy.canUpdatePreset(req.actor, preset), THUMBNAIL_MESSAGES.presetNotOwner);
    const body = parseOr422(ThumbnailPresetRequest, req.body ?? {});
    checkSettingsIcon(body.settings);
    const updated = await updatePreset(db, preset.id, body.name, nonDefaultThumbnailSettings(body.settings));
    const answer: ThumbnailPresetResponse = { status: "success", message: THUMBNAIL_MESSAGES.presetUpdated, preset: presentPreset(updated, req.actor) };
    res.json(answer);
  });

  router.delete("/system/thumbnail-designer-presets/:id", async (req, res) => {
    authorize(req.actor, thumbnailPolicy.canUsePresets(req.actor));
    const preset = await findPreset(db, presetId(req.params.id));
    if (!preset) throw new HttpError(404, THUMBNAIL_MESSAGES.presetNotFound);
    authorize(req.actor, thumbnailPolicy.canDeletePreset(req.actor, preset), THUMBNAIL_MESSAGES.presetNotOwner);
    await deletePreset(db, preset.id);
    res.json({ status: "success", message: THUMBNAIL_MESSAGES.presetDeleted, id: preset.id });
  });

  router.get("/api/content/:typePath/:uid/thumbnail", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    await ensureViewable(db, req, item, item.reach);
    res.json(presentItemThumbnail(await findThumbnail(db, item.id), item.thumb_url));
  });

  // Who may not design is turned away before the upload is read.
  router.post(
    "/:typePath/:uid/thumbnail",
    loadItemToChange(db, thumbnailPolicy.canDesign),
    parseUpload,
    refuseNulText,
    async (req, res) => {
      const item = itemToChange(res);
      const body = parseOr422(ThumbnailSaveFields, req.body ?? {});
      checkSettingsIcon(body.settings);
      const image = req.file ? await checkThumbnailImage(req.file) : null;
      const saved = await saveThumbnailDesign(db, storage, {
        contentId: item.id,
        designedBy: req.actor.profile!.id,
        image,
        clearImage: body.clear_image,
        settings: nonDefaultThumbnailSettings(body.settings),
      });
      const answer: ThumbnailSaveResponse = { status: "success", message: THUMBNAIL_MESSAGES.saved, thumbnail: presentItemThumbnail(saved, item.thumb_url) };
      res.json(answer);
    },
  );

  router.get("/files/thumbnails/:key", async (req, res) => {
    const key = req.params.key;
    const found = isStorageKey(key) ? await findThumbnailByImageKey(db, key) : undefined;
    if (!found || !found.image_mime) throw new HttpError(404, "File not found.");
    // The key is random and only handed out on the item's page, so holding it counts as reaching the item by its link.
    authorize(req.actor, contentObjectPolicy.canView(req.actor, found, found.visibility !== "public" ? await readGrants(db, found.id) : undefined, "link"));
    const data = await storage.get(key);
    if (!data) throw new HttpError(404, "File not found.");
    res.set({
      "Content-Type": found.image_mime,
      "Content-Length": String(data.length),
      "X-Content-Type-Options": "nosniff",
      // An image is data, never a page: an SVG opened on its own runs no script and loads nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": found.visibility === "public" ? "public, max-age=86400" : "private, max-age=3600",
    });
    res.end(data);
  });
  return router;
}
