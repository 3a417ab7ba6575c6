import { z } from "zod";
import { OfferedProduct } from "./checkout.js";
import { MAX_ID, MODEL_KEYS, positiveId } from "./common.js";

/** How long an e-mail invite's link works after it is sent; a link opened later is refused (410), and the invite stays listed as expired for its owner to resend. */
export const INVITE_VALID_DAYS = 30;

/** When an invite sent at `sentAt` stops working (INVITE_VALID_DAYS later): its link is refused from then on. */
export function inviteExpiresAt(sentAt: string): string {
  return new Date(Date.parse(sentAt) + INVITE_VALID_DAYS * 86_400_000).toISOString();
}

/** Message texts of permissions management and access requests (spec texts where the spec names them). */
export const PERMISSION_MESSAGES = {
  opaqueIdRequired: "opaque_id is required.",
  forbidden: "Only the item's owner, or a moderator or administrator who may open it, may manage its permissions.",
  saved: "Permissions have been updated.",
  unknownPermission: (scope: string, allowed: readonly string[]) => `${scope} may only hold ${allowed.length === 1 ? "this permission" : "these permissions"}: ${allowed.join(", ")}.`,
  rowUnavailable: (row: string) => `${row} sharing is not available on this site.`,
  linkReadOnly: "Anyone with the link may only be given read (view) access.",
  linkShared: "Anyone with the link can now view this item.",
  newLinkMade: "This item has a new link: the old one no longer opens it for those who had only the link.",
  newLinkPublic: "This item is open to everybody: it has no private link to replace.",
  newLinkConfirm:
    "Make a new link? Whoever has only the current link, bookmarks included, can no longer open the item with it. Everyone who may view it another way (you, the people and groups you shared with) keeps their access, and for them the old address and the links to it on this site still open it. Share the new link again with those who should still open it by link.",
  /** Added to newLinkConfirm where the button sits in a form with changes of its own (the Permissions dialog), not in the Share dialog. */
  newLinkDropsChanges: "Changes not yet saved in this dialog are dropped.",
  invalidEmail: "Invalid email address",
  profileNotFound: "A chosen profile was not found.",
  groupNotFound: "A chosen group was not found.",
  ownerRow: "The owner always has every permission; leave the owner out.",
  requestNotFound: "A permission request was not found for this item.",
  requestBoth: "A request cannot be both accepted and rejected.",
  reasonTooLong: "The reason may be at most 1000 characters.",
  requestSent: "Your request has been successfully sent.",
  alreadyRequested: "You have already requested access to this item.",
  alreadyViewer: "You can already view this item.",
  groupNotRequestable: "A group is not opened by an access request: ask its leaders with Request to join (or Join group) on the group's page.",
  itemRequired: "Name the item by opaque_id or uid, or by model and id.",
  revokeConfirm: (title: string) => `Are you sure you want to revoke permissions for ${title}?`,
  requestWillBeSentTo: "Request will be sent to",
  accessRequested: "Access requested",
  requestAnswered: "This request was answered already: it is no longer open.",
  requestDeclined: (owner: string, when: string) => `${owner} declined your request for access on ${when}. You may ask again.`,
  inviteAccepted: (title: string) => `"${title}" has been shared with you.`,
  inviteInvalid: "This invite link does not work any more: it was used already, or the invite was withdrawn. Ask whoever shared the item to invite you again.",
  inviteExpired: `This invite link has expired: an invite works for ${INVITE_VALID_DAYS} days. Ask whoever shared the item to invite you again.`,
} as const;

/** POST /api/invites/accept: the secret from an invite mail's link (/invites/accept?token=...). */
export const InviteAcceptRequest = z.object({ token: z.string().trim().min(1).max(200) });
export type InviteAcceptRequest = z.infer<typeof InviteAcceptRequest>;

/** The invite taken: the item it opened, to go to. */
export const InviteAcceptResponse = z.object({ status: z.literal("success"), message: z.string(), link: z.string() });
export type InviteAcceptResponse = z.infer<typeof InviteAcceptResponse>;

/**
 * The query parameter of an item's link that opens its Permissions dialog on one access request (its id): where an
 * access request's notification and mail lead the owner, to answer it.
 */
export const PERMISSION_REQUEST_PARAM = "permission_request";

/**
 * The query parameter of a group page's link that opens one of its discussions in the discussion modal (the thread's
 * id: its opening comment's): the address of a thread, bookmarked or shared, and where the notifications of a new
 * discussion and of a reply in one lead. Kept here beside PERMISSION_REQUEST_PARAM, which a page reads the same way.
 */
