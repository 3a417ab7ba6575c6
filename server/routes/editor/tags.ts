import { Router } from "express";
import { ContentTagsRequest, refusedNewKeywords, TAGGING_MESSAGES, type ContentTags, type ContentTagsResponse, isContentTypePath } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { attributeTypesForModel, listContentAttributes, listContentOtherValues } from "../../models/attributes.js";
import { findContentTags } from "../../models/content.js";
import { checkAttributeChoice, checkOtherValues, setContentTags, splitCarriedOffModel } from "../../commands/setContentTags.js";
import { authorize, contentObjectPolicy } from "../../policies/index.js";
import { presentAttributeGroups } from "../../presenters/contentActions.js";
import { presentContentTags } from "../../presenters/contentTags.js";
import { ensureNotLockedByOther, ensureViewable, loadByLink } from "./load.js";

/** Whether an item lists authors: resources do. */
const takesAuthors = (item: Pick<Content, "model_key">) => item.model_key === "resource";

/** An item's tags as the attribute editor reads them, and grouped by type with their names as the edit page lists them. */
async function loadTags(db: Db, item: Pick<Content, "id" | "model_key">): Promise<ContentTags> {
  const [found, attributes, otherValues] = await Promise.all([findContentTags(db, item.id), listContentAttributes(db, item.id), listContentOtherValues(db, item.id)]);
  return presentContentTags(item.model_key, found, presentAttributeGroups(attributes, otherValues), takesAuthors(item));
}

/** The model-attribute editor's calls: GET /api/content/{typePath}/{uid}/tags and POST /{typePath}/{uid}/tags. */
export function tagsRouter(db: Db): Router {
  const router = Router();

  router.get("/api/content/:typePath/:uid/tags", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    await ensureViewable(db, req, item, item.reach);
    res.json(await loadTags(db, item));
  });

  router.post("/:typePath/:uid/tags", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    const { viewsOnlyByLink } = await ensureViewable(db, req, item, item.reach);
    authorize(req.actor, contentObjectPolicy.canEditReached(req.actor, item, viewsOnlyByLink));
    const body = parseOr422(ContentTagsRequest, req.body ?? {});
    // Authors are a resource's (first document: "Resource: extra_data (... authors_list ...)"); clearing them is fine anywhere.
    if (!takesAuthors(item) && (body.authors_list?.length || body.original_author)) {
      throw new HttpError(422, TAGGING_MESSAGES.authorsNotTaken, { [body.authors_list?.length ? "authors_list" : "original_author"]: [TAGGING_MESSAGES.authorsNotTaken] });
    }
    if (refusedNewKeywords((await loadTags(db, item)).keywords, body.keywords).length)
      throw new HttpError(422, TAGGING_MESSAGES.keywordInvalid, { keywords: [TAGGING_MESSAGES.keywordInvalid] });
    await ensureNotLockedByOther(db, req, item);
    const [types, carried] = await Promise.all([attributeTypesForModel(db, item.model_key), listContentAttributes(db, item.id)]);
    // Attributes the item already has of types its model does not take are kept when sent back; new ones are refused.
    const { kept, rest } = splitCarriedOffModel(types, carried, body.attribute_ids);
    const attributes = [...(await checkAttributeChoice(db, types, rest)), ...kept];
    const otherValues = body.other_values && checkOtherValues(types, body.other_values);
    await setContentTags(db, item, { attributes, otherValues, keywords: body.keywords, authors: body.authors_list, originalAuthor: body.original_author });
    const answer: ContentTagsResponse = { status: "success", message: TAGGING_MESSAGES.saved, tags: await loadTags(db, item) };
    res.json(answer);
  });
  return router;
}
