import { z } from "zod";
import { isZoomJoinUrl, ZOOM_MESSAGES, ZOOM_REAUTHORIZE_CODE, type ZoomMeetingType } from "../../contract/index.js";
import type { ServerConfig } from "../config.js";
import { HttpError } from "./errors.js";

type ZoomSettings = ServerConfig["zoom"];
type Log = { warn: (details: object, message: string) => void };

/** The OAuth tokens of one profile, as Zoom's token endpoint answers them (expiry as an ISO time). */
export interface ZoomTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

/** 401 with code 1005: the browser opens the Connect to Zoom dialog and retries after the connection. */
export const reauthorize = (): HttpError => new HttpError(401, ZOOM_MESSAGES.reauthorize, undefined, ZOOM_REAUTHORIZE_CODE);
/** 502: Zoom failed, timed out or answered something unreadable (the cause goes to the log, never to the client). */
const unavailable = (): HttpError => new HttpError(502, ZOOM_MESSAGES.unavailable);

/** Whether the site has a Zoom OAuth app; without one every Zoom call answers 503. */
export const zoomConfigured = (settings: ZoomSettings): boolean => settings.clientId !== null && settings.clientSecret !== null;

/** Throws the 503 "not set up" when the site has no Zoom OAuth app. */
export function requireZoom(settings: ZoomSettings): asserts settings is ZoomSettings & { clientId: string; clientSecret: string } {
  if (!zoomConfigured(settings)) throw new HttpError(503, ZOOM_MESSAGES.notSetUp);
}

/** Zoom's consent page for this site's app: where the connect call sends the popup. */
export function authorizeUrl(settings: ZoomSettings, redirectUri: string, state: string): string {
  const url = new URL(`${settings.oauthUrl}/oauth/authorize`);
  url.search = new URLSearchParams({ response_type: "code", client_id: settings.clientId ?? "", redirect_uri: redirectUri, state }).toString();
  return url.href;
}

const TokenAnswer = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1).nullish(), expires_in: z.number().positive().nullish() });

/**
 * Asks Zoom's token endpoint (HTTP Basic client authentication) for tokens: an authorization code's
 * (grant_type=authorization_code) or a refresh (grant_type=refresh_token). null when Zoom refuses the grant (4xx);
 * throws 502 when Zoom fails or does not answer.
 */
export async function requestTokens(settings: ZoomSettings, grant: Record<string, string>, log: Log): Promise<ZoomTokens | null> {
  let res: Response;
  try {
    res = await fetch(`${settings.oauthUrl}/oauth/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(grant).toString(),
      redirect: "error",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), grant: grant.grant_type }, "Zoom's token endpoint did not answer");
    throw unavailable();
  }
  if (res.status >= 400 && res.status < 500) {
    log.warn({ status: res.status, grant: grant.grant_type }, "Zoom refused the token grant");
    return null;
  }
  const parsed = TokenAnswer.safeParse(res.ok ? await res.json().catch(() => null) : null);
  if (!parsed.success) {
    log.warn({ status: res.status, grant: grant.grant_type }, "Zoom's token endpoint failed or answered an unexpected shape");
    throw unavailable();
  }
  const { access_token, refresh_token, expires_in } = parsed.data;
  return { accessToken: access_token, refreshToken: refresh_token ?? null, expiresAt: expires_in ? new Date(Date.now() + expires_in * 1000).toISOString() : null };
}

/**
 * One call of Zoom's REST API with a profile's access token. Zoom's 401 (a token revoked or expired early) is the
 * 1005 answer; any other failure, a timeout or an answer that is not JSON is a 502.
 */
export async function callZoomApi(settings: ZoomSettings, accessToken: string, method: "GET" | "POST", path: string, log: Log, body?: object): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${settings.apiUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), path }, "Zoom's API did not answer");
    throw unavailable();
  }
  if (res.status === 401) throw reauthorize();
  if (!res.ok) {
    log.warn({ status: res.status, path }, "Zoom's API failed");
    throw unavailable();
  }
  const answer = await res.json().catch(() => undefined);
  if (answer === undefined) {
    log.warn({ status: res.status, path }, "Zoom's API answered something that is not JSON");
    throw unavailable();
  }
  return answer;
}

/** Reads an answer of Zoom's API with a schema; an unexpected shape is a 502. */
export function readZoomAnswer<T extends z.ZodType>(schema: T, answer: unknown, what: string, log: Log): z.infer<T> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    log.warn({ issue: parsed.error.issues[0]?.message, what }, "Zoom's API answered an unexpected shape");
    throw unavailable();
  }
  return parsed.data;
}

/** What is read of GET /users/me. */
export const ZoomUser = z.object({ first_name: z.string().nullish(), last_name: z.string().nullish(), display_name: z.string().nullish(), email: z.string().nullish() });
/** The Zoom user's name as a meeting's host: the display name, else first and last name. */
export const zoomUserName = (user: z.infer<typeof ZoomUser>): string | null => user.display_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(" ").trim() || null;

/** What is read of GET /users/me/settings: its feature.webinar switch (absent: no webinars). */
export const ZoomUserSettings = z.object({ feature: z.object({ webinar: z.boolean().nullish() }).nullish() });

/**
 * What is read of POST /users/me/meetings and /webinars: the id, topic, start time and join link, each within its
 * column of zoom_meetings (migration 039: zoom_id and start_time 32, join_url 1000), which PostgreSQL enforces: a longer
 * answer is one Zoom does not send, read as unexpected (502), not a failed insert (500).
 */
export const ZoomCreated = z.object({
  id: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,32}$/)]),
  topic: z.string().nullish(),
  start_time: z.string().max(32).nullish(),
  join_url: z.string().max(1000).refine(isZoomJoinUrl, "not an https Zoom link"),
});

/** Zoom's body for a new meeting (type 2, scheduled; 1, instant, without a start time) or webinar (type 5). */
/** A requested start time as Zoom writes one, in UTC to the second ("2027-02-10T17:00:00Z"); null for none. */
export const zoomTime = (time: string | null | undefined): string | null => (time ? new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z") : null);

export function creationBody(type: ZoomMeetingType, input: { topic: string; start_time?: string | null; duration?: number | null }): object {
  const kind = type === "webinar" ? 5 : input.start_time ? 2 : 1;
  const startTime = zoomTime(input.start_time);
  return { topic: input.topic, type: kind, ...(startTime ? { start_time: startTime } : {}), ...(input.duration ? { duration: input.duration } : {}) };
}
