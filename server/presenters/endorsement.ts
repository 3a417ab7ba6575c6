import { ENDORSEMENT_TYPES, inEndorsementOrder, type Endorsement, type EndorsementType, type Endorser } from "../../contract/index.js";
import type { EndorsementRow } from "../models/endorsements.js";

/** A profile as an endorser. Profiles have no page of their own here, so no link. */
export function presentEndorser(p: { profile_id: number; name: string; thumb_url: string | null; kind: "user" | "group" }): Endorser {
  return { profile_id: p.profile_id, name: p.name, link: null, thumbnail: p.thumb_url, is_group: p.kind === "group" };
}

/** A stored type the contract no longer lists reads as the plainest one. */
const typeOf = (stored: string): EndorsementType => ((ENDORSEMENT_TYPES as readonly string[]).includes(stored) ? (stored as EndorsementType) : "endorsed_by");

/** One endorsement row as the API shows it; `canChange` whether the asker may change it (the managing dialog). */
export function presentEndorsement(row: EndorsementRow, canChange = false): Endorsement {
  return { id: row.id, type: typeOf(row.type), endorser: presentEndorser(row), publish_to_public: row.publish_to_public === 1, deleted: false, can_change: canChange, published_at: row.created_at };
}

/** An item's endorsements in the spec's order of types, then as added (on its page, none changeable). */
export const presentEndorsements = (rows: EndorsementRow[], canChange: (row: EndorsementRow) => boolean = () => false): Endorsement[] => inEndorsementOrder(rows.map((row) => presentEndorsement(row, canChange(row))));
