import { z } from "zod";
import { MODEL_KEYS, digitsAsNumber, positiveId } from "./common.js";
import { SearchResultItem } from "./search.js";

/** Message texts of copy, ownership, flagging, related content, quick-info and more-info (spec texts where it names them). */
export const CONTENT_ACTION_MESSAGES = {
  copySuffix: " (Copy)",
  copyTitleRequired: "A title for the copy is required.",
  copyTitleTooLong: "The title may be at most 255 characters.",
  copyIdMismatch: "The id does not match the item being copied.",
  copied: "A copy has been made.",
  cannotCopyType: "This kind of item cannot be copied.",
  ownerOptionRequired: "Please choose who the new owner is.",
  ownerRequired: "Please pick the new owner.",
  ownerNotFound: "The chosen owner was not found.",
  ownerUnchanged: "That profile already owns this item.",
  ownerChanged: (name: string) => `The owner has been changed to ${name}.`,
  ownerForbidden: "Only the owner or an administrator may change the owner.",
  deleteForbidden: "Only the owner or an administrator may delete this item (a group: its leaders or an administrator), and only resources, collections, lesson plans, outlines, projects, pathways and groups can be deleted.",
  deleteSold: "This item is sold in a product, so its buyers keep it: it cannot be deleted while a product includes it. Ask an administrator to take it out of the product first.",
  deleted: (title: string) => `Deleted ${title}.`,
  deleteGroupOwns: "This group owns items: give them to someone else first (Change owner on each), then delete the group.",
  ownerTakeForbidden: "You act for the group that owns this item: you may give it to someone else, but only an administrator may give it to you.",
  opaqueIdRequired: "opaque_id is required.",
  flagReasonRequired: "Please choose a reason.",
  flagMessageRequired: "Please describe the problem.",
  flagMessageTooLong: "The description may be at most 2000 characters.",
  flagThanks: "Thank you for your feedback!",
  flagOwnGroup: "You lead this group, so you cannot flag its page: change its page or its members yourself.",
  flagOwnProfile: "This is your own profile, so you cannot flag it: edit your profile yourself.",
  flagTypeInvalid: 'type must look like "resource:12".',
  relatedModelInvalid: "model must be a content model key.",
  relatedIdInvalid: "id must identify an item.",
  idFieldInvalid: "idField must be id, uid or opaque_id.",
  sortByInvalid: "sortBy must be relevance, title_lsort_asc, title_lsort_desc, updated_at_asc or updated_at_desc.",
  limitInvalid: "limit must be between 1 and 24.",
} as const;

/** The copy's default title: the original's plus ' (Copy)' (second document, section 5), within 255 characters. */
export function defaultCopyTitle(title: string): string {
  return `${title.slice(0, 255 - CONTENT_ACTION_MESSAGES.copySuffix.length)}${CONTENT_ACTION_MESSAGES.copySuffix}`;
}

/** Flag reasons (second document, section 9). */
export const FLAG_REASONS = ["inappropriate", "broken", "awesome"] as const;
export const FLAG_REASON_LABELS: Record<(typeof FLAG_REASONS)[number], string> = {
  inappropriate: "Inappropriate content",
  broken: "Broken link or content",
  awesome: "This is awesome",
};


/** POST {link}/copy: the copy dialog's form (token, id, modeltitle); `_token` may carry the CSRF token of a plain form post. */
export const CopyRequest = z.object({
  id: positiveId(CONTENT_ACTION_MESSAGES.copyIdMismatch),
  modeltitle: z
    .string({ error: CONTENT_ACTION_MESSAGES.copyTitleRequired })
    .trim()
    .min(1, CONTENT_ACTION_MESSAGES.copyTitleRequired)
    .max(255, CONTENT_ACTION_MESSAGES.copyTitleTooLong),
  _token: z.string().optional(),
});
export type CopyRequest = z.input<typeof CopyRequest>;

export const CopyResponse = z.object({ status: z.literal("success"), message: z.string(), link: z.string(), edit_link: z.string() });
export type CopyResponse = z.infer<typeof CopyResponse>;

/** What a copy was copied from; shown on the copy's view page as "Copied from". */
export const CopiedFromDetails = z.object({
  title: z.string(),
  link: z.string(),
  owner_data: z.object({ profile_id: z.number(), name: z.string() }),
  /** When the copy was made. */
  created_at: z.string(),
});
export type CopiedFromDetails = z.infer<typeof CopiedFromDetails>;

/** POST /profile/owner/change: the item (opaque_id) and the new owner's profile id. */
export const OwnerChangeRequest = z.object({
  opaque_id: z.string({ error: CONTENT_ACTION_MESSAGES.opaqueIdRequired }).trim().min(1, CONTENT_ACTION_MESSAGES.opaqueIdRequired).max(64, CONTENT_ACTION_MESSAGES.opaqueIdRequired),
  selected_profile: z.preprocess((v) => (v === "" || v === null ? undefined : v), positiveId(CONTENT_ACTION_MESSAGES.ownerRequired)),
});
export type OwnerChangeRequest = z.input<typeof OwnerChangeRequest>;

