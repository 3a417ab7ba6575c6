import { z } from "zod";

/** Error texts of the creator forms (quoted from the specification, double space included). */
export const CREATE_MESSAGES = {
  collectionFailed: "An error occurred while creating a collection.  Please wait a moment and try again.",
  groupFailed: "An error occurred while creating a group. Please wait a moment and try again.",
  titleRequired: "Title is required.",
  titleTooLong: "Title may be at most 255 characters.",
  nameRequired: "Name is required.",
  /** A group's description is its About text (the form's label, and the group page's edit says the same). */
  aboutRequired: "About is required.",
  badViewPermission: "Choose a view permission from the list.",
  badJoinPermission: "Choose a join permission from the list.",
  typeNotCreatable: "This site does not allow creating this type of item.",
} as const;

/** Who may see a group (view permission ids). */
export const GROUP_VIEW_PERMISSIONS = [
  { id: 1, label: "Only members" },
  { id: 2, label: "Signed-in users" },
  { id: 3, label: "Everyone" },
] as const;

/** How people join a group (join permission ids). */
export const GROUP_JOIN_PERMISSIONS = [
  { id: 4, label: "Invitation only" },
  { id: 5, label: "Request to join" },
  { id: 6, label: "Anyone can join" },
] as const;

/**
 * How one gets into a group, as its search card says: joined at once ("anyone", join permission 6), by asking its
 * leaders ("request": join permission 5, or 4 with can_request_join), or only when a leader adds them ("invitation").
 */
export const GroupJoinMode = z.enum(["anyone", "request", "invitation"]);
export type GroupJoinMode = z.infer<typeof GroupJoinMode>;

/** The words for each join mode: the join permissions' own labels. */
export const GROUP_JOIN_MODE_LABELS: Record<GroupJoinMode, string> = {
  anyone: GROUP_JOIN_PERMISSIONS[2].label,
  request: GROUP_JOIN_PERMISSIONS[1].label,
  invitation: GROUP_JOIN_PERMISSIONS[0].label,
};

export const DEFAULT_VIEW_PERMISSION = 3;
export const DEFAULT_JOIN_PERMISSION = 6;

/**
 * One of a list's permission ids, sent as a number or as its digits (a form's select sends "6"); anything else is refused
 * with `message`. A plain coercion let [6], "0x6", "6e0" and " 6 " through as 6.
 */
export const permissionIdIn = (ids: readonly { id: number }[], message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^[0-9]{1,3}$/.test(v) ? Number(v) : v),
    z.number({ error: message }).refine((v) => ids.some((p) => p.id === v), message),
  );

/** POST /collections/create: title and description (extra arguments are ignored). */
export const CollectionCreateRequest = z.object({
  title: z.string({ error: CREATE_MESSAGES.titleRequired }).trim().min(1, CREATE_MESSAGES.titleRequired).max(255, CREATE_MESSAGES.titleTooLong),
  description: z.string().trim().max(5000, "Description may be at most 5000 characters.").optional(),
});
export type CollectionCreateRequest = z.input<typeof CollectionCreateRequest>;

/** The new collection's link (the editor lives at link + "/edit"), and its id (the add-to-collection dialog adds to it). */
export const CollectionCreateResponse = z.object({ status: z.literal("success"), message: z.string(), link: z.string(), id: z.number().optional() });
export type CollectionCreateResponse = z.infer<typeof CollectionCreateResponse>;

/** POST /groups: the group payload; permissions default to view 3 and join 6. */
export const GroupCreateRequest = z.object({
  name: z.string({ error: CREATE_MESSAGES.nameRequired }).trim().min(1, CREATE_MESSAGES.nameRequired).max(255, "Name may be at most 255 characters."),
  short_name: z.string().trim().max(64, "Short name may be at most 64 characters.").optional(),
  description: z.string({ error: CREATE_MESSAGES.aboutRequired }).trim().min(1, CREATE_MESSAGES.aboutRequired).max(5000, "About may be at most 5000 characters."),
  view_permission: permissionIdIn(GROUP_VIEW_PERMISSIONS, CREATE_MESSAGES.badViewPermission).default(DEFAULT_VIEW_PERMISSION),
  join_permission: permissionIdIn(GROUP_JOIN_PERMISSIONS, CREATE_MESSAGES.badJoinPermission).default(DEFAULT_JOIN_PERMISSION),
  can_request_join: z.boolean().default(false),
});
export type GroupCreateRequest = z.input<typeof GroupCreateRequest>;

/** The new group, with its link (the redirect target after creation). */
export const GroupCreateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  objGroup: z.object({ id: z.number(), name: z.string(), link: z.string() }),
});
export type GroupCreateResponse = z.infer<typeof GroupCreateResponse>;

const PermissionOption = z.object({ id: z.number(), label: z.string() });

/** GET /groups/permission-options: the lists the group form chooses from; showView from app config. */
export const GroupPermissionOptions = z.object({ view: z.array(PermissionOption), join: z.array(PermissionOption), showView: z.boolean() });
export type GroupPermissionOptions = z.infer<typeof GroupPermissionOptions>;
