import { Router, type RequestHandler } from "express";
import multer from "multer";
import { EDITOR_IMAGE_MESSAGES, EDITOR_IMAGE_PART, IMAGE_UPLOAD_RULES, THUMBNAIL_MESSAGES, type EditorImageResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { EditorImagesTable } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { refuseNulText } from "../../lib/nulText.js";
import { IMAGE_EXTENSION, checkImage, sendImmutableImage } from "../../lib/thumbnailImage.js";
import { countEditorImagesSince, findEditorImage, insertEditorImage } from "../../models/editorImages.js";
import { authenticate, editorImagePolicy } from "../../policies/index.js";
import { isStorageKey, newStorageKey, type FileStorage } from "../../storage/fileStorage.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One image in the part `image`, in memory (at most 5 MB) until its content is checked. */
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: "utf8", limits: { fileSize: IMAGE_UPLOAD_RULES.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single(EDITOR_IMAGE_PART);

const parseUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      const message = err.code === "LIMIT_FILE_SIZE" ? THUMBNAIL_MESSAGES.imageTooLarge : EDITOR_IMAGE_MESSAGES.required;
      return next(new HttpError(422, message, { [EDITOR_IMAGE_PART]: [message] }));
    }
    next(new HttpError(400, "The upload could not be read."));
  });
};

/** The address an editor image is served at. */
const imagePath = (image: Pick<EditorImagesTable, "storage_key" | "mime_type">) => `/files/images/${image.storage_key}.${IMAGE_EXTENSION[image.mime_type]}`;

/**
 * Images in item bodies uploaded from the editor: POST /corefiles/image (the spec's path; its ?v=2 is accepted and
 * changes nothing) and GET /files/images/{key}.{ext}, ours. An image is served to anyone who has its address, as the
 * images of a page are once it is shared: its key is random and never listed.
 */
export function editorImagesRouter(db: Db, storage: FileStorage): Router {
  const router = Router();

  router.post(
    "/corefiles/image",
    authenticate(),
    // Who may not upload is turned away before the file is read.
    (async (req, _res, next) => {
      const since = new Date(Date.now() - DAY_MS).toISOString();
      const uploadedToday = await countEditorImagesSince(db, req.actor.profile!.id, since);
      if (!editorImagePolicy.canUpload(req.actor, uploadedToday)) throw new HttpError(429, "You have uploaded many images today. Please try again tomorrow.");
      next();
    }) as RequestHandler,
    parseUpload,
    refuseNulText,
    (async (req, res) => {
      if (!req.file) throw new HttpError(422, EDITOR_IMAGE_MESSAGES.required, { [EDITOR_IMAGE_PART]: [EDITOR_IMAGE_MESSAGES.required] });
      const image = await checkImage(req.file);
      const row: EditorImagesTable = { storage_key: newStorageKey(), owner_id: req.actor.profile!.id, mime_type: image.mimeType, byte_size: image.data.length, created_at: new Date().toISOString() };
      await storage.put(row.storage_key, image.data);
      await insertEditorImage(db, row);
      req.log.info({ key: row.storage_key, bytes: row.byte_size }, "editor image uploaded");
      res.json({ status: "success", message: EDITOR_IMAGE_MESSAGES.uploaded, location: imagePath(row), width: image.width, height: image.height } satisfies EditorImageResponse);
    }) as RequestHandler,
  );

  router.get("/files/images/:file", async (req, res) => {
    const [key = "", ext = ""] = String(req.params.file).split(".");
    const image = isStorageKey(key) ? await findEditorImage(db, key) : undefined;
    if (!image || IMAGE_EXTENSION[image.mime_type] !== ext) throw new HttpError(404, "File not found.");
    const data = await storage.get(key);
    if (!data) throw new HttpError(404, "File not found.");
    sendImmutableImage(res, data, image.mime_type);
  });

  return router;
}
