import { z } from "zod";
import { positiveId } from "./common.js";

/** The endorsement types, in the order the spec shows them (second document, section 8). */
export const ENDORSEMENT_TYPES = ["published_by", "sponsored_by", "endorsed_by", "recognized_by"] as const;
export type EndorsementType = (typeof ENDORSEMENT_TYPES)[number];

/** How each type reads before the endorser's name. */
export const ENDORSEMENT_TYPE_LABELS: Record<EndorsementType, string> = {
  published_by: "Published by",
  sponsored_by: "Sponsored by",
  endorsed_by: "Endorsed by",
  recognized_by: "Recognized by",
};

/** Most endorsements one save may carry. */
export const ENDORSEMENTS_MAX = 50;

/** Message texts of managing endorsements (ours: the spec says only that the server's message is shown). */
export const ENDORSEMENT_MESSAGES = {
  opaqueIdRequired: "opaque_id is required.",
  opaqueIdUnknown: "opaque_id names no item (it is at most 64 characters).",
  forbidden: "Only the item's owner, or a moderator or administrator who may open it, may manage its endorsements.",
  saved: "Endorsements have been saved.",
  unknownType: `type must be one of: ${ENDORSEMENT_TYPES.join(", ")}.`,
  profileRequired: "Choose who endorses the item.",
  profileNotFound: "A chosen endorser was not found.",
  notPublisher: (name: string) => `${name} is not one of the endorsement publishers you may choose.`,
  onlyRemove: (name: string) => `You may remove ${name}'s endorsement, not change it: only a moderator or ${name} may.`,
  twice: (name: string) => `${name} can endorse the item only once.`,
  endorsementNotFound: "An endorsement was not found for this item.",
  tooMany: `An item may have at most ${ENDORSEMENTS_MAX} endorsements.`,
  conflict: "Someone else changed these endorsements meanwhile; open them again.",
} as const;

const opaqueId = z.string({ error: ENDORSEMENT_MESSAGES.opaqueIdRequired }).trim().min(1, ENDORSEMENT_MESSAGES.opaqueIdRequired).max(64, ENDORSEMENT_MESSAGES.opaqueIdUnknown);
/** A JSON yes or no (the dialog sends booleans): anything else is refused rather than read. */
const strictBool = (name: string) => z.boolean({ error: `${name} must be true or false.` });

/** GET /system/content-endorsements?opaque_id=... */
export const EndorsementsQuery = z.object({ opaque_id: opaqueId });

/** Who endorses: a profile (a user or a group). */
export const Endorser = z.object({ profile_id: z.number(), name: z.string(), link: z.string().nullable(), thumbnail: z.string().nullable(), is_group: z.boolean() });
export type Endorser = z.infer<typeof Endorser>;

/** One endorsement of an item. */
export const Endorsement = z.object({
  id: z.number(),
  type: z.enum(ENDORSEMENT_TYPES),
  endorser: Endorser,
  /** Shown on the item's page to everyone who may view it; otherwise only in the managing dialog. */
  publish_to_public: z.boolean(),
  deleted: z.boolean(),
  /** Whether the asker may change its type and whether it is shown (the managing dialog); anyone who manages may remove it. False on the item's page. */
  can_change: z.boolean(),
  /** When it was added. */
  published_at: z.string(),
});
export type Endorsement = z.infer<typeof Endorsement>;

/** GET /system/content-endorsements: the item's endorsements and what the asker may add. */
export const EndorsementsResponse = z.object({
  endorsements: z.array(Endorsement),
  /** The endorsement publishers the asker may add, those not endorsing the item yet: for a moderator or an administrator none (they name anyone), for others the publisher profiles they act for (their own, groups they lead). */
  endorsement_publisher_profiles: z.array(Endorser),
  supported_endorsement_types: z.array(z.object({ key: z.enum(ENDORSEMENT_TYPES), label: z.string() })),
  /** Moderators (and administrators) may choose any profile or group as endorser. */
  is_moderator: z.boolean(),
});
export type EndorsementsResponse = z.infer<typeof EndorsementsResponse>;

/**
 * POST /system/content-endorsements: the endorsements as the dialog leaves them. A row with an id changes that
 * endorsement (its type and publish_to_public) or, with deleted, removes it; a row without one adds an endorsement.
 * Endorsements the list leaves out are kept.
 */
export const EndorsementsSaveRequest = z.object({
  opaque_id: opaqueId,
  endorsements: z
    .array(
      z.object({
        id: positiveId(ENDORSEMENT_MESSAGES.endorsementNotFound).optional(),
        type: z.enum(ENDORSEMENT_TYPES, { error: ENDORSEMENT_MESSAGES.unknownType }),
        profile_id: positiveId(ENDORSEMENT_MESSAGES.profileRequired),
        publish_to_public: strictBool("publish_to_public").default(true),
        deleted: strictBool("deleted").default(false),
      }),
      { error: "endorsements must be a list." },
    )
    .max(ENDORSEMENTS_MAX, ENDORSEMENT_MESSAGES.tooMany),
});
export type EndorsementsSaveRequest = z.input<typeof EndorsementsSaveRequest>;

/** The endorsements of an item in the spec's order of types, then as added. */
export function inEndorsementOrder<T extends { type: EndorsementType; id: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => ENDORSEMENT_TYPES.indexOf(a.type) - ENDORSEMENT_TYPES.indexOf(b.type) || a.id - b.id);
}
