import { Router, type Request } from "express";
import {
  ENDORSEMENT_MESSAGES,
  ENDORSEMENT_TYPE_LABELS,
  ENDORSEMENT_TYPES,
  EndorsementsQuery,
  EndorsementsSaveRequest,
  type EndorsementsResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { saveEndorsements } from "../../commands/saveEndorsements.js";
import type { Db } from "../../db/connection.js";
import { parseOr422 } from "../../lib/validate.js";
import { listEndorsementPublishers, listEndorsements, publisherIdsAmong } from "../../models/endorsements.js";
import { authenticate, authorize, authorizeView, contentObjectPolicy, endorsementPolicy } from "../../policies/index.js";
import { presentEndorsements, presentEndorser } from "../../presenters/endorsement.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

/** The item named by opaque_id, for someone who may manage its endorsements (404 to whoever may not even view it). */
async function loadManaged(db: Db, req: Request, opaqueId: string): Promise<LoadedItem> {
  const item = await loadItemBy(db, "opaque_id", opaqueId);
  const grants = await grantsOf(db, item);
  authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants, "link"));
  authorize(req.actor, endorsementPolicy.canManage(req.actor, item, grants), ENDORSEMENT_MESSAGES.forbidden);
  return item;
}

/** Managing an item's endorsements (second document): GET and POST /system/content-endorsements. */
export function endorsementsRouter(db: Db): Router {
  const router = Router();

  router.get("/system/content-endorsements", authenticate(), async (req, res) => {
    const query = parseOr422(EndorsementsQuery, req.query);
    const item = await loadManaged(db, req, query.opaque_id);
    const endorsements = await listEndorsements(db, item.id);
    const endorsing = new Set(endorsements.map((e) => e.profile_id));
    const publishers = await publisherIdsAmong(db, [...endorsing]);
    const offered = await listEndorsementPublishers(db, endorsementPolicy.endorsesFor(req.actor).filter((id) => !endorsing.has(id)));
    const answer: EndorsementsResponse = {
      endorsements: presentEndorsements(endorsements, (e) => endorsementPolicy.canEndorseAs(req.actor, e.profile_id, publishers.has(e.profile_id))),
      endorsement_publisher_profiles: offered.map((p) => presentEndorser({ profile_id: p.id, ...p })),
      supported_endorsement_types: ENDORSEMENT_TYPES.map((key) => ({ key, label: ENDORSEMENT_TYPE_LABELS[key] })),
      is_moderator: endorsementPolicy.canChooseAnyEndorser(req.actor),
    };
    res.json(answer);
  });

  router.post("/system/content-endorsements", authenticate(), async (req, res) => {
    const body = parseOr422(EndorsementsSaveRequest, req.body ?? {});
    const item = await loadManaged(db, req, body.opaque_id);
    await saveEndorsements(db, req.actor, item.id, body.endorsements);
    const answer: StatusMessageResponse = { status: "success", message: ENDORSEMENT_MESSAGES.saved };
    res.json(answer);
  });

  return router;
}
