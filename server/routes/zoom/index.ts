import crypto from "node:crypto";
import { Router, type Request, type Response } from "express";
import {
  MeetingDetails,
  ZOOM_CALLBACK_PATH,
  ZOOM_CONNECT_PATH,
  ZOOM_CONNECTED_SCRIPT_PATH,
  ZOOM_MESSAGES,
  ZoomMeetingRequest,
  type ZoomMeetingType,
  type ZoomUserResponse,
  type ZoomUserSettingsResponse,
} from "../../../contract/index.js";
import { zoomAccess } from "../../commands/zoomAccess.js";
import { publicBaseUrl, type ServerConfig } from "../../config.js";
import type { Db } from "../../db/connection.js";
import { loadActor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { saveSession } from "../../lib/session.js";
import { parseOr422 } from "../../lib/validate.js";
import { authorizeUrl, callZoomApi, creationBody, readZoomAnswer, requestTokens, requireZoom, zoomConfigured, ZoomCreated, ZoomUser, zoomTime, zoomUserName, ZoomUserSettings } from "../../lib/zoom.js";
import { insertZoomMeeting } from "../../models/zoomMeetings.js";
import { authenticate, authorize, zoomPolicy } from "../../policies/index.js";
import { presentZoomMeeting } from "../../presenters/zoomMeeting.js";
import { CONNECTED_SCRIPT, callbackPage } from "./callbackPage.js";

/**
 * Meetings through Zoom: connecting a profile's Zoom account (OAuth authorization code; the tokens are kept encrypted
 * in third_party_accounts), and GET /system/zoom/user, /user-settings, POST /system/zoom/meetings and /webinars.
 */
export function zoomRouter(db: Db, config: ServerConfig): Router {
  const router = Router();
  const settings = config.zoom;
  const redirectUri = (req: Request) => `${publicBaseUrl(config, req.socket.localPort)}${ZOOM_CALLBACK_PATH}`;

  const access = zoomAccess(db, settings);
  const zoomApi = async (req: Request, method: "GET" | "POST", path: string, body?: object) => callZoomApi(settings, await access.accessTokenFor(req.actor.profile!.id, req.log), method, path, req.log, body);

  router.get(ZOOM_CONNECT_PATH, authenticate(), async (req, res) => {
    authorize(req.actor, zoomPolicy.canUseZoom(req.actor));
    requireZoom(settings);
    const state = crypto.randomBytes(24).toString("base64url");
    req.session.zoomState = state;
    // The desktop's connect window carries its bearer token only here (main adds it to the server's own pages'
    // reads); Zoom's pages send it back to the callback without one, so the pending connection names its profile.
    if (req.bearerAuthenticated) req.session.zoomDesktopProfileId = req.actor.profile!.id;
    else delete req.session.zoomDesktopProfileId;
    await saveSession(req);
    res.setHeader("Cache-Control", "no-store");
    res.redirect(302, authorizeUrl(settings, redirectUri(req), state));
  });

  // The popup's page answers in words, never JSON: a session that ended while Zoom asked, or a site without Zoom.
  router.get(ZOOM_CALLBACK_PATH, async (req, res) => {
    // A connection the desktop started is for the profile that started it; the browser's own sign-in otherwise.
    const desktopProfileId = req.session.zoomDesktopProfileId;
    const actor = desktopProfileId !== undefined && !req.actor.signedIn ? await loadActor(db, desktopProfileId) : req.actor;
    if (!actor.signedIn) return callbackPage(res, 401, ZOOM_MESSAGES.signedOut, false);
    authorize(actor, zoomPolicy.canUseZoom(actor));
    if (!zoomConfigured(settings)) return callbackPage(res, 503, ZOOM_MESSAGES.notSetUp, false);
    // The pending connection is used up before anything is checked, so a replayed callback finds nothing.
    const pending = req.session.zoomState;
    delete req.session.zoomState;
    delete req.session.zoomDesktopProfileId;
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
    await access.saveConnection(actor.profile!.id, tokens);
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
    // The body first: a mistake in it is the asker's to fix whether or not Zoom is set up here.
    const input = parseOr422(ZoomMeetingRequest, req.body ?? {});
    requireZoom(settings);
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
