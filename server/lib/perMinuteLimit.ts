import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { DatabaseRateLimitStore } from "./rateLimitStore.js";

/**
 * At most `limit` requests per client address and minute, counted in the database under `prefix` so every instance
 * shares the count. `skipSuccessfulRequests` gives a successful request back (only failures use the allowance up).
 * Past the limit: 429 with the spec's words, as `message` and as the login form's `errors[]`.
 */
export function perMinuteLimit(db: Db, prefix: string, limit: number, skipSuccessfulRequests = false): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    store: new DatabaseRateLimitStore(db, prefix),
    skipSuccessfulRequests,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message: MESSAGES.tooManyAttempts, errors: [MESSAGES.tooManyAttempts] });
    },
  });
}
