import type { RequestHandler } from "express";
import type { Logger } from "pino";

/**
 * A URL as logged: the query values that are secrets are left out, so log readers cannot use them: `token` (a
 * password reset link's), `code` and `state` (an OAuth callback's: Zoom's code is exchanged for a profile's tokens
 * with the site's client secret alone, no PKCE verifier).
 */
export const loggedUrl = (url: string): string => url.replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]");

/**
 * One log line per request when it ends: method, URL, remote address, status and time taken, never headers
 * (so no cookies or bearer tokens). `req.log` is the server's logger. pino-http did the same with a child
 * logger per request, whose bindings were built and serialized on every request whether or not a line was
 * written: about 40 µs, a sixth of a cached search. Here a line is only built when its level is on (errored
 * requests at error, aborted ones and 503s at warn, the rest at info).
 */
export function requestLog(logger: Logger, options: { ignore: (url: string) => boolean }): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    req.log = logger;
    if (logger.isLevelEnabled("error") && !options.ignore(req.url)) {
      const id = ++lastId;
      const start = performance.now();
      res.once("close", () => {
        const aborted = !res.writableFinished;
        // 503 answers a service this site has not set up (Zoom, Unsplash): the operator's choice, so a warning.
        const unavailable = !aborted && res.statusCode === 503;
        const level = aborted || unavailable ? "warn" : res.statusCode >= 500 ? "error" : "info";
        if (!logger.isLevelEnabled(level)) return;
        const line = {
          req: { id, method: req.method, url: loggedUrl(req.originalUrl), remoteAddress: req.socket?.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - start),
        };
        logger[level](line, aborted ? "request aborted" : unavailable ? "request unavailable" : level === "error" ? "request errored" : "request completed");
      });
    }
    next();
  };
}