export const GROUP_DISCUSSION_PARAM = "discussion";

/** The thread id a group page's GROUP_DISCUSSION_PARAM names, or null when it names none (absent, or not a whole number from 1). */
export function discussionIdOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Permission names of the grant model: read, and edit (which includes read: `dependencies`). */
export const PERMISSION_NAMES = ["read", "edit"] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];
/** What a link share may give anyone holding the item's link: read only. */
export const LINK_PERMISSIONS = ["read"] as const;
/** A permission forced on by another: edit needs read. */
export const PERMISSION_DEPENDENCIES: Record<string, string[]> = { edit: ["read"] };
/** Longest access-request reason (first document, section 5). */
export const REQUEST_REASON_MAX = 1000;
/** How many profiles the permission autocomplete answers at most (second document, section 5). */
export const PERMISSION_AUTOCOMPLETE_LIMIT = 30;

const opaqueId = z.string({ error: PERMISSION_MESSAGES.opaqueIdRequired }).trim().min(1, PERMISSION_MESSAGES.opaqueIdRequired).max(64, PERMISSION_MESSAGES.opaqueIdRequired);
const id = positiveId(PERMISSION_MESSAGES.profileNotFound);
const names = (scope: string, allowed: readonly string[]) => z.array(z.enum(allowed as [string, ...string[]], { error: PERMISSION_MESSAGES.unknownPermission(scope, allowed) }), { error: PERMISSION_MESSAGES.unknownPermission(scope, allowed) }).max(8).default([]);
/** A permission list with its dependencies added (edit brings read). */
export function withDependencies(list: readonly string[]): string[] {
  const out = new Set(list);
  for (const p of list) for (const d of PERMISSION_DEPENDENCIES[p] ?? []) out.add(d);
  return PERMISSION_NAMES.filter((p) => out.has(p));
}

/** GET /permissions: the item by opaque_id. */
export const PermissionsQuery = z.object({ opaque_id: opaqueId });

export const PermissionProfile = z.object({
  id: z.number(),
  display_name: z.string(),
  permissions: z.array(z.string()),
  permission_request_id: z.number().nullable(),
  new_add: z.boolean(),
});
export type PermissionProfile = z.infer<typeof PermissionProfile>;

export const PermissionGroup = z.object({
  id: z.number(),
  display_name: z.string(),
  /** What the group's leaders may do (edit for a group is handed to its leaders). */
  group_leader: z.array(z.string()),
  /** What its members may do (read only). */
  group_member: z.array(z.string()),
  permission_request_id: z.number().nullable(),
  new_add: z.boolean(),
});
export type PermissionGroup = z.infer<typeof PermissionGroup>;

export const PermissionRequestView = z.object({
  id: z.number(),
  rejected: z.boolean(),
  requesterDetails: z.object({ profile_id: z.number(), name: z.string(), link: z.string(), thumbnail_small: z.string().nullable(), common: z.object({ icon: z.string() }) }),
  request_reason: z.string(),
  created_at: z.string(),
});
export type PermissionRequestView = z.infer<typeof PermissionRequestView>;

/**
 * A pending e-mail invite: the address, what it gives, when it was (last) sent, when its link stops working, and
 * whether that time has passed (an expired invite gives nothing: the owner sends it again or removes it).
 */
