import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** One single sign-on provider (an OpenID Connect issuer where this server is a registered client). */
export const SsoProviderConfig = z.object({
  key: z.string().regex(/^[a-z0-9_-]+$/i, "SSO provider keys may contain only letters, digits, '-' and '_'"),
  label: z.string().min(1),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  image: z.string().nullish(),
  /** A public native client (no secret, loopback redirect) registered at the same issuer for the desktop app. */
  desktopClientId: z.string().min(1).optional(),
});
export type SsoProviderConfig = z.infer<typeof SsoProviderConfig>;

/** Parses SSO_PROVIDERS (a JSON array); a malformed value stops the start rather than hiding the providers. */
function parseSsoProviders(value: string | undefined): SsoProviderConfig[] {
  if (!value?.trim()) return [];
  const parsed = z.array(SsoProviderConfig).safeParse(JSON.parse(value));
  if (!parsed.success) throw new Error(`SSO_PROVIDERS is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const keys = parsed.data.map((p) => p.key);
  if (new Set(keys).size !== keys.length) throw new Error("SSO_PROVIDERS has duplicate keys");
  return parsed.data;
}

/** Server configuration, read once from the environment with defaults that run out of the box. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  secureCookies: boolean;
  authRateLimit: number;
  /** Recommendations one profile may send per minute (RECOMMEND_RATE_LIMIT). */
  recommendRateLimit: number;
  webDir: string;
  seedDemo: boolean;
  /**
   * The scrypt cost of the demo accounts' password hashes (DEMO_PASSWORD_COST, "N,r,p"); null (unset) hashes them as
   * every account is, at the production cost. A test knob: the browser tests sign the demo accounts in hundreds of times.
   */
  demoPasswordCost: { N: number; r: number; p: number } | null;
  /** Whether the demo seeds its interceptor switched on (DEMO_INTERCEPTOR; "0" seeds it off, as the browser tests do: it would cover their pages). */
  demoInterceptor: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /**
   * How far V8's old space may grow past what the last full collection kept before the next one
   * (HEAP_GROWING_PERCENT; 0 leaves V8's own factor, up to 4x on a machine with much memory).
   */
  heapGrowingPercent: number;
  /** Server processes on this machine (SERVER_PROCESSES: a number, or "auto" for one per CPU); see server/processes.ts. */
  processes: number;
  /** "memory": search through the in-memory catalogue index (default); "sql": query the database directly. */
  searchIndex: "memory" | "sql";
  /** Reuse counted results of identical searches until the catalogue changes (SEARCH_CACHE=0 turns it off). */
  searchCache: boolean;
  /** Single sign-on providers (SSO_PROVIDERS). */
  ssoProviders: SsoProviderConfig[];
  /**
   * The address browsers reach this server at, without a trailing slash (PUBLIC_URL); SSO callbacks are built
   * from it. Null means http://{host}:{the port actually listened on}, the same as http://127.0.0.1:${PORT} by default.
   */
  publicUrl: string | null;
  /**
   * Where mail goes (SMTP_URL, e.g. smtp://user:pass@host:587, or smtps:// for TLS from the start); null writes each
   * mail as an .eml file into DATA_DIR/outbox and logs its path (the demo: no mail server needed to open a reset link).
   */
  smtpUrl: string | null;
  /** The sender of the site's mail (MAIL_FROM), an address or "Name <address>". */
  mailFrom: string;
  /**
   * Which proxies in front of this server Express believes about the client's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto), as Express's "trust proxy" setting (TRUST_PROXY): addresses or
   * subnets separated by commas (and the names loopback, linklocal, uniquelocal), a number of hops, or true.
   * Default "loopback". The sign-in rate limit counts per client address and Secure cookies need HTTPS seen
   * through the proxy, so a load balancer on another host must be named here.
   */
  trustProxy: boolean | number | string;
  /** The Chromium that prints PDF exports (CHROMIUM_PATH, default /usr/bin/chromium); exports answer 503 without it. */
  chromiumPath: string;
  /**
   * The image search dialog's Unsplash API: its access key (UNSPLASH_ACCESS_KEY; null answers the search 503, "not set
   * up"), its address (UNSPLASH_API_URL, default https://api.unsplash.com; the tests point it at a stand-in) and how long
   * a search may take before it answers 502 (UNSPLASH_TIMEOUT_MS, default 8000).
   */
  unsplash: { accessKey: string | null; apiUrl: string; timeoutMs: number };
  /**
   * Meetings through Zoom: the site's OAuth app (ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET; without both the feature is
   * off and its calls answer 503), where its consent and token endpoints are (ZOOM_OAUTH_URL, default https://zoom.us),
   * its REST API (ZOOM_API_URL, default https://api.zoom.us/v2) and how long a call to Zoom may take (ZOOM_TIMEOUT_MS,
   * default 8000) before the answer is 502.
   */
  zoom: { clientId: string | null; clientSecret: string | null; oauthUrl: string; apiUrl: string; timeoutMs: number };
  /**
   * The contact form's reCAPTCHA (v2 checkbox): the site key browsers draw the box with (RECAPTCHA_SITE_KEY) and the
   * secret the server checks answers with (RECAPTCHA_SECRET_KEY; without both the form has no captcha), where answers
   * are checked (RECAPTCHA_VERIFY_URL, default Google's siteverify) and how long the check may take before the form is
   * answered 503 (RECAPTCHA_TIMEOUT_MS, default 5000).
   */
  recaptcha: { siteKey: string | null; secretKey: string | null; verifyUrl: string; timeoutMs: number };
  /** Bulk imports: the background runner of this instance and the limits on files. */
  imports: {
    /** IMPORT_JOBS=0 leaves import jobs to other instances. */
    runJobs: boolean;
    pollMs: number;
    leaseMs: number;
    batchSize: number;
    maxFileBytes: number;
    maxRows: number;
    maxUncompressedBytes: number;
    parseTimeoutMs: number;
    workerMemoryMb: number;
    /** Test hook (IMPORT_BATCH_PAUSE_MS): a pause between batches, to stop a job in the middle. */
    batchPauseMs: number;
  };
}

/** SERVER_PROCESSES: unset or 1 for one process, "auto" for one per CPU, or a count from 1 to 64. */
export function parseProcesses(raw: string | undefined): number {
  if (!raw) return 1;
  if (raw === "auto") return os.availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`SERVER_PROCESSES must be "auto" or a whole number from 1 to 64, not "${raw}".`);
  return n;
}

/** DEMO_PASSWORD_COST: unset for the production cost, or scrypt's "N,r,p" (N a power of two from 2 up, r and p whole numbers from 1). */
export function parseScryptCost(raw: string | undefined): { N: number; r: number; p: number } | null {
  if (!raw?.trim()) return null;
  const [N, r, p, ...rest] = raw.split(",").map((part) => Number(part.trim()));
  const whole = (n: number | undefined): n is number => Number.isInteger(n) && n! >= 1;
  if (rest.length > 0 || !whole(N) || !whole(r) || !whole(p) || N < 2 || (N & (N - 1)) !== 0) {
    throw new Error(`DEMO_PASSWORD_COST must be scrypt's "N,r,p" (N a power of two, e.g. "1024,8,1"), not "${raw}".`);
  }
  return { N, r, p };
}

