import { Router, type RequestHandler } from "express";
import multer from "multer";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, MAX_ID, discussionContextOf, type StatusMessageResponse } from "../../../contract/index.js";
import { removeAttachments, uploadAttachment } from "../../commands/attachments.js";
import type { Db } from "../../db/connection.js";
import { checkAttachmentFile } from "../../lib/attachmentFile.js";
import { contentDisposition } from "../../lib/contentDisposition.js";
import { HttpError } from "../../lib/errors.js";
import { refuseNulText } from "../../lib/nulText.js";
import { isInlineImage, type UploadedFile } from "../../lib/resourceFile.js";
import { commentOfAttachment, findAttachment, findAttachmentByKey } from "../../models/attachments.js";
import { attachmentPolicy, authenticate, authorize, authorizeView, commentPolicy } from "../../policies/index.js";
import type { AttachmentKind } from "../../policies/attachment.js";
import { presentAttachmentUpload } from "../../presenters/attachment.js";
import { isStorageKey, type FileStorage } from "../../storage/fileStorage.js";
import { siteFeatures } from "../app/index.js";
import { loadItemBy } from "../contentActions/load.js";
import { loadFeedPostThread, loadThread } from "../discussions/load.js";
import { loadPost } from "../feeds/index.js";

/** One file in the part "file", in memory (at most 5 MB) until it is checked and stored. */
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: "utf8", limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single("file");

/** Runs multer and turns its limit errors into 422s (an oversized file gets the spec's attachment_too_large). */
const parseUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      const message = err.code === "LIMIT_FILE_SIZE" ? ATTACHMENT_MESSAGES.attachment_too_large : err.code === "LIMIT_UNEXPECTED_FILE" || err.code === "LIMIT_FILE_COUNT" ? ATTACHMENT_MESSAGES.fileRequired : "The upload is malformed or too large.";
      return next(new HttpError(422, message, { file: [message] }));
    }
    next(new HttpError(400, "The upload could not be read."));
  });
};

/** An attachment id from the path, or a 404. */
const attachmentId = (raw: string) => {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
  return Number(raw);
};

/**
 * Attachments of feed posts and comments: uploads (POST /feeds/attachment, POST /comment/attachment), their removal
 * before posting (DELETE .../attachment/{id}, ours) and their files (GET /files/attachments/{key}, ours).
 */
export function attachmentsRouter(db: Db, storage: FileStorage): Router {
  const router = Router();

  for (const [kind, base] of [["feed", "/feeds/attachment"], ["comment", "/comment/attachment"]] as [AttachmentKind, string][]) {
    // Who may not upload is turned away before the file is read.
    router.post(
      base,
      authenticate(),
      async (req, _res, next) => {
        // A comment's upload names its discussion as the comment calls do (?context=group: a group's discussions).
        const context = kind === "comment" ? discussionContextOf(typeof req.query.context === "string" ? req.query.context : null) : null;
        authorize(req.actor, attachmentPolicy.canUpload(req.actor, kind, await siteFeatures(db), context), ATTACHMENT_MESSAGES.unavailable);
        next();
      },
      parseUpload,
      refuseNulText,
      async (req, res) => {
        const file = await checkAttachmentFile(req.file as UploadedFile | undefined);
        const row = await uploadAttachment(db, storage, req.actor.profile!.id, file);
        res.status(201).json(presentAttachmentUpload(row));
      },
    );

    router.delete(`${base}/:id`, authenticate(), async (req, res) => {
      const attachment = await findAttachment(db, attachmentId(String(req.params.id)));
      if (!attachment) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
      authorize(req.actor, attachmentPolicy.canRemove(req.actor, attachment));
      await removeAttachments(db, storage, [attachment], { pendingOnly: true });
      res.json({ status: "success", message: ATTACHMENT_MESSAGES.removed } satisfies StatusMessageResponse);
    });
  }

  router.get("/files/attachments/:key", async (req, res) => {
    const key = String(req.params.key);
    const attachment = isStorageKey(key) ? await findAttachmentByKey(db, key) : undefined;
    if (!attachment) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
    // Whoever may read the post or comment reads its files (401 guest / 404 member otherwise); an upload not posted yet, its uploader.
    let publicItem = false;
    if (attachment.feed_post_id !== null) {
      const { feed } = await loadPost(db, req, attachment.feed_post_id);
      publicItem = feed.item.visibility === "public";
    } else if (attachment.comment_id !== null) {
      const comment = await commentOfAttachment(db, attachment.comment_id);
      if (!comment || comment.deleted_at || comment.deleted_with_replies_at) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
      // A feed post's comment is read as the post's comments are (the feed's rule), others as their discussion (an item's
      // Discuss card, or a group's discussions: its context).
      const ctx = comment.feed_post_id !== null ? await loadFeedPostThread(db, { id: comment.feed_post_id, content_id: comment.content_id }) : await loadThread(db, (await loadItemBy(db, "id", comment.content_id)).opaque_id, discussionContextOf(comment.context));
      authorizeView(req.actor, commentPolicy.canViewItemOf(req.actor, ctx.subject));
      authorize(req.actor, commentPolicy.canRead(req.actor, ctx.subject));
    } else {
      authorizeView(req.actor, attachmentPolicy.canReadPending(req.actor, attachment));
    }
    const data = await storage.get(key);
    if (!data) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
    const inline = isInlineImage(attachment.mime_type);
    res.set({
      "Content-Type": attachment.mime_type,
      "Content-Length": String(data.length),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", attachment.file_name),
      "X-Content-Type-Options": "nosniff",
      // The file is data, never a page: no scripts, no plugins, no framing by others.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
      // A deleted post, or a reader who lost access, must not keep a shared cache's copy (comments are for signed-in readers).
      "Cache-Control": publicItem ? "public, max-age=300" : "private, no-store",
    });
    res.end(data);
  });

  return router;
}