export const PermissionInvite = z.object({
  email: z.string(),
  permissions: z.array(z.string()),
  new_add: z.boolean(),
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type PermissionInvite = z.infer<typeof PermissionInvite>;

/** The permission form's configuration: which rows exist and which permissions each offers. */
export const PermissionConfig = z.object({
  owner: z.object({ profile_id: z.number(), name: z.string(), is_group: z.boolean() }),
  dependencies: z.record(z.string(), z.array(z.string())),
  user_permission: z.array(z.string()),
  group_permission: z.array(z.string()),
  sharing_permission: z.array(z.string()),
  locked_permissions: z.array(z.string()),
  link_permissions: z.array(z.string()),
  global_permission: z.array(z.string()),
  global: z.boolean(),
  authed: z.boolean(),
  locked: z.boolean(),
  link: z.boolean(),
  profiles: z.boolean(),
  groups: z.boolean(),
  email: z.boolean(),
});
export type PermissionConfig = z.infer<typeof PermissionConfig>;

/** GET /permissions: the config, the permission set, pending and rejected requests, invites. */
export const PermissionsResponse = z.object({
  title: z.string(),
  config: PermissionConfig,
  permissions: z.object({
    global: z.array(z.string()),
    authed: z.array(z.string()),
    link: z.array(z.string()),
    locked: z.array(z.string()),
    profiles: z.array(PermissionProfile),
    groups: z.array(PermissionGroup),
  }),
  permission_requests: z.array(PermissionRequestView),
  permission_invites: z.array(PermissionInvite),
});
export type PermissionsResponse = z.infer<typeof PermissionsResponse>;

const requestIds = z.array(positiveId(PERMISSION_MESSAGES.requestNotFound)).max(500).default([]);

/**
 * One e-mail invite row of the form (second document: an empty entry is ignored, otherwise it must look like an
 * e-mail address, else 'Invalid email address'); permissions read or edit, read when none is ticked; `resend` sends a
 * listed invite again (a fresh link, working INVITE_VALID_DAYS from now; the old link stops working), as the owner does
 * with an expired one.
 */
export const PermissionInviteEntry = z.object({
  email: z
    .string({ error: PERMISSION_MESSAGES.invalidEmail })
    .trim()
    .max(255, PERMISSION_MESSAGES.invalidEmail)
    .refine((v) => v === "" || z.email().safeParse(v).success, PERMISSION_MESSAGES.invalidEmail),
  permissions: names("permission_invites", PERMISSION_NAMES),
  new_add: z.boolean().optional(),
  resend: z.boolean({ error: "resend must be true or false." }).optional(),
});

/**
 * POST /permissions: the whole permission set replaces the item's grants. global/authed offer read; link offers read
 * (anyone who holds the item's link may view it; edit is refused); locked is not offered (empty list only); profiles take read and edit; groups take read for their members and
 * read or edit for their leaders; permission_invites are the pending e-mail invites (the list replaces them: a row left
 * out is revoked, a new address is mailed); users_profiles, leaders_profiles and members_profiles are accepted and unused.
 */
export const PermissionsSaveRequest = z.object({
  opaque_id: opaqueId,
  global: names("global", ["read"]),
  authed: names("authed", ["read"]),
  link: z.array(z.enum(LINK_PERMISSIONS, { error: PERMISSION_MESSAGES.linkReadOnly }), { error: PERMISSION_MESSAGES.linkReadOnly }).max(8).default([]),
  locked: z.array(z.string(), { error: "locked must be a list." }).max(8).default([]),
  profiles: z.array(z.object({ id, permissions: names("profiles", PERMISSION_NAMES) }), { error: "profiles must be a list." }).max(500).default([]),
  groups: z.array(z.object({ id, group_leader: names("group_leader", PERMISSION_NAMES), group_member: names("group_member", ["read"]) }), { error: "groups must be a list." }).max(500).default([]),
  users_profiles: z.unknown().optional(),
  leaders_profiles: z.unknown().optional(),
  members_profiles: z.unknown().optional(),
  accepted_requests: requestIds,
  rejected_requests: requestIds,
  permission_invites: z.array(PermissionInviteEntry, { error: "permission_invites must be a list." }).max(100, "At most 100 e-mail invites at once.").default([]),
});
export type PermissionsSaveRequest = z.input<typeof PermissionsSaveRequest>;

/** An access request's item: opaque_id or uid (random: holding one is holding the link), or model and id (only for items the asker may view). */
const itemRef = {
  model: z.enum(MODEL_KEYS, { error: "model must be a content model key." }).optional(),
  // A number or its digits only: a plain coercion took true as 1 and [5] as 5.
  id: positiveId("id must identify an item.").optional(),
  uid: z.string().trim().min(1).max(64).optional(),
  opaque_id: z.string().trim().min(1).max(64).optional(),
};
const needsItem = <T extends { model?: string; id?: number; uid?: string; opaque_id?: string }>(v: T) => Boolean(v.opaque_id || v.uid || (v.model && v.id));

/** POST /permissions/request: the item and an optional reason (at most 1000 characters). */
export const AccessRequest = z
  .object({ ...itemRef, requestReason: z.string({ error: PERMISSION_MESSAGES.reasonTooLong }).trim().max(REQUEST_REASON_MAX, PERMISSION_MESSAGES.reasonTooLong).optional().default("") })
  .refine(needsItem, { message: PERMISSION_MESSAGES.itemRequired });
export type AccessRequest = z.input<typeof AccessRequest>;

/** GET /permissions/access-details: the item. */
export const AccessDetailsQuery = z.object(itemRef).refine(needsItem, { message: PERMISSION_MESSAGES.itemRequired });
export type AccessDetailsQuery = z.input<typeof AccessDetailsQuery>;

/** POST /permissions/add-link-share: the item to share with anyone holding its link (view only), named as access requests name it. */
export const AddLinkShareRequest = z.object(itemRef).refine(needsItem, { message: PERMISSION_MESSAGES.itemRequired });
export type AddLinkShareRequest = z.input<typeof AddLinkShareRequest>;

/** POST /permissions/add-link-share: the message and what the link now gives (read). */
export const AddLinkShareResponse = z.object({ status: z.literal("success"), message: z.string(), link: z.array(z.string()) });
export type AddLinkShareResponse = z.infer<typeof AddLinkShareResponse>;

/** POST /permissions/new-link: the item (by opaque_id, as the Permissions dialog names it) whose link to replace. */
export const NewLinkRequest = z.object({ opaque_id: opaqueId });
export type NewLinkRequest = z.input<typeof NewLinkRequest>;

/** POST /permissions/new-link: the message, the item's new link and its new opaque_id (the old ones open nothing any more). */
export const NewLinkResponse = z.object({ status: z.literal("success"), message: z.string(), link: z.string(), opaque_id: z.string() });
export type NewLinkResponse = z.infer<typeof NewLinkResponse>;

/** The asker's request on an item, if any: when it was sent, and when the owner answered it (null while pending). */
export const AccessRequestView = z.object({ id: z.number(), status: z.enum(["pending", "accepted", "rejected"]), created_at: z.string(), decided_at: z.string().nullable() });

/** GET /permissions/access-details: what a member who may not view the item may learn: its owner's name and type, and their request. */
export const AccessDetailsResponse = z.object({
  details: z.object({
    owner: z.object({ name: z.string() }),
    type_name_singular: z.string(),
    can_view: z.boolean(),
    permissionRequest: AccessRequestView.nullable(),
    /** The active products that unlock the item, for an asker who may not view it yet (empty otherwise): each has a Buy Now, or the asker's pending order of it. */
    availableProducts: z.array(OfferedProduct),
  }),
});
export type AccessDetailsResponse = z.infer<typeof AccessDetailsResponse>;

/** POST /permissions/request: the message and the request. */
export const AccessRequestResponse = z.object({ status: z.literal("success"), message: z.string(), request: AccessRequestView });
export type AccessRequestResponse = z.infer<typeof AccessRequestResponse>;

/** Message texts of recommending (POST /profile/postRecommend). */
export const RECOMMEND_MESSAGES = {
  recipientsRequired: "Choose at least one recipient.",
  tooManyRecipients: "You can recommend to at most 10 profiles or groups.",
  recipientNotFound: "A recipient does not exist.",
  noteTooLong: "The note may be at most 1000 characters.",
  disabled: "Recommendations are not enabled on this site.",
  sent: "Your recommendation has been sent.",
  groupNotYours: "You can recommend only to groups you belong to.",
  tooMany: "Too many recommendations. Please wait a minute and try again.",
} as const;

/** At most 10 recipients (profile autocomplete: at most 10 selections). */
export const RECOMMEND_MAX_RECIPIENTS = 10;

/** POST /profile/postRecommend: the item (as access requests name it), the recipients' profile ids, a note, and whether to grant them read. */
export const RecommendRequest = z
  .object({
    ...itemRef,
    recommend_note: z.string({ error: RECOMMEND_MESSAGES.noteTooLong }).trim().max(REQUEST_REASON_MAX, RECOMMEND_MESSAGES.noteTooLong).optional().default(""),
    targetProfiles: z
      .array(positiveId(RECOMMEND_MESSAGES.recipientsRequired), { error: RECOMMEND_MESSAGES.recipientsRequired })
      .min(1, RECOMMEND_MESSAGES.recipientsRequired)
      .max(RECOMMEND_MAX_RECIPIENTS, RECOMMEND_MESSAGES.tooManyRecipients),
    update_permissions: z.boolean().optional().default(false),
  })
  .refine(needsItem, { message: PERMISSION_MESSAGES.itemRequired });
export type RecommendRequest = z.input<typeof RecommendRequest>;

/** The answer of a recommendation: the message to show. */
export const RecommendResponse = z.object({ status: z.literal("success"), message: z.string() });
export type RecommendResponse = z.infer<typeof RecommendResponse>;
