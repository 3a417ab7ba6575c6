import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type Express, type RequestHandler } from "express";
import session from "express-session";
import helmet from "helmet";
import type { Logger } from "pino";
import qs from "qs";
import { csrfSync } from "csrf-sync";
import { MESSAGES, UNSPLASH_IMAGES_ORIGIN, isWebAppPage } from "../contract/index.js";
import { DEFAULT_UNSPLASH_API_URL, publicBaseUrl, type ServerConfig } from "./config.js";
import type { Db } from "./db/connection.js";
import { GUEST, loadActor } from "./lib/actor.js";
import { bearerAuthentication } from "./lib/bearerAuth.js";
import { errorHandler, HttpError, notFoundHandler } from "./lib/errors.js";
import { requestLog } from "./lib/requestLog.js";
import { refuseNulText } from "./lib/nulText.js";
import { refuseDeepBodies } from "./lib/bodyDepth.js";
import { DatabaseSessionStore } from "./lib/sessionStore.js";
import { createMailer, type Mailer } from "./mail/transport.js";
import { announcementsRouter } from "./routes/announcements/index.js";
import { carouselsRouter } from "./routes/carousels/index.js";
import { interceptorsRouter } from "./routes/interceptors/index.js";
import { endorsementsRouter } from "./routes/endorsements/index.js";
import { badgesRouter } from "./routes/badges/index.js";
import { attachmentsRouter } from "./routes/attachments/index.js";
import { feedsRouter } from "./routes/feeds/index.js";
import { appRouter } from "./routes/app/index.js";
import { attributesRouter } from "./routes/attributes/index.js";
import { accountRouter } from "./routes/account/index.js";
import { authRouter } from "./routes/auth/index.js";
import { bulkImportRouter } from "./routes/bulkImport/index.js";
import { collectionsRouter } from "./routes/collections/index.js";
import { contactRouter } from "./routes/contact/index.js";
import { shortCodesRouter } from "./routes/shortCodes/index.js";
import { moderationRouter } from "./routes/moderation/index.js";
import { guidedToursRouter } from "./routes/guidedTours/index.js";
import { createRouter } from "./routes/create/index.js";
import { resourcesRouter } from "./routes/resources/index.js";
import { curriculumRouter } from "./routes/curriculum/index.js";
import { uploadsStorage, type FileStorage } from "./storage/fileStorage.js";
import { editorRouter } from "./routes/editor/index.js";
import { editorImagesRouter } from "./routes/editorImages/index.js";
import { contentActionsRouter } from "./routes/contentActions/index.js";
import { permissionsRouter } from "./routes/permissions/index.js";
import { discussionsRouter } from "./routes/discussions/index.js";
import { sectionCommentsRouter } from "./routes/sectionComments/index.js";
import { profilesRouter } from "./routes/profiles/index.js";
import { notificationsRouter } from "./routes/notifications/index.js";
import { tagsRouter } from "./routes/editor/tags.js";
import { EMBED_FRAME_SOURCES } from "./lib/sanitize.js";
import { ssoRouter } from "./routes/auth/sso.js";
import { docsRouter } from "./routes/docs/index.js";
import { exportRouter } from "./routes/export/index.js";
import { thumbnailsRouter } from "./routes/thumbnails/index.js";
import { iconsRouter } from "./routes/icons/index.js";
import { imageSearchRouter } from "./routes/imageSearch/index.js";
import { zoomRouter } from "./routes/zoom/index.js";
import { zoomConfigured } from "./lib/zoom.js";
import { RECAPTCHA_FRAME_SOURCES, RECAPTCHA_SCRIPT_SOURCES, recaptchaConfigured, recaptchaSiteKey } from "./lib/recaptcha.js";
import { i18nRouter } from "./routes/i18n/index.js";
import { favoritesRouter } from "./routes/favorites/index.js";
import { checkoutRouter } from "./routes/checkout/index.js";
import { searchRouter } from "./routes/search/index.js";
import type { CatalogueIndex } from "./search/catalogueIndex.js";
import { CatalogueSearch } from "./search/catalogueSearch.js";

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  logger: Logger;
  sessionSecret: string;
  /** The in-memory search index, or null to search the database directly. */
  index: CatalogueIndex | null;
  /** Told when an import has work to do (this instance's job runner, if it runs one). */
  onImportWork?: () => void;
  /** Where uploaded files go (default: DATA_DIR/uploads). */
  storage?: FileStorage;
  /** Sends the site's mail (default: SMTP_URL, else .eml files in DATA_DIR/outbox). */
  mailer?: Mailer;
}

/** The kinds of request body the API reads: JSON and forms here, multipart uploads in their routes. */
const READ_BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];
const UNSUPPORTED_BODY = "Send the request body as JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data.";

