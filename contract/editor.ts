import { z } from "zod";
import { positiveId } from "./common.js";
import { AttributeGroupView, CopiedFromDetails } from "./contentActions.js";
import { Badge } from "./badges.js";
import { Endorsement } from "./endorsements.js";
import { ResourceView } from "./resourceView.js";
import { ItemThumbnail } from "./thumbnail.js";
import { ItemAuthors, NO_AUTHORS } from "./tagging.js";

/** Message texts of the editor (quoted from the specification where it names them). */
export const EDITOR_MESSAGES = {
  removeSectionConfirm: "Are you sure you want to remove this section?",
  editExpired: "Edit time expired",
  refreshToContinue: "Refresh Page to continue",
  configureEquation: "Configure Equation",
  equationRequired: "Enter an equation in LaTeX.",
  /** KaTeX's own account of what is wrong follows. */
  equationInvalid: (problem: string) => `The equation cannot be shown: ${problem}`,
  titleRequired: "Title is required.",
  /** A group's page: its title is the group's name, labelled Name as on Create Group. */
  nameRequired: "Name is required.",
  nameTooLong: "Name may be at most 255 characters.",
  /** A group's page: its description is the group's About text, required (first document, section 5, names the rule, not its words). */
  aboutRequired: "About is required.",
  /** A curriculum item's description is its introduction, required (second document, section 5: "Curriculum title and introduction required"). */
  introductionRequired: "Introduction is required.",
  introductionTooLong: "Introduction may be at most 10000 characters.",
  titleTooLong: "Title may be at most 255 characters.",
  descriptionTooLong: "Description may be at most 10000 characters.",
  sectionTitleTooLong: "A section title may be at most 255 characters.",
  tooManySections: "An item may have at most 100 sections.",
  sectionTooLarge: "A section may hold at most 500,000 characters.",
  badEditorState: "The section's editor state is not valid.",
  lockedBy: (name: string) => `This item is being edited by ${name}.`,
  notLockHolder: "Only the person holding the lock (or an administrator) may release it.",
  saved: "Saved.",
  saveFailed: "Your changes could not be saved. They are still here; please try again.",
  unknownType: "Unknown content type.",
  /** After a section's link to an item removed since (the view page shows the link's text, then this). */
  linkedItemRemoved: "(no longer available)",
} as const;

/** The link prefixes of content (server/presenters/modelTypes.ts): an item's page is /{prefix}/{uid}, its editor that plus /edit. */
export const CONTENT_TYPE_PATHS = ["resources", "lesson-plans", "collections", "outlines", "projects", "pathways", "pages", "groups", "announcements"] as const;

/** True for a content link prefix (so the editor's routes leave other paths to other routers). */
export const isContentTypePath = (value: string): boolean => (CONTENT_TYPE_PATHS as readonly string[]).includes(value);

/** An item's page on this site, as Add item links it: /{typePath}/{uid}, maybe with a query or fragment. */
const ITEM_PATH = /^\/([a-z-]+)\/([\w-]+)\/?(?:[?#].*)?$/;

/** The uid a link's address names when it is an item's page on this site (as written in HTML or read from the editor), or null. */
export function linkedItemUid(href: string): string | null {
  const match = ITEM_PATH.exec(href.replace(/&amp;/g, "&"));
  return match && isContentTypePath(match[1]!) ? match[2]! : null;
}

/**
 * The named sanitizer profiles (first document, section 9) as allowed-tag lists; each one builds on the
 * one before. Attributes, link targets and frames follow fixed rules (docs/design.md).
 */
const MINIMAL = ["b", "strong", "i", "em", "u", "s", "sub", "sup", "br", "p"] as const;
const SIMPLE = [...MINIMAL, "a", "ul", "ol", "li", "blockquote"] as const;
const COMMENT = [...SIMPLE, "code", "pre", "span"] as const;
const RELAXED = [
  ...COMMENT,
  ...["h1", "h2", "h3", "h4", "h5", "h6", "hr", "img", "figure", "figcaption", "div"],
  ...["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"],
] as const;
const COURSE_DESIGNER = [...RELAXED, "iframe", "section", "article", "aside", "header", "footer", "details", "summary", "mark"] as const;

export const SANITIZE_PROFILES = {
  minimal: MINIMAL as readonly string[],
  simple: SIMPLE as readonly string[],
  comment: COMMENT as readonly string[],
  "relaxed-html": RELAXED as readonly string[],
  "course-designer": COURSE_DESIGNER as readonly string[],
} as const;
export type SanitizeProfile = keyof typeof SANITIZE_PROFILES;

/** Equation size (Size/Zoom): 0.5 to 5 in steps of 0.1. */
export const EQUATION_SIZE = { min: 0.5, max: 5, step: 0.1, fallback: 1 } as const;

/** A size as the equation dialog reads it: non-numeric falls back to 1; numbers are kept within 0.5 to 5, rounded to 0.1. */
export function equationSize(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n)) return EQUATION_SIZE.fallback;
  const clamped = Math.min(EQUATION_SIZE.max, Math.max(EQUATION_SIZE.min, n));
  return Math.round(clamped * 10) / 10;
}

