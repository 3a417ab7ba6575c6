import { Router, type Request } from "express";
import {
  ENDORSEMENT_MESSAGES,
  ENDORSEMENT_TYPE_LABELS,
  ENDORSEMENT_TYPES,
  ENDORSEMENTS_MAX,
  EndorsementsQuery,
  EndorsementsSaveRequest,
  type EndorsementType,
  type EndorsementsResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { isUniqueViolation, type Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { listEndorsementPublishers, listEndorsements, publisherIdsAmong, saveEndorsements, type EndorsementChanges, type EndorsementRow } from "../../models/endorsements.js";
import { listProfileNames } from "../../models/profiles.js";
import { authenticate, authorize, authorizeView, contentObjectPolicy, endorsementPolicy } from "../../policies/index.js";
import { presentEndorsements, presentEndorser } from "../../presenters/endorsement.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

/** The item named by opaque_id, for someone who may manage its endorsements (404 to whoever may not even view it). */
async function loadManaged(db: Db, req: Request, opaqueId: string): Promise<LoadedItem> {
  const item = await loadItemBy(db, "opaque_id", opaqueId);
  authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, await grantsOf(db, item), "link"));
  authorize(req.actor, endorsementPolicy.canManage(req.actor, item), ENDORSEMENT_MESSAGES.forbidden);
  return item;
}

const unprocessable = (message: string) => new HttpError(422, message, { endorsements: [message] });

/**
 * Checks a save against the item's endorsements and the actor's choice of endorsers: rows with an id must be the
 * item's (and keep their endorser), new endorsers must exist and, for those who are not moderators, be publishers;
 * a profile endorses an item once.
 */
async function changesOf(db: Db, req: Request, existing: EndorsementRow[], rows: ReturnType<typeof EndorsementsSaveRequest.parse>["endorsements"]): Promise<EndorsementChanges> {
  const byId = new Map(existing.map((e) => [e.id, e]));
  const changes: EndorsementChanges = { removed: [], changed: [], added: [] };
  for (const row of rows) {
    if (row.id === undefined) {
      // Added, then taken out again before saving: nothing to do.
      if (!row.deleted) changes.added.push({ profileId: row.profile_id, type: row.type, publishToPublic: row.publish_to_public });
      continue;
    }
    const current = byId.get(row.id);
    if (!current || current.profile_id !== row.profile_id) throw unprocessable(ENDORSEMENT_MESSAGES.endorsementNotFound);
    if (row.deleted) changes.removed.push(row.id);
    else changes.changed.push({ id: row.id, type: row.type, publishToPublic: row.publish_to_public });
  }
  const addedIds = changes.added.map((a) => a.profileId);
  const names = new Map((await listProfileNames(db, addedIds)).map((p) => [p.id, p.name]));
  if (addedIds.some((id) => !names.has(id))) throw unprocessable(ENDORSEMENT_MESSAGES.profileNotFound);
  if (!endorsementPolicy.canChooseAnyEndorser(req.actor)) {
    const publishers = await publisherIdsAmong(db, addedIds);
    const refused = addedIds.find((id) => !publishers.has(id));
    if (refused !== undefined) throw unprocessable(ENDORSEMENT_MESSAGES.notPublisher(names.get(refused)!));
  }
  // Who endorses once the save is made: the kept ones and the added ones, each profile once.
  const removed = new Set(changes.removed);
  const endorsers = existing.filter((e) => !removed.has(e.id)).map((e) => e.profile_id);
  for (const id of addedIds) {
    if (endorsers.includes(id)) throw unprocessable(ENDORSEMENT_MESSAGES.twice(names.get(id)!));
    endorsers.push(id);
  }
  if (endorsers.length > ENDORSEMENTS_MAX) throw unprocessable(ENDORSEMENT_MESSAGES.tooMany);
  return changes;
}

/** Managing an item's endorsements (second document): GET and POST /system/content-endorsements. */
export function endorsementsRouter(db: Db): Router {
  const router = Router();

  router.get("/system/content-endorsements", authenticate(), async (req, res) => {
    const query = parseOr422(EndorsementsQuery, req.query);
    const item = await loadManaged(db, req, query.opaque_id);
    const endorsements = await listEndorsements(db, item.id);
    const publishers = await listEndorsementPublishers(db, endorsements.map((e) => e.profile_id));
    const answer: EndorsementsResponse = {
      endorsements: presentEndorsements(endorsements),
      endorsement_publisher_profiles: publishers.map((p) => presentEndorser({ profile_id: p.id, ...p })),
      supported_endorsement_types: ENDORSEMENT_TYPES.map((key: EndorsementType) => ({ key, label: ENDORSEMENT_TYPE_LABELS[key] })),
      is_moderator: endorsementPolicy.canChooseAnyEndorser(req.actor),
    };
    res.json(answer);
  });

  router.post("/system/content-endorsements", authenticate(), async (req, res) => {
    const body = parseOr422(EndorsementsSaveRequest, req.body ?? {});
    const item = await loadManaged(db, req, body.opaque_id);
    const changes = await changesOf(db, req, await listEndorsements(db, item.id), body.endorsements);
    try {
      await saveEndorsements(db, item.id, req.actor.profile!.id, changes);
    } catch (err) {
      // Another save added the same endorser in between.
      if (isUniqueViolation(err)) throw new HttpError(409, ENDORSEMENT_MESSAGES.conflict);
      throw err;
    }
    const answer: StatusMessageResponse = { status: "success", message: ENDORSEMENT_MESSAGES.saved };
    res.json(answer);
  });

  return router;
}