/** The most query parameters a request may carry. */
const QUERY_PARAMETER_LIMIT = 500;
/** The most values one list parameter (f[t][]=...) may carry. */
const QUERY_LIST_LIMIT = 200;

/** The routes that read multipart/form-data (with multer), as routedPath writes them. */
const UPLOAD_PATHS = [/^\/feeds\/attachment$/, /^\/comment\/attachment$/, /^\/resources\/create-fetch$/, /^\/resources\/[^/]+\/source$/, /^\/profiles\/[^/]+\/upload-image$/, /^\/api\/bulk-importer\/[^/]+\/upload$/, /^\/api\/bulk-importer\/imports\/[^/]+\/upload-new-file$/, /^\/[^/]+\/[^/]+\/thumbnail$/, /^\/corefiles\/image$/];
const MULTIPART_ELSEWHERE = "This call reads JSON (application/json) or a form (application/x-www-form-urlencoded), not multipart/form-data.";

/** An Accept-Encoding naming a compression the middleware can give (its own negotiation then honours any q=0). */
const ACCEPTS_COMPRESSION = /\b(?:br|gzip|deflate)\b/i;

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESSION_THRESHOLD = 1024;

/**
 * Which answers are compressed: text ones (compression's own rule: JSON, HTML, JS, CSS, SVG) above the threshold,
 * when the client asks for it, except
 * - files sent as files (a Content-Disposition: exports, uploads, the import sample): they go out byte for byte with
 *   their Content-Length, so a browser shows a download's progress and size, and most are compressed formats anyway;
 * - a Range request: compressing a part of a file would make its Content-Range name bytes the client never gets;
 * - event streams: a compressor holds bytes back until its buffer fills, so events would arrive late.
 */
function shouldCompress(req: express.Request, res: express.Response): boolean {
  if (req.headers.range || res.getHeader("Content-Disposition")) return false;
  if (String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) return false;
  return compression.filter(req, res);
}

/** Paths that belong to the API: never answered by the web app's history fallback. */
// The spec's API families: an unknown path under them is a JSON 404, never the web app's page.
const API_PREFIXES = [
  "/api/",
  "/getInitializeData",
  "/app/",
  "/providers",
  "/profile/",
  "/attributes/",
  "/standards/",
  "/files/",
  "/corefiles/",
  "/curriculum/",
  "/related-content",
  "/quick-info/",
  "/system/",
  "/comment/",
  "/permissions/",
  "/feeds/",
  "/i18n/",
  "/contact/",
  "/update-lock",
  "/notification-settings",
  "/images/unsplash/",
];

/** Guest reads that need no session: GET and HEAD of these paths never write one. */
const SESSIONLESS_READS = new Set(["/api/search"]);

const hasSessionCookie = (req: express.Request) => /(?:^|;\s*)sid=/.test(req.headers.cookie ?? "");
const isSessionlessRead = (req: express.Request) => (req.method === "GET" || req.method === "HEAD") && SESSIONLESS_READS.has(req.path) && !req.headers.authorization && !hasSessionCookie(req);

/** Writes that sign a browser in: forged, they would sign the victim in as the attacker (login CSRF), so they need a token even without a session. */
const SIGN_IN_WRITES = new Set(["/auth", "/auth/register"]);
/** A path as the router matches it: case-insensitive, repeated and trailing slashes ignored (POST /AUTH/ signs in too). */
const routedPath = (path: string) => path.toLowerCase().replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");