/** Unsplash's API, where the image search asks when UNSPLASH_API_URL is not set. */
export const DEFAULT_UNSPLASH_API_URL = "https://api.unsplash.com";

/** An http(s) address setting without its trailing slashes, or null when unset; anything else stops the start. */
export function parseHttpUrl(name: string, raw: string | undefined): string | null {
  const value = raw?.trim().replace(/\/+$/, "");
  if (!value) return null;
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw new Error(`${name} must be an http(s) address, not "${raw}".`);
  return value;
}

/** Zoom's OAuth endpoints (/oauth/authorize, /oauth/token) when ZOOM_OAUTH_URL is not set. */
export const DEFAULT_ZOOM_OAUTH_URL = "https://zoom.us";
/** Zoom's REST API when ZOOM_API_URL is not set. */
export const DEFAULT_ZOOM_API_URL = "https://api.zoom.us/v2";

/** Google's reCAPTCHA check of a token, when RECAPTCHA_VERIFY_URL is not set. */
export const DEFAULT_RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

/** The sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = "Curriculum Commons <no-reply@localhost>";

/**
 * The address browsers reach this server at, for links that leave it (SSO callbacks, links in mails): PUBLIC_URL, else
 * http://{host}:{the port this server listens on} (127.0.0.1 for a server listening on every interface).
 */
