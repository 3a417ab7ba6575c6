import { Router, type Request, type RequestHandler } from "express";
import multer from "multer";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  CONTENT_ACTION_MESSAGES,
  FEED_MESSAGES,
  FEED_POSTS_PER_PAGE,
  FeedFeedbackRequest,
  FeedPostCreateRequest,
  FeedPostFlagRequest,
  FeedPostUpdateRequest,
  FeedQuery,
  MAX_ID,
  type FeedPostDeleteResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { removeAttachments, uploadAttachment } from "../../commands/attachments.js";
import { deleteFeedPostWithFiles, postToFeed } from "../../commands/feedPosts.js";
import type { Db } from "../../db/connection.js";
import type { Actor } from "../../lib/actor.js";
import { checkAttachmentFile } from "../../lib/attachmentFile.js";
import { contentDisposition } from "../../lib/contentDisposition.js";
import { HttpError } from "../../lib/errors.js";
import { refuseNulText } from "../../lib/nulText.js";
import { isInlineImage, type UploadedFile } from "../../lib/resourceFile.js";
import { parseOr422 } from "../../lib/validate.js";
import { attachmentsOfFeedPosts, findAttachment, findAttachmentByKey } from "../../models/attachments.js";
import { feedPostFeedbackCounts, feedPostFeedbackOf, findFeedPost, insertFeedPostFlag, listFeedPosts, setFeedPostFeedback, updateFeedPostContent, type FeedPostWithPoster } from "../../models/feeds.js";
import { attachmentPolicy, authenticate, authorize, authorizeView, contentObjectPolicy, feedPolicy } from "../../policies/index.js";
import type { FeedSubject } from "../../policies/feed.js";
import { presentAttachmentUpload } from "../../presenters/attachment.js";
import { presentFeedback } from "../../presenters/comment.js";
import { presentFeedPage, presentFeedPost, type FeedLookups } from "../../presenters/feed.js";
import { isStorageKey, type FileStorage } from "../../storage/fileStorage.js";
import { siteFeatures } from "../app/index.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

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

/** An item whose feed a call is about, with what the feed policies read. */
interface LoadedFeed {
  item: LoadedItem;
  subject: FeedSubject;
}

/** The item's feed: 401 guest / 404 member when the item is not viewable, 404 "This item has no feed." when it has none. */
async function loadFeed(db: Db, req: Request, item: LoadedItem): Promise<LoadedFeed> {
  const subject: FeedSubject = { item, grants: await grantsOf(db, item) };
  authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, subject.grants));
  if (!feedPolicy.hasFeed(item)) throw new HttpError(404, FEED_MESSAGES.noFeed);
  return { item, subject };
}

/** The feed named by the URL's model key and item id (the key must be the item's). */
async function loadFeedByType(db: Db, req: Request): Promise<LoadedFeed> {
  const modelKey = String(req.params.modelKey);
  return loadFeed(db, req, await loadItemBy(db, "id", String(req.params.modelId), modelKey));
}

/** A post and the feed it is on, for a call about the post: 404 for an unknown post or one on a feed the actor may not read. */
async function loadPost(db: Db, req: Request, id?: number): Promise<{ post: FeedPostWithPoster; feed: LoadedFeed }> {
  const raw = String(id ?? req.params.id);
  const post = /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? await findFeedPost(db, Number(raw)) : undefined;
  if (!post) throw new HttpError(404, FEED_MESSAGES.postNotFound);
  return { post, feed: await loadFeed(db, req, await loadItemBy(db, "id", post.content_id)) };
}

/** The reactions of the posts about to be presented, for this actor. */
async function lookupsFor(db: Db, actor: Actor, feed: FeedSubject, rows: FeedPostWithPoster[]): Promise<FeedLookups> {
  const ids = rows.map((r) => r.id);
  const [counts, mine, attachments] = await Promise.all([feedPostFeedbackCounts(db, ids), feedPostFeedbackOf(db, actor.profile?.id ?? null, ids), attachmentsOfFeedPosts(db, ids)]);
  return { actor, feed, counts, mine, attachments };
}

/**
 * Feeds (second document: GET and POST {feed base}, DELETE /feeds/posts/{id}, POST /feeds/posts/{id}/feedback,
 * POST /feeds/attachment; ours: PUT /feeds/posts/{id}, DELETE /feeds/attachment/{id}, GET /files/attachments/{key}).
 */
