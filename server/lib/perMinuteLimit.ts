import type { Request, RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { DatabaseRateLimitStore } from "./rateLimitStore.js";

/** How a limit counts and answers, beyond its default (per client address, the spec's "Too many attempts"). */
export interface LimitOptions {
  /** Only failures use the allowance up: a successful request is given back. */
  skipSuccessfulRequests?: boolean;
  /** Whose allowance a request uses (default: its client address); called after authentication, so it may name the actor. */
  key?: (req: Request) => string;
  /** The 429's message. */
  message?: string;
}

/**
 * At most `limit` requests per minute, per client address unless `key` says whose, counted in the database under
 * `prefix` so every instance shares the count. Past the limit: 429 with the message (the spec's words by default), as
 * `message` and as the login form's `errors[]`.
 */
export function perMinuteLimit(db: Db, prefix: string, limit: number, options: LimitOptions = {}): RequestHandler {
  const { skipSuccessfulRequests = false, key, message = MESSAGES.tooManyAttempts } = options;
  return rateLimit({
    windowMs: 60_000,
    limit,
    store: new DatabaseRateLimitStore(db, prefix),
    skipSuccessfulRequests,
    ...(key ? { keyGenerator: key } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message, errors: [message] });
    },
  });
}