export function publicBaseUrl(config: Pick<ServerConfig, "publicUrl" | "host">, listeningPort: number | undefined): string {
  return config.publicUrl ?? `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${listeningPort ?? ""}`;
}

/** Reads ServerConfig from process.env (or the given env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET ?? "",
    secureCookies: env.SECURE_COOKIES === "1",
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
    recommendRateLimit: Number(env.RECOMMEND_RATE_LIMIT ?? 10),
    webDir: path.resolve(env.WEB_DIR ?? "dist/web"),
    seedDemo: env.SEED_DEMO !== "0",
    demoPasswordCost: parseScryptCost(env.DEMO_PASSWORD_COST),
    demoInterceptor: env.DEMO_INTERCEPTOR !== "0",
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    heapGrowingPercent: Number(env.HEAP_GROWING_PERCENT ?? 50),
    processes: parseProcesses(env.SERVER_PROCESSES),
    searchIndex: env.SEARCH_INDEX === "sql" ? "sql" : "memory",
    searchCache: env.SEARCH_CACHE !== "0",
    ssoProviders: parseSsoProviders(env.SSO_PROVIDERS),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, "") || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    chromiumPath: env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    unsplash: {
      accessKey: env.UNSPLASH_ACCESS_KEY?.trim() || null,
      apiUrl: parseHttpUrl("UNSPLASH_API_URL", env.UNSPLASH_API_URL) ?? DEFAULT_UNSPLASH_API_URL,
      timeoutMs: Number(env.UNSPLASH_TIMEOUT_MS ?? 8000),
    },
    zoom: {
      clientId: env.ZOOM_CLIENT_ID?.trim() || null,
      clientSecret: env.ZOOM_CLIENT_SECRET?.trim() || null,
      oauthUrl: parseHttpUrl("ZOOM_OAUTH_URL", env.ZOOM_OAUTH_URL) ?? DEFAULT_ZOOM_OAUTH_URL,
      apiUrl: parseHttpUrl("ZOOM_API_URL", env.ZOOM_API_URL) ?? DEFAULT_ZOOM_API_URL,
      timeoutMs: Number(env.ZOOM_TIMEOUT_MS ?? 8000),
    },
    recaptcha: {
      siteKey: env.RECAPTCHA_SITE_KEY?.trim() || null,
      secretKey: env.RECAPTCHA_SECRET_KEY?.trim() || null,
      verifyUrl: parseHttpUrl("RECAPTCHA_VERIFY_URL", env.RECAPTCHA_VERIFY_URL) ?? DEFAULT_RECAPTCHA_VERIFY_URL,
      timeoutMs: Number(env.RECAPTCHA_TIMEOUT_MS ?? 5000),
    },
    imports: {
      runJobs: env.IMPORT_JOBS !== "0",
      pollMs: Number(env.IMPORT_POLL_MS ?? 1000),
      leaseMs: Number(env.IMPORT_LEASE_MS ?? 30000),
      batchSize: Number(env.IMPORT_BATCH_SIZE ?? 1000),
      maxFileBytes: Number(env.IMPORT_MAX_FILE_MB ?? 512) * 1024 * 1024,
      maxRows: Number(env.IMPORT_MAX_ROWS ?? 2000000),
      maxUncompressedBytes: Number(env.IMPORT_MAX_EXPANDED_MB ?? 300) * 1024 * 1024,
      parseTimeoutMs: Number(env.IMPORT_PARSE_TIMEOUT_S ?? 900) * 1000,
      workerMemoryMb: Number(env.IMPORT_WORKER_MEMORY_MB ?? 512),
      batchPauseMs: Number(env.IMPORT_BATCH_PAUSE_MS ?? 0),
    },
  };
}

/** TRUST_PROXY as Express's "trust proxy" value: "true"/"false", a number of hops, or a list of addresses and subnets. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim();
  if (!v) return "loopback";
  if (v === "true" || v === "false") return v === "true";
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}