export const SECTION_HTML_MAX = 500_000;
export const SECTIONS_MAX = 100;

/** Lexical's serialized editor state: an object with a root node (kept as given; only the HTML is shown to others). */
export const EditorStateJson = z.record(z.string(), z.unknown(), { error: EDITOR_MESSAGES.badEditorState }).refine((state) => {
  const root = state.root as { type?: unknown; children?: unknown } | null | undefined;
  return typeof root === "object" && root !== null && root.type === "root" && Array.isArray(root.children);
}, EDITOR_MESSAGES.badEditorState);

/** One section (module) of an item's body: a title and its content, as Lexical JSON and as HTML. */
export const SectionInput = z.object({
  title: z.string().trim().max(255, EDITOR_MESSAGES.sectionTitleTooLong).default(""),
  json: EditorStateJson.nullish(),
  html: z.string().max(SECTION_HTML_MAX, EDITOR_MESSAGES.sectionTooLarge).default(""),
  /** The uid the section was read with (SectionView.uid): a save keeps it, so the section's comments follow it. */
  uid: z.string().max(36).nullish(),
});
export type SectionInput = z.input<typeof SectionInput>;

/**
 * POST {link}/update: the item's title, description and its whole body in order (sections not listed are removed).
 * A save that leaves out the description keeps the stored one (only an empty string sent empties it, where allowed).
 */
export const ContentUpdateRequest = z.object({
  title: z.string({ error: EDITOR_MESSAGES.titleRequired }).trim().min(1, EDITOR_MESSAGES.titleRequired).max(255, EDITOR_MESSAGES.titleTooLong),
  description: z.string().max(10000, EDITOR_MESSAGES.descriptionTooLong).optional(),
  sections: z.array(SectionInput).max(SECTIONS_MAX, EDITOR_MESSAGES.tooManySections).default([]),
});
export type ContentUpdateRequest = z.input<typeof ContentUpdateRequest>;

/** POST {link}/update of a group's page: the same, its title being the group's name (the messages say Name). */
export const GroupPageUpdateRequest = ContentUpdateRequest.extend({
  title: z.string({ error: EDITOR_MESSAGES.nameRequired }).trim().min(1, EDITOR_MESSAGES.nameRequired).max(255, EDITOR_MESSAGES.nameTooLong),
});

/** POST {link}/update of a lesson plan, outline, project or pathway: its description is its introduction, which it must have. */
export const CurriculumUpdateRequest = ContentUpdateRequest.extend({
  description: z
    .string({ error: EDITOR_MESSAGES.introductionRequired })
    .trim()
    .min(1, EDITOR_MESSAGES.introductionRequired)
    .max(10000, EDITOR_MESSAGES.introductionTooLong)
    .optional(),
});

/** A stored section as the editor and the view page read it. */
export const SectionView = z.object({
  id: z.number(),
  /** Stable across saves (ids are not): what the section's comment thread is attached to. */
  uid: z.string(),
  position: z.number(),
  title: z.string(),
  json: z.record(z.string(), z.unknown()).nullable(),
  /** The stored (sanitized) HTML: what the editor reloads, short codes as the text the author typed. */
  html: z.string(),
  /** What the view page shows: `html` with its short codes expanded (contract/shortCodes.ts), sanitized again. */
  view_html: z.string(),
});
export type SectionView = z.infer<typeof SectionView>;

