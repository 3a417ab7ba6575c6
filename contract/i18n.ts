import { ACCOUNT_MESSAGES } from "./account.js";
import { ANNOUNCEMENT_MANAGE_TEXTS, ANNOUNCEMENT_TEXTS } from "./announcements.js";
import { ATTACHMENT_MESSAGES } from "./attachments.js";
import { ATTRIBUTE_MESSAGES } from "./attributes.js";
import { PASSWORD_MESSAGES, REGISTER_MESSAGES, RESET_MESSAGES } from "./auth.js";
import { BADGE_MESSAGES } from "./badges.js";
import { BULK_IMPORT_MESSAGES } from "./bulkImport.js";
import { CAROUSEL_TEXTS, FEATURED_MESSAGES, NEWS_MESSAGES } from "./carousels.js";
import { CHECKOUT_TEXTS } from "./checkout.js";
import { COLLECTION_MESSAGES } from "./collections.js";
import { MESSAGES } from "./common.js";
import { CONTACT_MESSAGES, CONTACT_STAFF_MESSAGES } from "./contact.js";
import { CONTENT_ACTION_MESSAGES } from "./contentActions.js";
import { CREATE_MESSAGES } from "./create.js";
import { CURRICULUM_MESSAGES } from "./curriculum.js";
import { SIGN_OUT_MESSAGES } from "./desktop.js";
import { DISCUSSION_MESSAGES } from "./discussions.js";
import { EDITOR_MESSAGES } from "./editor.js";
import { EDITOR_IMAGE_MESSAGES } from "./editorImages.js";
import { ENDORSEMENT_MESSAGES } from "./endorsements.js";
import { EXPORT_MESSAGES } from "./export.js";
import { FAVORITE_MESSAGES } from "./favorites.js";
import { FEED_MESSAGES, GROUP_JOIN_REQUEST_MESSAGES, GROUP_MEMBER_MESSAGES } from "./feeds.js";
import { TOUR_MESSAGES } from "./guidedTours.js";
import { ICON_MESSAGES } from "./icons.js";
import { IMAGE_SEARCH_MESSAGES } from "./imageSearch.js";
import { INTERCEPTOR_TEXTS } from "./interceptors.js";
import { MODERATION_MESSAGES } from "./moderation.js";
import { NOTIFICATION_MESSAGES } from "./notifications.js";
import { PAGE_BLOCK_MESSAGES } from "./pageBlocks.js";
import { PERMISSION_MESSAGES, RECOMMEND_MESSAGES } from "./permissions.js";
import { PROFILE_AUTOCOMPLETE_MESSAGES, PROFILE_MESSAGES } from "./profiles.js";
import { RESOURCE_MESSAGES } from "./resource.js";
import { SECTION_COMMENT_MESSAGES } from "./sectionComments.js";
import { SHORT_CODE_MESSAGES } from "./shortCodes.js";
import { TAGGING_MESSAGES } from "./tagging.js";
import { THUMBNAIL_MESSAGES } from "./thumbnail.js";
import { ZOOM_MESSAGES } from "./zoom.js";

/**
 * GET /i18n/{group}/{locale-or-key}/{nonce}.js (first document's calls: "localization scripts"): the site's texts as a
 * script, for a page outside the web app (which has them built in). Our reading of what the spec names without
 * describing: {group} is one of the catalogues below; the second segment is one key of that group (the script sets only
 * that text) or a locale (en, en-US, pt_BR: the whole group; this site's texts are English, which every locale gets, as
 * its fallback); {nonce} only tells one version from the next, so the script is cached for a year. A text that takes
 * values (a function here) is left out. The script sets `globalThis.i18n[group][key]`.
 */
export const I18N_GROUPS = {
  messages: MESSAGES,
  account: ACCOUNT_MESSAGES,
  announcements: ANNOUNCEMENT_TEXTS,
  "announcement-management": ANNOUNCEMENT_MANAGE_TEXTS,
  attachments: ATTACHMENT_MESSAGES,
  attributes: ATTRIBUTE_MESSAGES,
  badges: BADGE_MESSAGES,
  "bulk-import": BULK_IMPORT_MESSAGES,
  carousels: CAROUSEL_TEXTS,
  checkout: CHECKOUT_TEXTS,
  collections: COLLECTION_MESSAGES,
  contact: CONTACT_MESSAGES,
  "contact-staff": CONTACT_STAFF_MESSAGES,
  "content-actions": CONTENT_ACTION_MESSAGES,
  create: CREATE_MESSAGES,
  curriculum: CURRICULUM_MESSAGES,
  discussions: DISCUSSION_MESSAGES,
  editor: EDITOR_MESSAGES,
  "editor-images": EDITOR_IMAGE_MESSAGES,
  endorsements: ENDORSEMENT_MESSAGES,
  export: EXPORT_MESSAGES,
  favorites: FAVORITE_MESSAGES,
  featured: FEATURED_MESSAGES,
  feeds: FEED_MESSAGES,
  "group-join-requests": GROUP_JOIN_REQUEST_MESSAGES,
  "group-members": GROUP_MEMBER_MESSAGES,
  icons: ICON_MESSAGES,
  "image-search": IMAGE_SEARCH_MESSAGES,
  interceptors: INTERCEPTOR_TEXTS,
  moderation: MODERATION_MESSAGES,
  news: NEWS_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  "page-blocks": PAGE_BLOCK_MESSAGES,
  password: PASSWORD_MESSAGES,
  permissions: PERMISSION_MESSAGES,
  "profile-autocomplete": PROFILE_AUTOCOMPLETE_MESSAGES,
  profiles: PROFILE_MESSAGES,
  recommend: RECOMMEND_MESSAGES,
  register: REGISTER_MESSAGES,
  reset: RESET_MESSAGES,
  resources: RESOURCE_MESSAGES,
  "section-comments": SECTION_COMMENT_MESSAGES,
  "short-codes": SHORT_CODE_MESSAGES,
  "sign-out": SIGN_OUT_MESSAGES,
  tagging: TAGGING_MESSAGES,
  thumbnail: THUMBNAIL_MESSAGES,
  tours: TOUR_MESSAGES,
  zoom: ZOOM_MESSAGES,
} as const satisfies Record<string, Record<string, unknown>>;
export type I18nGroup = keyof typeof I18N_GROUPS;

/** A locale tag: a language and optional subtags, joined by - or _ (en, en-US, zh-Hant-TW, pt_BR). */
export const I18N_LOCALE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

/** The nonce file name: letters, digits, dots, dashes or underscores, then .js. */
export const I18N_SCRIPT_FILE = /^[A-Za-z0-9._-]{1,64}\.js$/;

export const I18N_MESSAGES = { notFound: "No such localization script." } as const;

/** A group's plain texts (those that take values are left out). */
export function i18nTexts(group: I18nGroup): Record<string, string> {
  return Object.fromEntries(Object.entries(I18N_GROUPS[group]).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