/** The answer of an owner change (and of a flag): status and a message to show. */
export const StatusMessageResponse = z.object({ status: z.literal("success"), message: z.string() });
export type StatusMessageResponse = z.infer<typeof StatusMessageResponse>;

const typeKey = new RegExp(`^(${MODEL_KEYS.join("|")}):([1-9][0-9]{0,9})$`);

/** POST /profile/flag: type is the item ("lesson_plan:12", as for favorites), value the reason, message the description. */
export const FlagRequest = z.object({
  type: z.string({ error: CONTENT_ACTION_MESSAGES.flagTypeInvalid }).regex(typeKey, CONTENT_ACTION_MESSAGES.flagTypeInvalid),
  value: z.enum(FLAG_REASONS, { error: CONTENT_ACTION_MESSAGES.flagReasonRequired }),
  message: z
    .string({ error: CONTENT_ACTION_MESSAGES.flagMessageRequired })
    .trim()
    .min(1, CONTENT_ACTION_MESSAGES.flagMessageRequired)
    .max(2000, CONTENT_ACTION_MESSAGES.flagMessageTooLong),
});
export type FlagRequest = z.input<typeof FlagRequest>;

/** Sort orders of related and similar content. */
export const RELATED_SORTS = ["relevance", "title_lsort_asc", "title_lsort_desc", "updated_at_asc", "updated_at_desc"] as const;
export type RelatedSort = (typeof RELATED_SORTS)[number];

const limit = z.preprocess(digitsAsNumber, z.number({ error: CONTENT_ACTION_MESSAGES.limitInvalid }).int(CONTENT_ACTION_MESSAGES.limitInvalid).min(1, CONTENT_ACTION_MESSAGES.limitInvalid).max(24, CONTENT_ACTION_MESSAGES.limitInvalid));

/** GET /related-content: the item (model key, and id read as idField) and the order. */
export const RelatedContentQuery = z.object({
  model: z.enum(MODEL_KEYS, { error: CONTENT_ACTION_MESSAGES.relatedModelInvalid }),
  id: z.string({ error: CONTENT_ACTION_MESSAGES.relatedIdInvalid }).trim().min(1, CONTENT_ACTION_MESSAGES.relatedIdInvalid).max(64, CONTENT_ACTION_MESSAGES.relatedIdInvalid),
  idField: z.enum(["id", "uid", "opaque_id"], { error: CONTENT_ACTION_MESSAGES.idFieldInvalid }).default("id"),
  sortBy: z.enum(RELATED_SORTS, { error: CONTENT_ACTION_MESSAGES.sortByInvalid }).default("relevance"),
  limit: limit.default(5),
});
export type RelatedContentQuery = z.input<typeof RelatedContentQuery>;

/** GET {link}/similar: the order and page size. */
export const SimilarContentQuery = z.object({
  sortBy: z.enum(RELATED_SORTS, { error: CONTENT_ACTION_MESSAGES.sortByInvalid }).default("relevance"),
  limit: limit.default(5),
});
export type SimilarContentQuery = z.input<typeof SimilarContentQuery>;

/** Related or similar content: result cards the actor may view, and how many there are in all. */
export const RelatedContentResponse = z.object({
  status: z.literal("success"),
  arrObjResponse: z.object({ data: z.array(SearchResultItem), total: z.number() }),
});
export type RelatedContentResponse = z.infer<typeof RelatedContentResponse>;

/** An item's attributes grouped by type, for the quick-info tags; `other` is the item's write-in value of the type (or null). */
export const AttributeGroupView = z.object({
  type_key: z.string(),
  type_name: z.string(),
  items: z.array(z.object({ id: z.number(), name: z.string(), short_name: z.string().nullable() })),
  other: z.string().nullable(),
});
export type AttributeGroupView = z.infer<typeof AttributeGroupView>;

/** POST /quick-info/{model_key}/{id}: the model for the hover popover. */
export const QuickInfoResponse = z.object({
  model: z.object({
    id: z.number(),
    model_key: z.string(),
    title: z.string(),
    link: z.string(),
    type_name_singular: z.string(),
    owner_data: z.object({ profile_id: z.number(), name: z.string() }),
    description: z.string(),
    attributes: z.array(AttributeGroupView),
  }),
});
export type QuickInfoResponse = z.infer<typeof QuickInfoResponse>;

/** GET /system/more-info/{id}: the model and labelled rows to render. */
export const MoreInfoResponse = z.object({
  model: z.object({
    id: z.number(),
    opaque_id: z.string(),
    model_key: z.string(),
    title: z.string(),
    link: z.string(),
    owner_data: z.object({ profile_id: z.number(), name: z.string() }),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  renderables: z.array(z.object({ key: z.string(), label: z.string(), value: z.string(), link: z.string().nullable() })),
});
export type MoreInfoResponse = z.infer<typeof MoreInfoResponse>;

/** GET /profile/autocomplete/change-ownership: owner candidates (the bulk importer's call, reused by the owner dialog). */
export const OWNER_AUTOCOMPLETE_MIN = 3;
