import type { z } from "zod";
import { HttpError } from "./errors.js";

/** The answer to text holding U+0000: PostgreSQL cannot store it in a text column (SQLite would), so both refuse it up front. */
export const NUL_TEXT_MESSAGE = "The request may not contain NUL characters (\\u0000).";

/** Whether a parsed body, query or any value within it holds U+0000 in a string or a key. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (value === null || typeof value !== "object" || depth > 32) return false;
  for (const [key, inner] of Object.entries(value)) if (key.includes("\0") || containsNul(inner, depth + 1)) return true;
  return false;
}

/** What a field is called in messages and field errors, from its path in the parsed input. */
export type FieldNamer = (path: readonly PropertyKey[]) => string;

/** By default a field error's key is its path (`items.0.title`), and a message names the field by its last name (`title`). */
const byPath: FieldNamer = (path) => path.map(String).join(".");
const byLastName: FieldNamer = (path) => [...path].reverse().find((p): p is string => typeof p === "string") ?? "The request";

/**
 * Parses input with a contract schema; failures become a 422 with the first message and field errors.
 * `nameOf`: what the client calls a field, when the schema parses a normalized shape of what it sent.
 */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown, nameOf?: FieldNamer): z.output<S> {
  const result = schema.safeParse(input, { error: (issue) => plainMessage(issue, nameOf ?? byLastName) });
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? (nameOf ?? byPath)(issue.path) : "_";
    // One message per field once: a value failing two checks worded alike (1e20: not a safe integer, too large) said it twice.
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  throw new HttpError(422, result.error.issues[0]?.message ?? "Invalid request.", errors);
}

const KINDS: Record<string, string> = { string: "text", number: "a number", int: "a whole number", boolean: "true or false", array: "a list", object: "an object", date: "a date" };

/**
 * A message in words for the issues a contract schema gives no message of its own (those it does keep theirs):
 * "value must be true or false." rather than zod's "Invalid input: expected boolean, received string".
 */
export function plainMessage(issue: z.core.$ZodRawIssue, nameOf: FieldNamer = byLastName): string | undefined {
  const field = issue.path?.length ? nameOf(issue.path) : "The request";
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return `${field} is required.`;
      const kind = issue.expected === "number" && typeof issue.input === "number" && Number.isNaN(issue.input) ? "a number" : (KINDS[issue.expected] ?? issue.expected);
      return `${field} must be ${kind}.`;
    }
    case "too_small":
    case "too_big": {
      const least = issue.code === "too_small";
      // An exclusive bound (zod's positive(), gt(), lt()) is named as one: "more than 0", where "at least 0" would refuse 0 with a message that allows it.
      const exclusive = issue.inclusive === false;
      const bound = `${least ? (exclusive ? "more than" : "at least") : exclusive ? "less than" : "at most"} ${String(least ? issue.minimum : issue.maximum)}`;
      if (issue.origin === "string") return least && Number(issue.minimum) === 1 ? `${field} is required.` : `${field} must be ${bound} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} must have ${bound} items.`;
      return `${field} must be ${bound}.`;
    }
    case "invalid_value":
      return `${field} must be one of: ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      return `${field} is not a valid ${issue.format === "regex" ? "value" : issue.format}.`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`;
    default:
      return `${field} is not valid.`;
  }
}
