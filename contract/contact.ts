import { z } from "zod";
import { emptyAsUnset, emptyOrDigits, positiveId } from "./common.js";

/** The contact form's texts (second document, sections 5 and 8; the hint, thank-you, size and captcha-service texts are ours). */
export const CONTACT_MESSAGES = {
  nameRequired: "Please provide your name",
  emailRequired: "Please provide your email address",
  emailInvalid: "The provided email address is invalid",
  messageRequired: "The message cannot be empty",
  hint: "When reporting a problem or making a special request, please give as much detail as you can.",
  nameTooLong: "Your name may be at most 255 characters.",
  emailTooLong: "The email address may be at most 255 characters.",
  messageTooLong: "The message may be at most 5000 characters.",
  screenshotInvalid: "The screenshot must be a JPEG image.",
  screenshotTooLarge: "The screenshot is too large to send. Untick it and try again.",
  /** The generic validators' captcha message (second document, section 5): no token, or one the check refused. */
  captchaRequired: "Please click the above box to assure us you are not a robot.",
  captchaUnavailable: "The robot check is not available right now, so your message was not sent. Please try again in a few minutes.",
  captchaLoadFailed: "The robot check could not be loaded. Check your connection, then close this dialog and open it again.",
  thanksLead: "Thank you!",
  thanks: "Your message has been sent. We will get back to you soon.",
} as const;

/** Longest message, and longest screenshot as a data URL (about 500 KB of JPEG, within the 1 MB request limit). */
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_SCREENSHOT_MAX_CHARS = 700_000;

const JPEG_DATA_URL = /^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/;

/** A required text field: its required message when missing or blank, `name must be text.` for another type. */
const requiredText = (required: string, name: string, max: number, tooLong: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${name} must be text.`) })
    .trim()
    .min(1, required)
    .max(max, tooLong);

/**
 * POST /contact/send (second document: name, email, message, screenshot, recaptcha token). The screenshot is the page
 * as a JPEG data URL; `page` is the address it was sent from. `recaptcha_token` is the reCAPTCHA checkbox's answer:
 * required and checked with Google only when the site has reCAPTCHA keys (GET /app/config's `recaptcha_site_key` is
 * then set; see ContactRequestWithCaptcha); without them the form shows no captcha and a token is accepted and not checked.
 */
export const ContactRequest = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, "Name", 255, CONTACT_MESSAGES.nameTooLong),
  email: requiredText(CONTACT_MESSAGES.emailRequired, "Email", 255, CONTACT_MESSAGES.emailTooLong).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  message: requiredText(CONTACT_MESSAGES.messageRequired, "Message", CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageTooLong),
  screenshot: z.preprocess(
    (v) => (v === null ? undefined : emptyAsUnset(v)),
    z.string({ error: CONTACT_MESSAGES.screenshotInvalid }).max(CONTACT_SCREENSHOT_MAX_CHARS, CONTACT_MESSAGES.screenshotTooLarge).regex(JPEG_DATA_URL, CONTACT_MESSAGES.screenshotInvalid).optional(),
  ),
  page: z.string().max(2000).optional(),
  recaptcha_token: z.string().max(4000).optional(),
});
export type ContactRequest = z.input<typeof ContactRequest>;

/** POST /contact/send on a site with a reCAPTCHA site key: the same form, with the captcha's token required. */
export const ContactRequestWithCaptcha = ContactRequest.extend({
  recaptcha_token: z.string({ error: CONTACT_MESSAGES.captchaRequired }).trim().min(1, CONTACT_MESSAGES.captchaRequired).max(4000, CONTACT_MESSAGES.captchaRequired),
});

/** POST /contact/send's answer (the form reads `success`). */
export const ContactResponse = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;

/** Where a contact message stands: open until someone of the staff marks it handled (and back to open). */
export const CONTACT_MESSAGE_STATUSES = ["open", "handled"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** The staff's texts for marking messages handled (ours). */
export const CONTACT_STAFF_MESSAGES = {
  statusInvalid: 'status must be "open" or "handled".',
  idInvalid: "The message's id must be a whole number from 1.",
  handled: "The message was marked handled.",
  reopened: "The message was marked open again.",
} as const;

/** GET /contact/messages?status=open|handled&page=N: the messages sent with one status, newest first, for administrators and moderators. */
export const ContactMessagesQuery = z.object({
  status: z.preprocess(emptyAsUnset, z.enum(CONTACT_MESSAGE_STATUSES, { error: CONTACT_STAFF_MESSAGES.statusInvalid }).default("open")),
  page: z.preprocess(emptyOrDigits, z.number().int().min(1, "page must be 1 or more.").max(10000, "page may be at most 10000.").default(1)),
});

export const ContactMessageView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The sender's profile when they were signed in. */
  profile: z.object({ profile_id: z.number(), name: z.string() }).nullable(),
  page: z.string().nullable(),
  has_screenshot: z.boolean(),
  created_at: z.string(),
  status: z.enum(CONTACT_MESSAGE_STATUSES).default("open"),
  /** Who marked it handled and when (by: null once that profile is gone); null while it is open, and when absent (a server from before it). */
  handled: z.object({ at: z.string(), by: z.object({ profile_id: z.number(), name: z.string() }).nullable() }).nullable().default(null),
});
export type ContactMessageView = z.infer<typeof ContactMessageView>;

/** Messages per page of GET /contact/messages. */
export const CONTACT_MESSAGES_PER_PAGE = 20;

export const ContactMessagesResponse = z.object({ data: z.array(ContactMessageView), total: z.number() });
export type ContactMessagesResponse = z.infer<typeof ContactMessagesResponse>;

/** The path of POST /contact/messages/{id}. */
export const ContactMessageParams = z.object({ id: positiveId(CONTACT_STAFF_MESSAGES.idInvalid) });

/** POST /contact/messages/{id}: mark a message handled, or open again. */
export const ContactMessageUpdate = z.object({ status: z.enum(CONTACT_MESSAGE_STATUSES, { error: CONTACT_STAFF_MESSAGES.statusInvalid }) });
export type ContactMessageUpdate = z.infer<typeof ContactMessageUpdate>;

export const ContactMessageUpdateResponse = z.object({ status: z.literal("success"), message: z.string(), contact_message: ContactMessageView });
export type ContactMessageUpdateResponse = z.infer<typeof ContactMessageUpdateResponse>;