/** Builds the Express app (no listening here: see server/index.ts). */
export function createApp({ db, config, logger, sessionSecret, index, onImportWork, storage = uploadsStorage(config.dataDir), mailer }: AppDeps): Express {
  const app = express();
  const mail = {
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "outbox") }, logger),
    baseUrl: (req: express.Request) => publicBaseUrl(config, req.socket.localPort),
  };
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // The screen's bracketed parameters (f[t][]=...) need the extended parser; depth and list size are bounded.
  // Past its limits qs drops the rest silently (a 501st parameter's bad value was answered 200) unless told to throw: refused instead.
  app.set("query parser", (str: string | null | undefined) => {
    // Express passes null for a URL without a query string.
    if (!str) return {};
    try {
      return qs.parse(str, { depth: 3, arrayLimit: QUERY_LIST_LIMIT, parameterLimit: QUERY_PARAMETER_LIMIT, throwOnLimitExceeded: true });
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      const tooMany = err.message.startsWith("Parameter") ? `query parameters (at most ${QUERY_PARAMETER_LIMIT})` : `values in one list parameter (at most ${QUERY_LIST_LIMIT})`;
      throw new HttpError(400, `The request has too many ${tooMany}.`);
    }
  });

  // A stand-in for Unsplash (UNSPLASH_API_URL set to anything but Unsplash's own API: the tests' on 127.0.0.1) serves
  // its photos itself, maybe over http: its origin is allowed beside Unsplash's image host.
  const unsplashStandIn = config.unsplash.apiUrl === DEFAULT_UNSPLASH_API_URL ? [] : [new URL(config.unsplash.apiUrl).origin];
  // The contact form's reCAPTCHA checkbox is Google's script drawing Google's frames: allowed only on a site that has one.
  const captcha = recaptchaConfigured(config.recaptcha);
  app.use(requestLog(logger, { ignore: (url) => !url.startsWith("/") || url.startsWith("/assets/") }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(captcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
          imgSrc: ["'self'", "data:", "https:", ...unsplashStandIn],
          // The image search dialog fetches the chosen photo's bytes to crop them (an <img> alone would taint the
          // cropper's canvas): from Unsplash's image host only.
          connectSrc: ["'self'", UNSPLASH_IMAGES_ORIGIN, ...unsplashStandIn],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", "data:"],
          // A resource that links to an audio or video file elsewhere plays in the resource view dialog.
          mediaSrc: ["'self'", "https:"],
          frameSrc: ["'self'", ...EMBED_FRAME_SOURCES, ...(captcha ? RECAPTCHA_FRAME_SOURCES : [])],
          upgradeInsecureRequests: null,
        },
      },
      // same-origin-allow-popups rather than helmet's same-origin: the Connect to Zoom popup goes through Zoom's pages and
      // back to our callback, whose window message needs the popup's opener kept (same-origin would sever it at the
      // first cross-origin page). Other sites' windows still get no handle on ours.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    }),
  );
  // Before every router and the web app's static files, so API answers and the build's JS and CSS alike are compressed.
  // Only for a client that accepts a compressed answer (every browser does): one that asks for none (a script, a probe,
  // the search benchmark) skips the middleware's per-answer negotiation and wrapping altogether. Its answers carry no
  // Vary: Accept-Encoding, which is safe: an uncompressed answer suits every client a cache could hand it to.
  const compress = compression({ threshold: COMPRESSION_THRESHOLD, filter: shouldCompress });
  app.use((req, res, next) => (ACCEPTS_COMPRESSION.test(req.headers["accept-encoding"] ?? "") ? compress(req, res, next) : next()));
  app.use(express.json({ limit: "1mb" }));
  app.use(express.urlencoded({ extended: true, limit: "1mb" }));
  // Any other kind of body would reach the routes as no body at all ("Username is required." for a sign-in
  // sent as text): refused for what it is. Multipart is let through only to the upload routes (multer reads it
  // there): sent to another route it read as no body (POST /search searched everything, whatever its st said).
  // A chunked body is taken as a body even when it has no bytes.
  app.use((req, _res, next) => {
    // Content-Length: 0 (as fetch sends a bodiless POST) is no body, whatever its type.
    const carriesBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (carriesBody && req.is(READ_BODY_TYPES) === false) throw new HttpError(415, UNSUPPORTED_BODY);
    if (carriesBody && req.is("multipart/form-data") && !UPLOAD_PATHS.some((re) => re.test(routedPath(req.path)))) throw new HttpError(415, MULTIPART_ELSEWHERE);
    next();
  });
  // A NUL in the URL (only ever %00 there) or a parsed body would reach the database, where PostgreSQL fails on it.
  app.use(refuseNulText);
  app.use(refuseDeepBodies);
  // The icon pickers' list and drawings are the package's files, the same for everyone: answered before sessions,
  // so a picker's grid (one request per icon) costs no session lookup per icon.
  app.use(iconsRouter());
  // The localization scripts, likewise the same for everyone.
  app.use(i18nRouter());

  const sessions = session({
    name: "sid",
      store: new DatabaseSessionStore(db),
      secret: sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: "lax", secure: config.secureCookies, path: "/" },
  });
  // A guest's read of a path that never writes a session (no session cookie, no bearer token) skips
  // express-session, which would make a session per request (an id, a cookie and a hash: a tenth of a
  // guest search's time) only to drop it unsaved.
  app.use((req, res, next) => {
    if (isSessionlessRead(req)) {
      req.actor = GUEST;
      return next();
    }
    sessions(req, res, next);
  });

  // The desktop app signs in with a bearer token (docs/desktop.md); it takes the place of the session's profile.
  app.use(bearerAuthentication(db, config.ssoProviders));
  const loadRequestActor: RequestHandler = async (req, _res, next) => {
    if (req.session && !req.bearerAuthenticated) req.actor = await loadActor(db, req.session.profileId);
    next();
  };
  app.use(loadRequestActor);

  const { csrfSynchronisedProtection, generateToken } = csrfSync({
    getTokenFromRequest: (req) => req.get("x-csrf-token") ?? (typeof req.body?._token === "string" ? req.body._token : undefined),
    errorConfig: { statusCode: 403, message: MESSAGES.csrf, code: "EBADCSRFTOKEN" },
  });
  // CSRF guards cookie-authenticated writes; a bearer token is not sent by browsers on their own, so it needs none.
  // Nor does a request with no session cookie (other than signing in): it has no one's authority to borrow and
  // runs as a guest, so a guest's write gets the route's own answer (401 "sign in") rather than "session expired".
  const csrfNeeded = (req: express.Request) => !req.bearerAuthenticated && (hasSessionCookie(req) || SIGN_IN_WRITES.has(routedPath(req.path)));
  app.use((req, res, next) => (csrfNeeded(req) ? csrfSynchronisedProtection(req, res, next) : next()));

  app.use(appRouter(db, (req) => generateToken(req as express.Request), { imageSearch: config.unsplash.accessKey !== null, zoomMeetings: zoomConfigured(config.zoom), recaptchaSiteKey: recaptchaSiteKey(config.recaptcha) }));
  app.use(authRouter(db, { rateLimit: config.authRateLimit, ssoProviders: config.ssoProviders, mail }));
  app.use(ssoRouter(db, config));
  app.use(accountRouter(db, { rateLimit: config.authRateLimit, ssoProviders: config.ssoProviders, mail }));
  app.use(searchRouter(db, new CatalogueSearch(db, index, logger)));
  app.use(contactRouter(db, { rateLimit: config.authRateLimit, recaptcha: config.recaptcha }));
  app.use(moderationRouter(db, storage, mail));
  app.use(announcementsRouter(db));
  app.use(carouselsRouter(db));
  app.use(interceptorsRouter(db));
  app.use(guidedToursRouter(db));
  app.use(endorsementsRouter(db));
  app.use(badgesRouter(db));
  app.use(favoritesRouter(db));
  app.use(attributesRouter(db));
  app.use(createRouter(db));
  app.use(collectionsRouter(db));
  app.use(bulkImportRouter(db, { maxFileBytes: config.imports.maxFileBytes, onWork: () => onImportWork?.() }));
  app.use(resourcesRouter(db, storage));
  app.use(curriculumRouter(db));
  app.use(editorRouter(db));
  app.use(editorImagesRouter(db, storage));
  app.use(shortCodesRouter());
  app.use(imageSearchRouter(config.unsplash));
  app.use(zoomRouter(db, config));
  app.use(tagsRouter(db));
  app.use(contentActionsRouter(db, storage, mail, { recommendRateLimit: config.recommendRateLimit }));
  app.use(permissionsRouter(db, storage, mail));
  app.use(checkoutRouter(db, config.webDir));
  app.use(discussionsRouter(db, storage, mail));
  app.use(sectionCommentsRouter(db));
  app.use(profilesRouter(db, storage));
  app.use(notificationsRouter(db));
  app.use(feedsRouter(db, storage, mail));
  app.use(attachmentsRouter(db, storage));
  app.use(thumbnailsRouter(db, storage));
  app.use(exportRouter(db, storage, config.chromiumPath, mail.baseUrl));
  app.use(docsRouter());

  app.use(API_PREFIXES, notFoundHandler);
  serveWebApp(app, config.webDir);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