/** GET /api/content/{typePath}/{uid}: an item for its view and edit pages, with the actor's abilities. */
export const EditableItem = z.object({
  id: z.number(),
  uid: z.string(),
  opaque_id: z.string(),
  model_key: z.string(),
  /** A profile's kind (group or user), a resource's kind; null for the other models. */
  sub_type: z.string().nullable(),
  type_name_singular: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  /** Who may read it without a grant: everybody, signed-in profiles, or only those granted (the share dialog warns). */
  visibility: z.enum(["public", "authed", "restricted"]),
  /** link: the owner's profile page (absent from servers before it was added). */
  owner_data: z.object({ profile_id: z.number(), name: z.string(), link: z.string().optional() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** A resource's authors and original author (the first document's extra_data; its keywords are `tags.keywords`): the About card. */
  extra_data: ItemAuthors.default(NO_AUTHORS),
  /** Never saved since it was created: autosave starts off. */
  is_new: z.boolean(),
  sections: z.array(SectionView),
  /** Where this item was copied from (null when it is no copy, or the original is not viewable by the actor). */
  copied_from_details: CopiedFromDetails.nullable(),
  /** The designed thumbnail (thumbnail designer). */
  thumbnail: ItemThumbnail,
  /** Whether the signed-in actor has favorited the item (false for guests), as on a search card. */
  favorite: z.boolean(),
  /** Whether the item is tagged with standards: the page offers View standards only then. */
  has_standards: z.boolean(),
  /** What the item is tagged with, for its page: attribute values by type (in the types' order, each in tree order) and its keywords. */
  tags: z.object({ attributes: z.array(AttributeGroupView), keywords: z.array(z.string()) }),
  /** What the item's type offers (as a search card's common.features): a favorite control, a collect control; feed: the item has a feed (groups). */
  features: z.object({ favorite: z.boolean(), collectible: z.boolean(), copy: z.boolean(), feed: z.boolean() }),
  /** favorite: the actor may favorite it (signed in, and its type can be favorited); take_ownership: it may make itself the owner (Change owner's "Me"; not a group's leader, who acts for the group). */
  abilities: z.object({ view: z.boolean(), edit: z.boolean(), copy: z.boolean(), change_owner: z.boolean(), take_ownership: z.boolean(), manage_permissions: z.boolean(), manage_endorsements: z.boolean(), manage_badges: z.boolean(), flag: z.boolean(), favorite: z.boolean(), delete: z.boolean() }),
  /** The endorsements shown to everyone who may view the item (publish_to_public), in the spec's order of types: the About card. */
  endorsements: z.array(Endorsement),
  /** The badges the item was awarded (by moderators and administrators), shown under its title. */
  badges: z.array(Badge),
  /**
   * The actor may view the item only because it reached it by its link and the item is shared with anyone holding
   * the link: the page offers nothing that names the item another way (favorite, collect, copy, flag, more info,
   * related content, recommend), since those calls would refuse.
   */
  viewed_by_link: z.boolean(),
  /** Whether anyone holding the item's link may view it (a link share; the share dialog then says so instead of offering Grant Access). */
  link_shared: z.boolean(),
  /** What a resource is (its link or uploaded file), for the resource view dialog; null for other items. */
  resource_view: ResourceView.nullable(),
  /** Whether the item is fee-based: its stored flag (its pricing), or some active product unlocks it. */
  is_fee_based: z.boolean(),
  /** How many active products unlock it. */
  purchasable_in_products_count: z.number(),
  /**
   * The uids of items the sections link to that were deleted since: the view page says so in `view_html`, the editor
   * marks those links in the stored text (which keeps them until the author removes them).
   */
  removed_links: z.array(z.string()),
});
export type EditableItem = z.infer<typeof EditableItem>;

/** The answer of a save: the item as stored (sanitized HTML). */
export const ContentUpdateResponse = z.object({ status: z.literal("success"), message: z.string(), item: EditableItem });
export type ContentUpdateResponse = z.infer<typeof ContentUpdateResponse>;

const typeId = positiveId("type_id must be a positive integer.");

/** POST /update-lock: take or renew the edit lock of an item (type is its model key, type_id its id). */
export const UpdateLockRequest = z.object({
  type: z.string({ error: "type is required." }).min(1, "type is required.").max(32),
  type_id: typeId,
  /** When the editor loaded the item (its updated_at); a later change by someone else is reported as stale. */
  cache_date: z.string().max(40).optional(),
});
export type UpdateLockRequest = z.input<typeof UpdateLockRequest>;

/** POST /system/locks/unlock. */
export const UnlockRequest = z.object({
  type: z.string({ error: "type is required." }).min(1, "type is required.").max(32),
  type_id: typeId,
});
export type UnlockRequest = z.input<typeof UnlockRequest>;

/** The lock's state: held by the caller (locked false) or by someone else (locked true, with the holder). */
export const LockResponse = z.object({
  locked: z.boolean(),
  message: z.string(),
  holder: z.object({ profile_id: z.number(), name: z.string() }).nullable(),
  /** Milliseconds since the epoch; null when nobody holds it. */
  expires_at: z.number().nullable(),
  /** The configured lock lifetime (edit_lock_expiry) in seconds. */
  expiry_seconds: z.number(),
  /** The item changed since cache_date. */
  stale: z.boolean(),
});
export type LockResponse = z.infer<typeof LockResponse>;