export function feedsRouter(db: Db, storage: FileStorage): Router {
  const router = Router();

  router.get("/feeds/by-type/:modelKey/:modelId", async (req, res) => {
    const { before } = parseOr422(FeedQuery, req.query);
    const feed = await loadFeedByType(db, req);
    const { rows, more } = await listFeedPosts(db, feed.item.id, before, FEED_POSTS_PER_PAGE);
    const lookups = await lookupsFor(db, req.actor, feed.subject, rows);
    res.json(presentFeedPage(feed.item, rows.map((r) => presentFeedPost(r, lookups)), more, feedPolicy.canPost(req.actor, feed.subject)));
  });

  router.post("/feeds/by-type/:modelKey/:modelId", authenticate(), async (req, res) => {
    const body = parseOr422(FeedPostCreateRequest, req.body ?? {});
    const feed = await loadFeedByType(db, req);
    authorize(req.actor, feedPolicy.canPost(req.actor, feed.subject), FEED_MESSAGES.postForbidden);
    if (body.attachments.length && !feedPolicy.canAttach(req.actor, feed.subject, await siteFeatures(db))) throw new HttpError(422, ATTACHMENT_MESSAGES.unavailable, { attachments: [ATTACHMENT_MESSAGES.unavailable] });
    const id = await postToFeed(db, { contentId: feed.item.id, posterId: req.actor.profile!.id, content: body.content, attachmentIds: body.attachments });
    const row = (await findFeedPost(db, id))!;
    res.status(201).json(presentFeedPost(row, await lookupsFor(db, req.actor, feed.subject, [row])));
  });

  router.put("/feeds/posts/:id", authenticate(), async (req, res) => {
    const body = parseOr422(FeedPostUpdateRequest, req.body ?? {});
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canEditPost(req.actor, feed.subject, post), FEED_MESSAGES.editForbidden);
    await updateFeedPostContent(db, post.id, body.content);
    const row = (await findFeedPost(db, post.id))!;
    res.json(presentFeedPost(row, await lookupsFor(db, req.actor, feed.subject, [row])));
  });

  router.delete("/feeds/posts/:id", authenticate(), async (req, res) => {
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canDeletePost(req.actor, feed.subject, post), FEED_MESSAGES.deleteForbidden);
    await deleteFeedPostWithFiles(db, storage, post.id);
    res.json({ id: post.id, status: "success", message: FEED_MESSAGES.deleted } satisfies FeedPostDeleteResponse);
  });

  router.post("/feeds/posts/:id/feedback", authenticate(), async (req, res) => {
    const body = parseOr422(FeedFeedbackRequest, req.body ?? {});
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canReact(req.actor, feed.subject), FEED_MESSAGES.reactForbidden);
    const profileId = req.actor.profile!.id;
    // Choosing the current reaction again removes it, as remove does.
    const current = (await feedPostFeedbackOf(db, profileId, [post.id])).get(post.id) ?? null;
    const next = body.remove || current === body.feedback_type ? null : body.feedback_type;
    await setFeedPostFeedback(db, post.id, profileId, next);
    res.json(presentFeedback((await feedPostFeedbackCounts(db, [post.id])).get(post.id), next));
  });

  router.post("/feeds/posts/:id/flag", authenticate(), async (req, res) => {
    const body = parseOr422(FeedPostFlagRequest, req.body ?? {});
    const { post, feed } = await loadPost(db, req);
    authorize(req.actor, feedPolicy.canReport(req.actor, feed.subject, post), FEED_MESSAGES.reportOwn);
    await insertFeedPostFlag(db, { postId: post.id, profileId: req.actor.profile!.id, reason: body.value, message: body.message });
    res.json({ status: "success", message: CONTENT_ACTION_MESSAGES.flagThanks } satisfies StatusMessageResponse);
  });

  // Who may not upload is turned away before the file is read.
  router.post(
    "/feeds/attachment",
    authenticate(),
    async (req, _res, next) => {
      authorize(req.actor, attachmentPolicy.canUpload(req.actor, await siteFeatures(db)), ATTACHMENT_MESSAGES.unavailable);
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

  router.delete("/feeds/attachment/:id", authenticate(), async (req, res) => {
    const attachment = await findAttachment(db, attachmentId(String(req.params.id)));
    if (!attachment) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
    authorize(req.actor, attachmentPolicy.canRemove(req.actor, attachment));
    await removeAttachments(db, storage, [attachment]);
    res.json({ status: "success", message: ATTACHMENT_MESSAGES.removed } satisfies StatusMessageResponse);
  });

  router.get("/files/attachments/:key", async (req, res) => {
    const key = String(req.params.key);
    const attachment = isStorageKey(key) ? await findAttachmentByKey(db, key) : undefined;
    if (!attachment) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
    // Whoever may read the post reads its files (401 guest / 404 member otherwise); an upload not posted yet, its uploader.
    let publicPost = false;
    if (attachment.feed_post_id !== null) {
      const { feed } = await loadPost(db, req, attachment.feed_post_id);
      publicPost = feed.item.visibility === "public";
    } else if (attachment.comment_id === null) {
      authorizeView(req.actor, attachmentPolicy.canReadPending(req.actor, attachment));
    } else {
      throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
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
      // A deleted post, or a reader who lost access, must not keep a shared cache's copy.
      "Cache-Control": publicPost ? "public, max-age=300" : "private, no-store",
    });
    res.end(data);
  });

  return router;
}
