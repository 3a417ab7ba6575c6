import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Database types, written by hand to match migrations/ (a migration change updates this file too). */
type Timestamp = ColumnType<string, string | undefined, string>;

export interface ProfilesTable {
  id: Generated<number>;
  uid: string;
  kind: "user" | "group";
  name: string;
  short_name: string | null;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  /** When the address was confirmed (migration 036): null until then, and again after it changes unconfirmed. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  is_admin: ColumnType<number, number | undefined, number>;
  is_moderator: ColumnType<number, number | undefined, number>;
  is_publisher: ColumnType<number, number | undefined, number>;
  permissions: ColumnType<string, string | undefined, string>;
  location: string | null;
  thumb_url: string | null;
  description: string | null;
  group_type_id: number | null;
  view_permission: number | null;
  join_permission: number | null;
  can_request_join: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Something that happened to a profile's content or discussions (migration 031); `kind` is a NotificationKind. */
export interface NotificationsTable {
  id: Generated<number>;
  profile_id: number;
  kind: string;
  actor_id: number | null;
  subject_title: string;
  subject_link: string;
  /** The item it is about (migration 053), read for its current title; null when it is about no item. Not a foreign key: a removed item's id stays. */
  subject_id: ColumnType<number | null, number | null | undefined, number | null>;
  excerpt: string | null;
  created_at: string;
  read_at: string | null;
}

/** A notification setting a profile changed (migration 031): absent means on. */
export interface NotificationSettingsTable {
  profile_id: number;
  setting: string;
  enabled: number;
}

/** An institution a profile may name (migration 029): seeded, or typed in by a profile (`created_by`). */
export interface InstitutionsTable {
  id: Generated<number>;
  name: string;
  /** "City, ST", or null (custom entries). */
  location: string | null;
  created_by: number | null;
  created_at: string;
}

/** The institutions a profile names, in its order (`position` from 0). */
export interface ProfileInstitutionsTable {
  profile_id: number;
  institution_id: number;
  position: number;
}

export interface GroupMembersTable {
  group_id: number;
  profile_id: number;
  role: "leader" | "member";
}

/** A pending request to join a group (migration 046); approved, declined and withdrawn ones are deleted. */
export interface GroupJoinRequestsTable {
  group_id: number;
  profile_id: number;
  created_at: string;
}

/** A uid an item had before New link replaced it (migration 061): its old address, which no longer counts as holding its link. */
export interface ContentFormerUidsTable {
  uid: string;
  content_id: number;
  replaced_at: string;
}

export interface ContentTable {
  id: Generated<number>;
  uid: string;
  opaque_id: string;
  model_key: string;
  sub_type: string | null;
  title: string;
  description: string;
  tags: string;
  url: string | null;
  thumb_url: string | null;
  owner_id: number;
  publisher_id: number | null;
  profile_id: number | null;
  visibility: "public" | "authed" | "restricted";
  is_fee_based: ColumnType<number, number | undefined, number>;
  title_sort: string;
  /** JSON: keywords, authors_list (name, url) and the like; null when none. */
  extra_data: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentGrantsTable {
  id: Generated<number>;
  content_id: number;
  scope: "global" | "authed" | "link" | "locked" | "profile" | "group";
  profile_id: number | null;
  permission: string;
}

export interface AttributeTypesTable {
  id: Generated<number>;
  key: string;
  name: string;
  leaf_only: ColumnType<number, number | undefined, number>;
  single: ColumnType<number, number | undefined, number>;
  sort_order: number;
  /** 1: the picker offers a write-in ("Other") field for the type (migration 060). */
  show_other: ColumnType<number, number | undefined, number>;
  other_placeholder: ColumnType<string | null, string | null | undefined, string | null>;
  other_max_length: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface AttributeItemsTable {
  id: Generated<number>;
  type_id: number;
  parent_id: number | null;
  name: string;
  short_name: string | null;
  slug: string;
  description: string | null;
  sort_order: number;
  depth: number;
  is_leaf: ColumnType<number, number | undefined, number>;
}

export interface ContentAttributesTable {
  content_id: number;
  attr_item_id: number;
  type_id: number;
}

/** An item's write-in ("Other") value of an attribute type: one per type per item (migration 060). */
export interface ContentAttributeOthersTable {
  content_id: number;
  type_id: number;
  value: string;
}

export interface FavoritesTable {
  profile_id: number;
  content_id: number;
  created_at: Timestamp;
}

export interface SessionsTable {
  sid: string;
  data: string;
  expires_at: number;
  /** The signed-in profile (migration 032), null for a guest's session; lets a password change end that profile's sessions. */
  profile_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A password reset token (migration 032): only its SHA-256 (hex) is stored; single-use, until `expires_at` (ISO). */
export interface PasswordResetsTable {
  id: Generated<number>;
  profile_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** A pending e-mail invite to an item (migration 032): becomes a profile grant when an account with that address signs in. */
export interface PermissionInvitesTable {
  id: Generated<number>;
  content_id: number;
  /** Lowercased. */
  email: string;
  /** SHA-256 (hex) of the secret in the invite's mailed link. */
  token_hash: string;
  permission: "read" | "edit";
  invited_by: number | null;
  created_at: string;
}

export interface AppConfigTable {
  key: string;
  value: string;
}

export interface SearchTypesTable {
  type: string;
  label: string;
  icon: string;
  model_types: string;
  sub_types: string;
  model_sub_types: string;
  attributes: string;
  filters: string;
  group_type_ids: string;
  admin_only: ColumnType<number, number | undefined, number>;
  sort_order: number;
}

export interface SearchTermsTable {
  term: string;
  first_letter: string;
  length: number;
  doc_count: number;
}

export interface ContentChangesTable {
  id: Generated<number>;
  content_id: number;
  changed_at: string;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface IdentitiesTable {
  id: Generated<number>;
  /** The key of the SSO provider in SSO_PROVIDERS. */
  provider: string;
  /** The provider's `sub` claim. */
  subject: string;
  profile_id: number;
  created_at: string;
}

export interface ContentSectionsTable {
  id: Generated<number>;
  content_id: number;
  position: number;
  title: string;
  /** Lexical's serialized editor state; null when the section came as HTML only (a template's copy). */
  body_json: string | null;
  /** Sanitized HTML (course-designer profile) with equations rendered by KaTeX on the server. */
  body_html: string;
  updated_at: string;
  /** Kept by a save that sends it back, so the section's comment thread follows it (null only before migration 028 ran). */
  uid: string | null;
}

export interface SectionThreadsTable {
  id: Generated<number>;
  content_id: number;
  section_uid: string;
  /** 1 open, 2 resolved. */
  status: ColumnType<1 | 2, 1 | 2 | undefined, 1 | 2>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** When a save removed the thread's section (migration 030); null while the item has the section. */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The removed section's last title; null while the section is there (and for removals before migration 030). */
  section_title: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SectionCommentsTable {
  id: Generated<number>;
  thread_id: number;
  profile_id: number;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface EditLocksTable {
  model_key: string;
  content_id: number;
  profile_id: number;
  /** Milliseconds since the epoch. */
  acquired_at: number;
  expires_at: number;
}

export interface BulkImportsTable {
  id: Generated<number>;
  uid: string;
  model_type: string;
  /** The importer. */
  profile_id: number;
  status: "created" | "processing" | "preprocessed" | "completed";
  file_name: string;
  file_type: "csv" | "xls" | "xlsx";
  file_size: number;
  /** Bumped by each new file; chunks and rows belong to one generation. */
  generation: ColumnType<number, number | undefined, number>;
  /** JSON: the header row and the field each column maps to. */
  columns: ColumnType<string, string | undefined, string>;
  /** JSON: the ImportSummary. */
  summary: ColumnType<string, string | undefined, string>;
  user_mappings: ColumnType<string, string | undefined, string>;
  import_settings: ColumnType<string, string | undefined, string>;
  /** An import-level failure; set, the job waits for Retry. */
  error: string | null;
  rows_total: ColumnType<number, number | undefined, number>;
  rows_done: ColumnType<number, number | undefined, number>;
  /** The last row number imported (the batch loop resumes after it). */
  cursor_row: ColumnType<number, number | undefined, number>;
  lease_owner: string | null;
  /** Epoch ms until which lease_owner holds the job. */
  lease_until: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface BulkImportChunksTable {
  import_id: number;
  generation: number;
  seq: number;
  data: Buffer;
}

export interface BulkImportRowsTable {
  import_id: number;
  row_number: number;
  /** Identifies the row's content across files (hash of title and URL). */
  row_key: string;
  state: "ok" | "error" | "input" | "duplicate";
  /** JSON: the row's fields. */
  data: string;
}

export interface BulkImportItemsTable {
  import_id: number;
  row_key: string;
  row_number: number;
  content_id: number;
}

export interface ResourceFilesTable {
  content_id: number;
  /** Random key in the file storage; never derived from the uploaded name. */
  storage_key: string;
  file_name: string;
  mime_type: string;
  size: number;
  created_at: string;
}

export interface CurriculumTemplatesTable {
  id: Generated<number>;
  uid: string;
  model_key: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  owner_id: number | null;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export interface CurriculumTemplateSectionsTable {
  template_id: number;
  position: number;
  title: string;
  html: string;
}

export interface CurriculumItemsTable {
  content_id: number;
  template_id: number | null;
}

export interface CurriculumSectionsTable {
  content_id: number;
  position: number;
  title: string;
  html: string;
}

export interface ContentCopiesTable {
  content_id: number;
  /** The original; null once it is deleted. */
  source_id: number | null;
  copied_by: number;
  created_at: string;
}

export interface ContentFlagsTable {
  id: Generated<number>;
  content_id: number;
  profile_id: number;
  reason: "inappropriate" | "broken" | "awesome";
  message: string;
  /** open until a moderator reviews it. */
  status: ColumnType<string, string | undefined, string>;
  created_at: string;
  /** Who last resolved or opened it again, and when (migration 024); null until then. */
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the reviewer did, set when resolving (migration 065): "none" or "removed"; null while open and for reports resolved before. */
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  /** The reviewer's note for the staff (migration 065), at most REPORT_NOTE_MAX characters; null without one. */
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContentThumbnailsTable {
  content_id: number;
  /** Random key of the designed image in the file storage; null when the item has settings only. */
  image_key: string | null;
  image_mime: string | null;
  /** JSON: the non-default thumbnail designer settings. */
  settings: string;
  designed_by: number | null;
  designed_at: string;
}

export interface ThumbnailPresetsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** JSON: the preset's designer settings. */
  settings: string;
  created_at: string;
  updated_at: string;
}

/** What each collection holds (migration 012): an item at most once, in the order added. */
export interface CollectionItemsTable {
  collection_id: number;
  content_id: number;
  added_by: number | null;
  added_at: Timestamp;
  /** Its place in the collection, 0 first (migration 058); ties keep the order they were added in. */
  position: Generated<number>;
}

/** Access requests (migration 013): one row per profile and item, pending until the owner accepts or rejects it. */
export interface PermissionRequestsTable {
  id: Generated<number>;
  content_id: number;
  profile_id: number;
  reason: string;
  status: "pending" | "accepted" | "rejected";
  created_at: Timestamp;
  decided_at: string | null;
}

/** Recommendations (migration 014): an item a profile recommended to another profile or group, with a note. */
export interface RecommendationsTable {
  id: Generated<number>;
  content_id: number;
  sender_id: number;
  recipient_id: number;
  note: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  profile_id: number | null;
  name: string;
  email: string;
  message: string;
  /** A JPEG data URL of the page the message was sent from, when the sender included one. */
  screenshot: string | null;
  page: string | null;
  created_at: string;
  /** Who marked it handled, and when (migration 065); both null while it is open. */
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A content item shown as a system announcement banner (migration 018). */
export interface AnnouncementsTable {
  content_id: number;
  type: ColumnType<string, string | undefined, string>;
  start_time: string | null;
  end_time: string | null;
  event_start_time: string | null;
  event_end_time: string | null;
  all_day: ColumnType<number, number | undefined, number>;
  is_sticky: ColumnType<number, number | undefined, number>;
  priority: ColumnType<number, number | undefined, number>;
  cta_text: string | null;
  link: string | null;
  show_snooze: ColumnType<number, number | undefined, number>;
  show_dismiss: ColumnType<number, number | undefined, number>;
  /** HTML; sanitized whenever it is presented. */
  content: ColumnType<string, string | undefined, string>;
  /** Meeting details (migration 050): the Zoom ID (digits) and its https Zoom join URL; both null without a meeting. */
  meeting_zoom_id: ColumnType<string | null, string | null | undefined, string | null>;
  meeting_join_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The thumbnail (migration 052): an http(s) address or a path on this site; null: none. */
  thumbnail_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON (migration 052): the community callout's settings (contract/carousels.ts), "{}" for the defaults. */
  community_callout_settings: ColumnType<string, string | undefined, string>;
}

/** A content item's discussion (migration 015): created on its first comment or first open/close. */
export interface CommentThreadsTable {
  id: Generated<number>;
  content_id: number;
  view_permission: ColumnType<"open" | "closed", "open" | "closed" | undefined, "open" | "closed">;
  created_at: string;
  updated_at: string;
}

/** A comment (migration 015); a reply's parent_id is its top-level comment. */
export interface CommentsTable {
  id: Generated<number>;
  opaque_id: string;
  thread_id: number;
  parent_id: number | null;
  creator_id: number;
  title: string | null;
  content: string;
  /** 1 when content is sanitized HTML, 0 for plain text. */
  is_html: number;
  /** Replies not deleted; never below 0. */
  replies_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  /** Set when the comment is removed from lists (it had no replies). */
  deleted_at: string | null;
  /** Set when a comment with replies is deleted: kept, its content replaced. */
  deleted_with_replies_at: string | null;
  /** Null on an item's Discuss card; "group" for a group's discussions (a titled top-level comment) and their replies (migration 025); `feed_post:{id}` for a feed post's comments (migration 059). */
  context: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the comment or its latest reply was posted (migration 025; the group widget's Recent Activity order). */
  last_activity_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The feed post a comment is on (migration 059; its context is then `feed_post:{id}`); deleting the post deletes it. */
  feed_post_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One reaction per profile and comment (migration 015). */
export interface CommentFeedbackTable {
  comment_id: number;
  profile_id: number;
  feedback_type: "like" | "love" | "magic" | "powerful";
}

/** A profile's subscription to a top-level comment (migration 015). */
export interface CommentSubscriptionsTable {
  comment_id: number;
  profile_id: number;
}

/** What happened to a comment, by whom, with the values it took (migration 015). */
export interface CommentHistoryTable {
  id: Generated<number>;
  comment_id: number;
  event: "created" | "edited" | "deleted";
  profile_id: number;
  created_at: string;
  /** JSON: {title, content, is_html} after the event. */
  new_values: string;
}

/** A comment reported as inappropriate (migration 017), open until a moderator reviews it. */
export interface CommentFlagsTable {
  id: Generated<number>;
  comment_id: number;
  profile_id: number;
  reason: ContentFlagsTable["reason"];
  message: string;
  status: ColumnType<string, string | undefined, string>;
  created_at: string;
  reviewed_by: ContentFlagsTable["reviewed_by"];
  reviewed_at: ContentFlagsTable["reviewed_at"];
  outcome: ContentFlagsTable["outcome"];
  review_note: ContentFlagsTable["review_note"];
}

/** An endorsement of a content item by a profile (migration 019): at most one per profile and item. */
export interface ContentEndorsementsTable {
  id: Generated<number>;
  content_id: number;
  profile_id: number;
  type: string;
  publish_to_public: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A badge an item can be awarded (migration 020); `key` names the defaults every installation has. */
export interface BadgesTable {
  id: Generated<number>;
  key: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  icon: ColumnType<string, string | undefined, string>;
  sort_order: ColumnType<number, number | undefined, number>;
}

/** A badge awarded to an item (migration 020). */
export interface ContentBadgesTable {
  content_id: number;
  badge_id: number;
  awarded_by: number | null;
  created_at: string;
}

/** A post on an item's feed (migration 021; groups have feeds): plain text, removed for good when deleted. */
export interface FeedPostsTable {
  id: Generated<number>;
  opaque_id: string;
  /** The item whose feed it is on (a group's profile:group content row). */
  content_id: number;
  poster_id: number;
  content: string;
  created_at: string;
  updated_at: string;
  /** When the poster last edited the text (migration 027); null if never. */
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * An uploaded attachment (migration 027): a file in storage under a random key, uploaded before its post or comment is
 * sent; feed_post_id and comment_id are both null until it is attached to one of them.
 */
export interface AttachmentsTable {
  id: Generated<number>;
  storage_key: string;
  /** The uploaded file's name, cleaned (only ever text: never a path). */
  file_name: string;
  /** The content type its bytes were found to hold (application/octet-stream when unknown). */
  mime_type: string;
  size_bytes: number;
  uploader_id: number;
  feed_post_id: number | null;
  comment_id: number | null;
  created_at: string;
}

/** One reaction per profile and feed post (migration 021). */
export interface FeedPostFeedbackTable {
  post_id: number;
  profile_id: number;
  feedback_type: CommentFeedbackTable["feedback_type"];
}

/** A feed post reported as inappropriate (migration 021), open until a moderator reviews it. */
export interface FeedPostFlagsTable {
  id: Generated<number>;
  post_id: number;
  profile_id: number;
  reason: ContentFlagsTable["reason"];
  message: string;
  status: ColumnType<string, string | undefined, string>;
  created_at: string;
  reviewed_by: ContentFlagsTable["reviewed_by"];
  reviewed_at: ContentFlagsTable["reviewed_at"];
  outcome: ContentFlagsTable["outcome"];
  review_note: ContentFlagsTable["review_note"];
}

/** A guided tour (migration 022): named after the dialog it tours; configuration is a JSON list of stops. */
export interface GuidedToursTable {
  id: Generated<number>;
  name: string;
  configuration: ColumnType<string, string | undefined, string>;
  updated_by: number | null;
  updated_at: string;
}

/** A slide of the news carousel (migration 023); community_callout_settings is JSON text (contract/carousels.ts). */
export interface NewsItemsTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  banner_url: string | null;
  link: string | null;
  cta_text: string | null;
  community_callout_settings: ColumnType<string, string | undefined, string>;
  audience: ColumnType<"public" | "authed", "public" | "authed" | undefined, "public" | "authed">;
  is_published: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** A notice signed-in profiles go through one after another (migration 026); content is sanitized HTML. */
export interface InterceptorsTable {
  id: Generated<number>;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  sort_order: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<number, number | undefined, number>;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An image uploaded from the editor (migration 035), served at /files/images/{storage_key}.{ext}. */
export interface EditorImagesTable {
  storage_key: string;
  owner_id: number;
  mime_type: "image/png" | "image/jpeg" | "image/gif" | "image/svg+xml";
  byte_size: number;
  created_at: string;
}

/** What a profile did with an interceptor (migration 026): dismissed for good, or deferred until a moment. */
export interface InterceptorStatesTable {
  profile_id: number;
  interceptor_id: number;
  state: "dismissed" | "deferred";
  deferred_until: string | null;
  updated_at: string;
}

/** A periodic job's current turn (migration 038): which instance holds it, until when (epoch ms). */
export interface JobLeasesTable {
  name: string;
  lease_owner: string | null;
  lease_until: ColumnType<number, number | undefined, number>;
}

/** A purchasable product (migration 037): what it unlocks is in product_items; price in whole cents of `currency`. */
export interface ProductsTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  short_description: ColumnType<string, string | undefined, string>;
  price_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  is_active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** A content item a product unlocks (migration 037). */
export interface ProductItemsTable {
  product_id: number;
  content_id: number;
}

/** One buyer's purchase of one product (migration 037), paid by invoice: pending until staff mark it paid or cancelled. */
export interface OrdersTable {
  id: Generated<number>;
  uuid: string;
  product_id: number;
  buyer_id: number;
  status: "pending" | "paid" | "cancelled";
  price_cents: number;
  currency: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}

/** An address a profile asked to use, until its mailed link is opened (migration 036). */
export interface EmailChangesTable {
  id: Generated<number>;
  profile_id: number;
  email: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** A profile's connection to a third-party provider (migration 039): its OAuth tokens, encrypted (server/lib/secretBox.ts). */
export interface ThirdPartyAccountsTable {
  id: Generated<number>;
  profile_id: number;
  provider: "zoom";
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A meeting or webinar the server created through Zoom for a profile (migration 039); comment_id once a comment carries it. */
export interface ZoomMeetingsTable {
  id: Generated<number>;
  profile_id: number;
  comment_id: number | null;
  type: "meeting" | "webinar";
  zoom_id: string;
  topic: string;
  start_time: string | null;
  join_url: string;
  owner_name: string;
  created_at: string;
}

export interface Database {
  third_party_accounts: ThirdPartyAccountsTable;
  zoom_meetings: ZoomMeetingsTable;
  job_leases: JobLeasesTable;
  products: ProductsTable;
  product_items: ProductItemsTable;
  orders: OrdersTable;
  email_changes: EmailChangesTable;
  editor_images: EditorImagesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  interceptors: InterceptorsTable;
  interceptor_states: InterceptorStatesTable;
  news_items: NewsItemsTable;
  guided_tours: GuidedToursTable;
  feed_posts: FeedPostsTable;
  attachments: AttachmentsTable;
  feed_post_feedback: FeedPostFeedbackTable;
  feed_post_flags: FeedPostFlagsTable;
  announcements: AnnouncementsTable;
  badges: BadgesTable;
  content_badges: ContentBadgesTable;
  content_endorsements: ContentEndorsementsTable;
  comment_flags: CommentFlagsTable;
  contact_messages: ContactMessagesTable;
  comment_threads: CommentThreadsTable;
  comments: CommentsTable;
  comment_feedback: CommentFeedbackTable;
  comment_subscriptions: CommentSubscriptionsTable;
  comment_history: CommentHistoryTable;
  recommendations: RecommendationsTable;
  permission_requests: PermissionRequestsTable;
  collection_items: CollectionItemsTable;
  content_copies: ContentCopiesTable;
  content_flags: ContentFlagsTable;
  content_thumbnails: ContentThumbnailsTable;
  thumbnail_presets: ThumbnailPresetsTable;
  content_sections: ContentSectionsTable;
  section_threads: SectionThreadsTable;
  section_comments: SectionCommentsTable;
  edit_locks: EditLocksTable;
  bulk_imports: BulkImportsTable;
  bulk_import_chunks: BulkImportChunksTable;
  bulk_import_rows: BulkImportRowsTable;
  bulk_import_items: BulkImportItemsTable;
  resource_files: ResourceFilesTable;
  curriculum_templates: CurriculumTemplatesTable;
  curriculum_template_sections: CurriculumTemplateSectionsTable;
  curriculum_items: CurriculumItemsTable;
  curriculum_sections: CurriculumSectionsTable;
  identities: IdentitiesTable;
  rate_limits: RateLimitsTable;
  content_changes: ContentChangesTable;
  profiles: ProfilesTable;
  institutions: InstitutionsTable;
  profile_institutions: ProfileInstitutionsTable;
  group_members: GroupMembersTable;
  group_join_requests: GroupJoinRequestsTable;
  content: ContentTable;
  content_former_uids: ContentFormerUidsTable;
  content_grants: ContentGrantsTable;
  attribute_types: AttributeTypesTable;
  attribute_items: AttributeItemsTable;
  content_attributes: ContentAttributesTable;
  content_attribute_others: ContentAttributeOthersTable;
  favorites: FavoritesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  permission_invites: PermissionInvitesTable;
  app_config: AppConfigTable;
  search_types: SearchTypesTable;
  search_terms: SearchTermsTable;
}

export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type Institution = Selectable<InstitutionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type Content = Selectable<ContentTable>;
export type NewContent = Insertable<ContentTable>;
export type ContentUpdate = Updateable<ContentTable>;
export type AttributeItem = Selectable<AttributeItemsTable>;
export type Identity = Selectable<IdentitiesTable>;
export type ContentSection = Selectable<ContentSectionsTable>;
export type EditLock = Selectable<EditLocksTable>;
export type BulkImportRecord = Selectable<BulkImportsTable>;
export type ResourceFile = Selectable<ResourceFilesTable>;
export type CurriculumTemplate = Selectable<CurriculumTemplatesTable>;
export type CurriculumTemplateSection = Selectable<CurriculumTemplateSectionsTable>;
export type ContentThumbnail = Selectable<ContentThumbnailsTable>;
export type ThumbnailPreset = Selectable<ThumbnailPresetsTable>;
export type PermissionRequest = Selectable<PermissionRequestsTable>;
export type CommentThread = Selectable<CommentThreadsTable>;
export type SectionThread = Selectable<SectionThreadsTable>;
export type SectionComment = Selectable<SectionCommentsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type CommentHistoryRow = Selectable<CommentHistoryTable>;
export type FeedPostRow = Selectable<FeedPostsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type NewsItemRow = Selectable<NewsItemsTable>;
export type InterceptorRow = Selectable<InterceptorsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type ThirdPartyAccountRow = Selectable<ThirdPartyAccountsTable>;
export type ZoomMeetingRow = Selectable<ZoomMeetingsTable>;
