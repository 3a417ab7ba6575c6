import type { ErrorRequestHandler, RequestHandler } from "express";
import { NoResultError } from "kysely";
import type { Logger } from "pino";
import { MESSAGES } from "../../contract/index.js";
import { isForeignKeyViolation } from "../db/connection.js";

/** An error with an HTTP status and a message that is safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** A numeric code the client acts on (Zoom's 1005: connect again), sent beside the message. */
    readonly code?: number,
  ) {
    super(message);
  }
}

/** JSON 404 for API paths nothing answered. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: MESSAGES.notFound });
};

/** Turns any error into a JSON answer; only HttpErrors (and body-parser's 4xx) reveal their message. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof HttpError) {
      res.status(err.status).json({ message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...(err.code !== undefined ? { code: err.code } : {}) });
      return;
    }
    const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: clientErrorMessage(err) });
      return;
    }
    // A row the request found was deleted before it wrote beside it or read it again: answered as the request would be
    // a moment later, not found. Logged (as a warning) in case one ever comes of something other than such a race.
    if (isForeignKeyViolation(err) || err instanceof NoResultError) {
      logger.warn({ err, method: req.method, url: req.originalUrl }, "row deleted meanwhile");
      res.status(404).json({ message: MESSAGES.notFound });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, "unhandled error");
    res.status(500).json({ message: MESSAGES.systemError });
  };
}

/** Body-parser's refusals in words (its own texts name internals: "incorrect header check", "unsupported charset"). */
const BODY_ERRORS: Record<string, string> = {
  "entity.parse.failed": "The request body is not valid JSON.",
  "entity.too.large": "The request body is too large.",
  "charset.unsupported": "The request body's charset is not supported: send UTF-8.",
  "encoding.unsupported": "The request body's Content-Encoding is not supported: send it as is, or gzip, deflate or br.",
  "request.size.invalid": "The request body is shorter or longer than its Content-Length.",
  "request.aborted": "The request was aborted before its body arrived.",
};

/** What a 4xx that is not an HttpError tells the client: the known kinds in words, else only "Bad request.". */
function clientErrorMessage(err: { type?: unknown; code?: unknown; expose?: unknown; message?: unknown }): string {
  if (typeof err.type === "string" && BODY_ERRORS[err.type]) return BODY_ERRORS[err.type]!;
  // zlib's errors (Z_DATA_ERROR, ...) while inflating a gzip or deflate body.
  if (typeof err.code === "string" && err.code.startsWith("Z_")) return "The request body could not be decompressed.";
  return err.expose === true && typeof err.message === "string" && !err.type ? err.message : "Bad request.";
}
