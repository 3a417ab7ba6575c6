import type { RequestHandler } from "express";
import { HttpError } from "./errors.js";

/** How deeply a request body may nest objects and lists: the API's deepest payload is a few levels, so this leaves room. */
export const MAX_BODY_DEPTH = 32;
export const DEEP_BODY_MESSAGE = `The request body may nest objects and lists at most ${MAX_BODY_DEPTH} levels deep.`;

/** Whether a parsed body nests deeper than the limit (walked without recursion, so no body can overflow the stack here). */
export function nestsTooDeep(value: unknown, limit = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= limit) return true;
    for (const inner of Object.values(v)) if (inner !== null && typeof inner === "object") stack.push([inner, depth + 1]);
  }
  return false;
}

/**
 * Refuses a body nested past the limit with a 400. Code that reads a body's values recursively (the search's
 * list parameters, a zod schema) overflowed the stack on one nested thousands deep: a 500 for a client's input.
 */
export const refuseDeepBodies: RequestHandler = (req, _res, next) => {
  if (nestsTooDeep(req.body)) throw new HttpError(400, DEEP_BODY_MESSAGE);
  next();
};