/** Whether a path's %-escapes decode. */
function decodes(urlPath: string): boolean {
  try {
    decodeURIComponent(urlPath);
    return true;
  } catch {
    return false;
  }
}

/** Serves the built web app, with the history fallback for its client-side routes (404 for a path it has no page at). */
function serveWebApp(app: Express, webDir: string): void {
  const index = path.join(webDir, "index.html");
  const files = { index: false, maxAge: "1h", setHeaders: (res: ServerResponse, file: string) => file.includes(`${path.sep}assets${path.sep}`) && res.setHeader("Cache-Control", "public, max-age=31536000, immutable") } as const;
  // The build's compressed copies of its scripts and styles (name.br, name.gz: renderer/vite.config.ts) go out as they are,
  // to a client that accepts them (Vary: Accept-Encoding); the compression middleware leaves an encoded answer alone.
  // Only the build's assets have copies. A byte range is of the file itself, as the compression middleware keeps it. A
  // path that does not decode goes on to the app's "Page not found" (express-static-gzip would answer it 400 "URI malformed").
  const precompressed = expressStaticGzip(webDir, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic: files });
  const asTheyAre = express.static(webDir, files);
  app.use((req, res, next) => (req.path.startsWith("/assets/") && !req.headers.range && decodes(req.path) ? precompressed : asTheyAre)(req, res, next));
  app.get(/.*/, (req, res, next) => {
    if (!req.accepts("html") || !fs.existsSync(index)) return next();
    res.setHeader("Cache-Control", "no-cache");
    // The app still answers (it shows its "Page not found"), but the status says the page is missing.
    res.status(isWebAppPage(req.path) ? 200 : 404).sendFile(index);
  });
}
