import type { z } from "zod";
import { HttpError } from "./errors.js";

/** Parses input with a contract schema; failures become a 422 with the first message and field errors. */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  throw new HttpError(422, result.error.issues[0]?.message ?? "Invalid request.", errors);
}
