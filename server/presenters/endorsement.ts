import { ENDORSEMENT_TYPES, inEndorsementOrder, type Endorsement, type EndorsementType, type Endorser } from "../../contract/index.js";
import type { EndorsementRow } from "../models/endorsements.js";

/** A profile as an endorser. Profiles have no page of their own here, so no link. */
export function presentEndorser(p: { profile_id: number; name: string; thumb_url: string | null; kind: "user" | "group" }): Endorser {
  return { profile_id: p.profile_id, name: p.name, link: null, thumbnail: p.thumb_url, is_group: p.kind === "group" };
}

/** A stored type the contract no longer lists reads as the plainest one. */
const typeOf = (stored: string): EndorsementType => ((ENDORSEMENT_TYPES as readonly string[]).includes(stored) ? (stored as EndorsementType) : "endorsed_by");

/** One endorsement row as the API shows it. */
export function presentEndorsement(row: EndorsementRow): Endorsement {
  return { id: row.id, type: typeOf(row.type), endorser: presentEndorser(row), publish_to_public: row.publish_to_public === 1, deleted: false, published_at: row.created_at };
}

/** An item's endorsements as its page shows them: in the spec's order of types, then as added. */
export const presentEndorsements = (rows: EndorsementRow[]): Endorsement[] => inEndorsementOrder(rows.map(presentEndorsement));
