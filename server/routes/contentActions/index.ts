import { Router, type Request } from "express";
import {
  CONTENT_ACTION_MESSAGES,
  CopyRequest,
  FlagRequest,
  MESSAGES,
  OwnerChangeRequest,
  RECOMMEND_MESSAGES,
  RecommendRequest,
  type RecommendResponse,
  RelatedContentQuery,
  SimilarContentQuery,
  isContentTypePath,
  parseTypeKey,
  type CopyResponse,
  type RelatedContentResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { changeOwner } from "../../commands/changeOwner.js";
import { copyContent } from "../../commands/copyContent.js";
import { deleteContent } from "../../commands/deleteContent.js";
import { deleteGroup } from "../../commands/deleteGroup.js";
import { recommendContent } from "../../commands/recommendContent.js";
import { profileKinds } from "../../models/permissions.js";
import { siteFeatures } from "../app/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { perMinuteLimit } from "../../lib/perMinuteLimit.js";
import { parseOr422 } from "../../lib/validate.js";
import { listContentAttributes, listContentOtherValues } from "../../models/attributes.js";
import { favoriteIdsAmong } from "../../models/favorites.js";
import { findProfileName } from "../../models/profiles.js";
import { findRelated, findSimilar } from "../../models/related.js";
import { storeReport } from "../../models/reports.js";
import { authenticate, authorize, authorizeView, contentObjectPolicy, notificationPolicy, permissionPolicy } from "../../policies/index.js";
import { presentContentCard, type ContentCardRow } from "../../presenters/contentObject.js";
import { presentAttributeGroups, presentMoreInfo, presentQuickInfo } from "../../presenters/contentActions.js";
import { itemLink } from "../../presenters/editableItem.js";
import type { FileStorage } from "../../storage/fileStorage.js";
import { ensureNotLockedByOther, ensureViewable, loadByLink } from "../editor/load.js";
import { grantsOf, loadCopiedFrom, loadItemBy } from "./load.js";
import { deliver, notifyRecommendation, notifyReport } from "../../commands/notify.js";
import { mailFor, type MailContext } from "../../mail/transport.js";

/** Related or similar rows as result cards, with the actor's favorites. */
async function presentCards(db: Db, req: Request, found: { rows: ContentCardRow[]; total: number }): Promise<RelatedContentResponse> {
  const favorites = await favoriteIdsAmong(db, req.actor.profile?.id ?? null, found.rows.map((r) => r.id));
  return { status: "success", arrObjResponse: { data: found.rows.map((r) => presentContentCard(r, req.actor, favorites.has(r.id))), total: found.total } };
}

/** An item's attributes grouped by type, with its write-ins (the quick-info popover and the More info row). */
async function attributeGroupsOf(db: Db, contentId: number) {
  const [attributes, otherValues] = await Promise.all([listContentAttributes(db, contentId), listContentOtherValues(db, contentId)]);
  return presentAttributeGroups(attributes, otherValues);
}

/** A plain form post (the copy dialog's form) wants a page, not JSON. */
const wantsPage = (req: Request) => req.accepts(["json", "html"]) === "html";

/**
 * Actions around an item: copy (POST {link}/copy), change of owner (POST /profile/owner/change), flagging
 * (POST /profile/flag), related and similar content (GET /related-content, GET {link}/similar),
 * quick-info (POST /quick-info/{model_key}/{id}) and more-info (GET /system/more-info/{id}).
 */
export function contentActionsRouter(db: Db, storage: FileStorage, mail: MailContext, options: { recommendRateLimit: number }): Router {
  const router = Router();
  // Per sender, not per address: each recommendation may tell (and mail) up to ten people or groups.
  const recommendLimiter = perMinuteLimit(db, "recommend:", options.recommendRateLimit, { key: (req) => `profile:${req.actor.profile!.id}`, message: RECOMMEND_MESSAGES.tooMany });

  router.post("/:typePath/:uid/copy", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    const grants = await grantsOf(db, item);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants));
    authorize(req.actor, contentObjectPolicy.canCopy(req.actor, item, grants), CONTENT_ACTION_MESSAGES.cannotCopyType);
    const body = parseOr422(CopyRequest, req.body ?? {});
    if (body.id !== item.id) throw new HttpError(422, CONTENT_ACTION_MESSAGES.copyIdMismatch, { id: [CONTENT_ACTION_MESSAGES.copyIdMismatch] });
    const copy = await copyContent(db, storage, item, { ownerId: req.actor.profile!.id, title: body.modeltitle });
    const link = itemLink(copy);
    if (wantsPage(req)) return res.redirect(303, `${link}/edit`);
    const answer: CopyResponse = { status: "success", message: CONTENT_ACTION_MESSAGES.copied, link, edit_link: `${link}/edit` };
    res.json(answer);
  });

  // Deleting an item from its page (resources, collections, curriculum items, and a group with its page): our call, the spec names none.
  router.delete("/api/content/:typePath/:uid", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    await ensureViewable(db, req, item, item.reach);
    authorize(req.actor, contentObjectPolicy.canDelete(req.actor, item), CONTENT_ACTION_MESSAGES.deleteForbidden);
    await ensureNotLockedByOther(db, req, item);
    if (contentObjectPolicy.isGroupPage(item) && item.profile_id !== null) {
      if ((await deleteGroup(db, storage, { id: item.id, profile_id: item.profile_id })) === "owns") throw new HttpError(409, CONTENT_ACTION_MESSAGES.deleteGroupOwns);
    } else if ((await deleteContent(db, storage, item.id)) === "sold") throw new HttpError(409, CONTENT_ACTION_MESSAGES.deleteSold);
    const answer: StatusMessageResponse = { status: "success", message: CONTENT_ACTION_MESSAGES.deleted(item.title) };
    res.json(answer);
  });

  router.post("/profile/owner/change", authenticate(), async (req, res) => {
    const body = parseOr422(OwnerChangeRequest, req.body ?? {});
    const item = await loadItemBy(db, "opaque_id", body.opaque_id);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, await grantsOf(db, item)));
    authorize(req.actor, contentObjectPolicy.canChangeOwner(req.actor, item), CONTENT_ACTION_MESSAGES.ownerForbidden);
    const owner = await findProfileName(db, body.selected_profile);
    if (!owner) throw new HttpError(422, CONTENT_ACTION_MESSAGES.ownerNotFound, { selected_profile: [CONTENT_ACTION_MESSAGES.ownerNotFound] });
    authorize(req.actor, contentObjectPolicy.canGiveTo(req.actor, item, owner.id), CONTENT_ACTION_MESSAGES.ownerTakeForbidden);
    if (owner.id === item.owner_id) throw new HttpError(422, CONTENT_ACTION_MESSAGES.ownerUnchanged, { selected_profile: [CONTENT_ACTION_MESSAGES.ownerUnchanged] });
    await changeOwner(db, item, owner.id);
    const answer: StatusMessageResponse = { status: "success", message: CONTENT_ACTION_MESSAGES.ownerChanged(owner.name) };
    res.json(answer);
  });

  router.post("/profile/flag", authenticate(), async (req, res) => {
    const body = parseOr422(FlagRequest, req.body ?? {});
    const { modelKey, id } = parseTypeKey(body.type);
    const item = await loadItemBy(db, "id", id, modelKey);
    const grants = await grantsOf(db, item);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants));
    authorize(req.actor, !contentObjectPolicy.leadsGroupPage(req.actor, item), CONTENT_ACTION_MESSAGES.flagOwnGroup);
    authorize(req.actor, !contentObjectPolicy.isOwnProfile(req.actor, item), CONTENT_ACTION_MESSAGES.flagOwnProfile);
    authorize(req.actor, contentObjectPolicy.canFlag(req.actor, item, grants));
    const report = await storeReport(db, "content", { subjectId: item.id, profileId: req.actor.profile!.id, reason: body.value, message: body.message });
    // A second report of the same item while the first is open updates it; the staff heard of it already.
    if (report.isNew) await deliver(req.log, "a report", () => notifyReport(db, { what: "content", contentId: item.id, reporterId: req.actor.profile!.id, reason: body.value, message: body.message }, mailFor(mail, req)));
    const answer: StatusMessageResponse = { status: "success", message: CONTENT_ACTION_MESSAGES.flagThanks };
    res.json(answer);
  });

  router.post("/profile/postRecommend", authenticate(), recommendLimiter, async (req, res) => {
    if (!(await siteFeatures(db)).recommendations) throw new HttpError(403, RECOMMEND_MESSAGES.disabled);
    const body = parseOr422(RecommendRequest, req.body ?? {});
    const item = body.opaque_id ? await loadItemBy(db, "opaque_id", body.opaque_id, body.model) : body.uid ? await loadItemBy(db, "uid", body.uid, body.model) : await loadItemBy(db, "id", body.id!, body.model);
    const grants = await grantsOf(db, item);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants));
    const targets = [...new Set(body.targetProfiles)];
    const recipients = await profileKinds(db, targets);
    if (recipients.size !== targets.length) throw new HttpError(422, RECOMMEND_MESSAGES.recipientNotFound, { targetProfiles: [RECOMMEND_MESSAGES.recipientNotFound] });
    authorize(req.actor, [...recipients].every(([id, kind]) => kind !== "group" || notificationPolicy.canRecommendToGroup(req.actor, id)), RECOMMEND_MESSAGES.groupNotYours);
    const grantRead = body.update_permissions && permissionPolicy.canManage(req.actor, item, grants);
    await recommendContent(db, { item, senderId: req.actor.profile!.id, recipients, note: body.recommend_note, grantRead });
    await deliver(req.log, "a recommendation", () => notifyRecommendation(db, { item, senderId: req.actor.profile!.id, recipients, note: body.recommend_note }, mailFor(mail, req)));
    const answer: RecommendResponse = { status: "success", message: RECOMMEND_MESSAGES.sent };
    res.json(answer);
  });

  router.get("/related-content", async (req, res) => {
    const query = parseOr422(RelatedContentQuery, req.query);
    const item = await loadItemBy(db, query.idField, query.id, query.model);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, await grantsOf(db, item)));
    res.json(await presentCards(db, req, await findRelated(db, item, contentObjectPolicy.viewScope(req.actor), query.sortBy, query.limit)));
  });

  // Any first segment: a path of this shape is a call, so one that names no content type is a JSON 404, not the web app's page.
  router.get("/:typePath/:uid/similar", async (req, res) => {
    if (!isContentTypePath(req.params.typePath)) throw new HttpError(404, MESSAGES.notFound);
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, await grantsOf(db, item)));
    const query = parseOr422(SimilarContentQuery, req.query);
    res.json(await presentCards(db, req, await findSimilar(db, item, contentObjectPolicy.viewScope(req.actor), query.sortBy, query.limit)));
  });

  router.post("/quick-info/:modelKey/:id", authenticate(), async (req, res) => {
    const item = await loadItemBy(db, "id", String(req.params.id), String(req.params.modelKey));
    const grants = await grantsOf(db, item);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants));
    authorize(req.actor, contentObjectPolicy.canQuickInfo(req.actor, item, grants));
    res.json(presentQuickInfo(item, await attributeGroupsOf(db, item.id)));
  });

  router.get("/system/more-info/:id", async (req, res) => {
    const field = /^[1-9][0-9]{0,9}$/.test(req.params.id) ? "id" : /^[0-9a-f-]{36}$/i.test(req.params.id) ? "opaque_id" : null;
    if (!field) throw new HttpError(404, MESSAGES.notFound);
    const item = await loadItemBy(db, field, req.params.id);
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, await grantsOf(db, item)));
    const [attributes, copiedFrom] = await Promise.all([attributeGroupsOf(db, item.id), loadCopiedFrom(db, req.actor, item.id)]);
    res.json(presentMoreInfo(item, attributes, copiedFrom));
  });

  return router;
}
