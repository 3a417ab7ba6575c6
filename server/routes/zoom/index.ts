import crypto from "node:crypto";
import { Router, type Request, type Response } from "express";
import {
  MeetingDetails,
  ZOOM_CALLBACK_PATH,
  ZOOM_CONNECT_PATH,
  ZOOM_CONNECTED_MESSAGE,
  ZOOM_CONNECTED_SCRIPT_PATH,
  ZOOM_MESSAGES,
  ZoomMeetingRequest,
  type ZoomMeetingType,
  type ZoomUserResponse,
  type ZoomUserSettingsResponse,
} from "../../../contract/index.js";
import { publicBaseUrl, type ServerConfig } from "../../config.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { SecretBox } from "../../lib/secretBox.js";
import { saveSession } from "../../lib/session.js";
import { parseOr422 } from "../../lib/validate.js";
import { authorizeUrl, callZoomApi, type ZoomTokens, creationBody, readZoomAnswer, reauthorize, requestTokens, requireZoom, ZoomCreated, ZoomUser, zoomTime, zoomUserName, ZoomUserSettings } from "../../lib/zoom.js";
import { deleteTokens, findTokens, saveTokens } from "../../models/thirdPartyAccounts.js";
import { insertZoomMeeting } from "../../models/zoomMeetings.js";
import { authenticate, authorize, zoomPolicy } from "../../policies/index.js";
import { presentZoomMeeting } from "../../presenters/zoomMeeting.js";

/** A token this close to its expiry is refreshed before use (a call made with it could outlive it). */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The script the callback page runs: tells the window that opened the popup (same origin only) that Zoom is connected,
 * and closes the popup. A BroadcastChannel carries the same message in case the popup lost its opener on the way
 * through Zoom's pages (a browser or extension that severs cross-origin openers).
 */
const CONNECTED_SCRIPT = `(() => {
  const message = { type: ${JSON.stringify(ZOOM_CONNECTED_MESSAGE)} };
  if (window.opener) window.opener.postMessage(message, window.location.origin);
  if ("BroadcastChannel" in window) { const channel = new BroadcastChannel(${JSON.stringify(ZOOM_CONNECTED_MESSAGE)}); channel.postMessage(message); channel.close(); }
  window.close();
})();
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The popup's small page after the callback: the outcome in words; the script only when the connection was made. */
function callbackPage(res: Response, status: number, message: string, connected: boolean): void {
  const script = connected ? `<script src="${ZOOM_CONNECTED_SCRIPT_PATH}" defer></script>` : "";
  res
    .status(status)
    .type("html")
    .setHeader("Cache-Control", "no-store")
    // Arriving from Zoom's pages, the popup keeps its opener only if this page does not ask for a new browsing context
    // group; it holds nothing to protect, and its script posts only to our own origin.
    .setHeader("Cross-Origin-Opener-Policy", "unsafe-none")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Connect to Zoom</title>${script}</head><body><main><h1>Connect to Zoom</h1><p>${escapeHtml(message)}</p></main></body></html>`);
}

/**
 * Meetings through Zoom: connecting a profile's Zoom account (OAuth authorization code; the tokens are kept encrypted
 * in third_party_accounts), and GET /system/zoom/user, /user-settings, POST /system/zoom/meetings and /webinars.
 */
