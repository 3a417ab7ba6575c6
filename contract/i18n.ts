import { ACCOUNT_MESSAGES } from "./account.js";
import { ANNOUNCEMENT_TEXTS } from "./announcements.js";
import { ATTACHMENT_MESSAGES } from "./attachments.js";
import { BULK_IMPORT_MESSAGES } from "./bulkImport.js";
import { CHECKOUT_TEXTS } from "./checkout.js";
import { COLLECTION_MESSAGES } from "./collections.js";
import { MESSAGES } from "./common.js";
import { CONTACT_MESSAGES } from "./contact.js";
import { CONTENT_ACTION_MESSAGES } from "./contentActions.js";
import { DISCUSSION_MESSAGES } from "./discussions.js";
import { FEED_MESSAGES } from "./feeds.js";
import { NOTIFICATION_MESSAGES } from "./notifications.js";
import { PERMISSION_MESSAGES, RECOMMEND_MESSAGES } from "./permissions.js";
import { PROFILE_MESSAGES } from "./profiles.js";
import { RESOURCE_MESSAGES } from "./resource.js";

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
  attachments: ATTACHMENT_MESSAGES,
  "bulk-import": BULK_IMPORT_MESSAGES,
  checkout: CHECKOUT_TEXTS,
  collections: COLLECTION_MESSAGES,
  contact: CONTACT_MESSAGES,
  "content-actions": CONTENT_ACTION_MESSAGES,
  discussions: DISCUSSION_MESSAGES,
  feeds: FEED_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  permissions: PERMISSION_MESSAGES,
  profiles: PROFILE_MESSAGES,
  recommend: RECOMMEND_MESSAGES,
  resources: RESOURCE_MESSAGES,
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
