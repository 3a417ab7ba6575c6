import { z } from "zod";

/** Every model key a content object can carry (first document, section 3). */
export const MODEL_KEYS = [
  "user",
  "attribute_item",
  "profile",
  "resource",
  "cms_page",
  "lesson_plan",
  "collection",
  "outline",
  "project",
  "pathway",
] as const;
export const ModelKey = z.enum(MODEL_KEYS);
export type ModelKey = z.infer<typeof ModelKey>;

/** Largest id the databases' integer columns hold: a larger one names nothing (PostgreSQL refuses to compare it). */
export const MAX_ID = 2147483647;

/** The answer of every failed call: a message, and field errors where they apply. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Message texts quoted from the specification. */
export const MESSAGES = {
  genericLoad: "Oops! Something went wrong, try again after sometime",
  unexpected: "Oops! An unexpected error has occurred. Please refresh your browser and try again.",
  systemError: "An unexpected error occurred while processing your request.  Please wait a moment and try again.",
  noResults: "No results found.",
  /** A multiselect's search that found nothing, and one that holds its most (first document section 8). */
  noElements: "No elements found. Consider changing the search query.",
  maxSelected: (n: number) => `Maximum of ${n} options selected. First remove a selected option to select another.`,
  minChars: (n: number) => `Please enter at least ${n} characters to search.`,
  usernameRequired: "Username is required.",
  passwordRequired: "Password is required.",
  badCredentials: "Invalid username or password.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  signInRequired: "You must be signed in to do that.",
  forbidden: "You do not have permission to do that.",
  notFound: "Not found.",
  csrf: "Your session has expired. Please refresh the page and try again.",
  forgotSent: "If an account exists for that address, we have sent instructions to reset the password.",
} as const;

/**
 * A record's id sent as a number or a string of digits (a form field, a query parameter), refused with `message` when it is
 * anything else: true, a list or a nested list were read as 1 by a plain coercion.
 */
export const positiveId = (message: string) => z.preprocess(digitsAsNumber, z.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

/**
 * A number sent as a number or as a string of its plain digits (a sign and a decimal point allowed, so -1 and 2.5 get
 * their own messages); anything else (a form field, a query parameter) is left as it is for the schema to refuse. z.coerce.number read true as 1, [5] as 5, "0x6" and "6e0" as 6, and " 6 " as 6.
 */
export function digitsAsNumber(v: unknown): unknown {
  return typeof v === "string" && /^-?\d{1,15}(\.\d{1,15})?$/.test(v) ? Number(v) : v;
}

/** A query parameter sent empty means its default; otherwise a number or its digits, as digitsAsNumber. */
export const emptyOrDigits = (v: unknown): unknown => digitsAsNumber(emptyAsUnset(v));

/** A query parameter sent empty (`page=`) means its default, as if it were left out. */
export const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

/**
 * A checkbox's value: "1", 1, "true", true, "on", "yes" are true; "0", 0, "false", false, "off", "no", "" and none are false.
 * Anything else is refused with a message naming the field (it was read as false). A repeated form field counts by its last value.
 */
export const flag = (name: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v[v.length - 1] : v),
    z
      .union([z.boolean(), z.literal(0), z.literal(1), z.null(), z.enum(["", "0", "1", "true", "false", "on", "off", "yes", "no"])], { error: `${name} must be 1 or 0 (true or false).` })
      .optional()
      .transform((v) => v === true || v === 1 || v === "1" || v === "true" || v === "on" || v === "yes"),
  );

/** What refuses a list's page parameter `name` that is not a whole number from 1. */
export const listPageMessage = (name: string): string => `${name} must be a whole number from 1.`;
/** The page parameter `name` of a paged list (a buyer's or the staff's orders, a group's people), from 1 (default 1); anything else is refused with listPageMessage. */
export const listPageOf = (name: string) => {
  const message = listPageMessage(name);
  return z.preprocess(digitsAsNumber, z.number({ error: message }).int(message).min(1, message).max(100_000, message).default(1));
};
export const LIST_PAGE_MESSAGE = listPageMessage("page");
export const listPage = listPageOf("page");