export function zoomRouter(db: Db, config: ServerConfig): Router {
  const router = Router();
  const settings = config.zoom;
  let sealer: SecretBox | null = null;
  /**
   * The key the tokens are sealed with: derived from the Zoom app's client secret, which the server has from its
   * environment only. Not the session secret: by default that one is kept in the database (app_config), beside the
   * tokens it would lock. Every caller has passed requireZoom, so the secret is there.
   */
  const box = (): SecretBox => {
    requireZoom(settings);
    return (sealer ??= new SecretBox(settings.clientSecret, "third-party-account-tokens"));
  };
  const redirectUri = (req: Request) => `${publicBaseUrl(config, req.socket.localPort)}${ZOOM_CALLBACK_PATH}`;

  const usable = (tokens: ZoomTokens) => tokens.expiresAt === null || Date.parse(tokens.expiresAt) - EXPIRY_MARGIN_MS > Date.now();
  /** Refreshes in progress, by profile: Zoom's refresh tokens work once, so two calls at once share one refresh. */
  const refreshing = new Map<number, Promise<string>>();

  /** Refreshes an expired token and stores the new pair; 1005 (and the useless tokens forgotten) when Zoom refuses. */
  const refresh = async (req: Request, profileId: number, tokens: ZoomTokens): Promise<string> => {
    const fresh = tokens.refreshToken ? await requestTokens(settings, { grant_type: "refresh_token", refresh_token: tokens.refreshToken }, req.log) : null;
    if (!fresh) {
      // Another instance may have used the refresh token a moment earlier: its new tokens are as good.
      const stored = await findTokens(db, box(), profileId, "zoom");
      if (stored && stored.accessToken !== tokens.accessToken && usable(stored)) return stored.accessToken;
      await deleteTokens(db, profileId, "zoom");
      throw reauthorize();
    }
    // Zoom answers a new refresh token with each refresh; one that did not keeps the old.
    await saveTokens(db, box(), profileId, "zoom", { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken });
    return fresh.accessToken;
  };

  /** The signed-in profile's usable access token: refreshed first when it expired (and stored), else 401 code 1005. */
  const accessTokenFor = async (req: Request): Promise<string> => {
    const profileId = req.actor.profile!.id;
    const tokens = await findTokens(db, box(), profileId, "zoom");
    if (!tokens) throw reauthorize();
    if (usable(tokens)) return tokens.accessToken;
    let pending = refreshing.get(profileId);
    if (!pending) {
      pending = refresh(req, profileId, tokens).finally(() => refreshing.delete(profileId));
      refreshing.set(profileId, pending);
    }
    return pending;
  };

  const zoomApi = async (req: Request, method: "GET" | "POST", path: string, body?: object) => callZoomApi(settings, await accessTokenFor(req), method, path, req.log, body);

  router.get(ZOOM_CONNECT_PATH, authenticate(), async (req, res) => {
    authorize(req.actor, zoomPolicy.canUseZoom(req.actor));
    requireZoom(settings);
    const state = crypto.randomBytes(24).toString("base64url");
    req.session.zoomState = state;
    await saveSession(req);
    res.setHeader("Cache-Control", "no-store");
    res.redirect(302, authorizeUrl(settings, redirectUri(req), state));
  });

  router.get(ZOOM_CALLBACK_PATH, authenticate(), async (req, res) => {
    authorize(req.actor, zoomPolicy.canUseZoom(req.actor));
    requireZoom(settings);
    // The pending connection is used up before anything is checked, so a replayed callback finds nothing.
    const pending = req.session.zoomState;
    delete req.session.zoomState;
    await saveSession(req);
    const state = typeof req.query.state === "string" ? Buffer.from(req.query.state) : null;
    if (!pending || !state || state.length !== Buffer.byteLength(pending) || !crypto.timingSafeEqual(state, Buffer.from(pending))) {
      req.log.warn({}, "Zoom connection callback with a state this session did not start");
      return callbackPage(res, 400, ZOOM_MESSAGES.badState, false);
    }
    const code = typeof req.query.code === "string" && req.query.code.length <= 2000 ? req.query.code : null;
    if (!code) {
      req.log.warn({ error: String(req.query.error ?? "no code").slice(0, 100) }, "Zoom did not authorize the connection");
      return callbackPage(res, 400, ZOOM_MESSAGES.connectFailed, false);
    }
    let tokens;
    try {
      tokens = await requestTokens(settings, { grant_type: "authorization_code", code, redirect_uri: redirectUri(req) }, req.log);
    } catch (err) {
      if (err instanceof HttpError) return callbackPage(res, 502, ZOOM_MESSAGES.connectFailed, false);
      throw err;
    }
    if (!tokens) return callbackPage(res, 400, ZOOM_MESSAGES.connectFailed, false);
    await saveTokens(db, box(), req.actor.profile!.id, "zoom", tokens);
    callbackPage(res, 200, ZOOM_MESSAGES.connected, true);
  });

  router.get(ZOOM_CONNECTED_SCRIPT_PATH, (_req, res) => {
    res.type("text/javascript").setHeader("Cache-Control", "no-cache").send(CONNECTED_SCRIPT);
  });

  router.get("/system/zoom/user", authenticate(), async (req, res) => {
    authorize(req.actor, zoomPolicy.canUseZoom(req.actor));
    requireZoom(settings);
    let body: ZoomUserResponse;
    try {
      const user = readZoomAnswer(ZoomUser, await zoomApi(req, "GET", "/users/me"), "user", req.log);
      body = { token_available: true, name: zoomUserName(user), email: user.email ?? null };
    } catch (err) {
      // No token, or one Zoom no longer takes: the spec's "token available or not" is the answer, not an error.
      if (!(err instanceof HttpError && err.status === 401)) throw err;
      body = { token_available: false, name: null, email: null };
    }
    res.json(body);
  });

  router.get("/system/zoom/user-settings", authenticate(), async (req, res) => {
    authorize(req.actor, zoomPolicy.canUseZoom(req.actor));
    requireZoom(settings);
    const zoomSettings = readZoomAnswer(ZoomUserSettings, await zoomApi(req, "GET", "/users/me/settings"), "settings", req.log);
    const body: ZoomUserSettingsResponse = { availableFeatures: { meeting: true, webinar: zoomSettings.feature?.webinar === true } };
    res.json(body);
  });

  const create = (type: ZoomMeetingType) => async (req: Request, res: Response) => {
    authorize(req.actor, zoomPolicy.canUseZoom(req.actor));
    requireZoom(settings);
    const input = parseOr422(ZoomMeetingRequest, req.body ?? {});
    if (type === "webinar") {
      const zoomSettings = readZoomAnswer(ZoomUserSettings, await zoomApi(req, "GET", "/users/me/settings"), "settings", req.log);
      if (zoomSettings.feature?.webinar !== true) throw new HttpError(403, ZOOM_MESSAGES.webinarsOff);
    }
    const host = readZoomAnswer(ZoomUser, await zoomApi(req, "GET", "/users/me"), "user", req.log);
    const created = readZoomAnswer(ZoomCreated, await zoomApi(req, "POST", `/users/me/${type}s`, creationBody(type, input)), type, req.log);
    const row = await insertZoomMeeting(db, {
      profile_id: req.actor.profile!.id,
      type,
      zoom_id: String(created.id),
      topic: (created.topic?.trim() || input.topic).slice(0, 255),
      start_time: created.start_time ?? zoomTime(input.start_time),
      join_url: created.join_url,
      owner_name: (zoomUserName(host) ?? req.actor.profile!.name).slice(0, 255),
      created_at: new Date().toISOString(),
    });
    res.status(201).json(MeetingDetails.parse(presentZoomMeeting(row)));
  };
  router.post("/system/zoom/meetings", authenticate(), create("meeting"));
  router.post("/system/zoom/webinars", authenticate(), create("webinar"));

  return router;
}
