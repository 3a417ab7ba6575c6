import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { MESSAGES } from "../../contract/index.js";

/** An error with an HTTP status and a message that is safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
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
      res.status(err.status).json({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
      return;
    }
    const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        err.type === "entity.parse.failed"
          ? "The request body is not valid JSON."
          : err.type === "entity.too.large"
            ? "The request body is too large."
            : err.expose === true && typeof err.message === "string" && !err.type
              ? err.message
              : "Bad request.";
      res.status(status).json({ message });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, "unhandled error");
    res.status(500).json({ message: MESSAGES.systemError });
  };
}
