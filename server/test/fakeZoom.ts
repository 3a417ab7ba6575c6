import http from "node:http";
import { listenLocal, readBody, sendJson as json } from "./localHttp.js";

/** A call the fake received: method, path, the Authorization header and the body (form fields or JSON). */
export interface FakeZoomRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** How the fake behaves; tests change these between calls. */
export interface FakeZoomSwitches {
  /** Seconds an issued access token lives (Zoom's is 3600); a few seconds is expired for the server, which refreshes a minute early. */
  expiresIn: number;
  /** Refuse refresh_token grants (400 invalid_grant), as Zoom does to a revoked or used refresh token. */
  refuseRefresh: boolean;
  /** Refuse authorization_code grants (400), as Zoom does to a used or foreign code. */
  refuseCode: boolean;
  /** Whether the account has the webinar feature (GET /users/me/settings feature.webinar). */
  webinar: boolean;
  /** Leave start_time out of a created meeting (Zoom always sends it; the server then keeps the one it asked for). */
  omitStartTime: boolean;
  /**
   * Make the API fail: "error" answers 500, "slow" never answers, "html" answers a page, "badlink" creates meetings
   * with a non-Zoom join_url, "oversized" with an id, start time and join_url longer than anything Zoom sends.
   */
  apiFailure: null | "error" | "slow" | "html" | "badlink" | "oversized";
}

export interface FakeZoom {
  /** Its address: ZOOM_OAUTH_URL is this, ZOOM_API_URL is this + "/v2". */
  url: string;
  /** The calls it answered, oldest first. */
  requests: FakeZoomRequest[];
  /** Switches for the next calls. */
  switches: FakeZoomSwitches;
  /** The access tokens it issued and still accepts. */
  validTokens: Set<string>;
  /** Stops accepting every access token it issued (as when a user removes the app in Zoom). */
  revokeAll(): void;
  close(): Promise<void>;
}

/** The Zoom user the fake answers GET /users/me with. */
export const FAKE_ZOOM_USER = { display_name: "Terry Teacher", email: "terry@zoom.example" };
/** The first meeting id it hands out (then +1 each time): shown grouped as "857 4635 2311". */
export const FAKE_ZOOM_FIRST_ID = 85746352311;

/**
 * A stand-in for Zoom's OAuth endpoints and REST API, which cannot be reached from the machines the tests run on.
 * /oauth/authorize approves at once (302 to redirect_uri with a code and the state); /oauth/token takes HTTP Basic
 * client authentication and grant_type authorization_code or refresh_token (answers like Zoom's: access_token,
 * refresh_token, expires_in); /v2/users/me, /v2/users/me/settings, POST /v2/users/me/meetings and /webinars accept
 * only a Bearer token it issued and not yet expired (401 otherwise, as Zoom does). It records every call.
 */
export async function startFakeZoom(options: { clientId: string; clientSecret: string; port?: number; host?: string }): Promise<FakeZoom> {
  const requests: FakeZoomRequest[] = [];
  const switches: FakeZoomSwitches = { expiresIn: 3600, refuseRefresh: false, refuseCode: false, webinar: true, omitStartTime: false, apiFailure: null };
  const codes = new Set<string>();
  const validTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  let serial = 0;
  let nextId = FAKE_ZOOM_FIRST_ID;
  const issue = () => {
    serial += 1;
    const access = `fake-access-${serial}-${Math.random().toString(36).slice(2)}`;
    const refresh = `fake-refresh-${serial}-${Math.random().toString(36).slice(2)}`;
    validTokens.set(access, Date.now() + switches.expiresIn * 1000);
    refreshTokens.add(refresh);
    return { access_token: access, token_type: "bearer", refresh_token: refresh, expires_in: switches.expiresIn, scope: "meeting:write user:read" };
  };

  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? "/", base);
      let body: Record<string, unknown> = {};
      if (raw) body = String(req.headers["content-type"]).includes("json") ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization, body: url.pathname === "/oauth/authorize" ? Object.fromEntries(url.searchParams) : body });

      if (req.method === "GET" && url.pathname === "/oauth/authorize") {
        const redirect = URL.parse(url.searchParams.get("redirect_uri") ?? "");
        if (!redirect || url.searchParams.get("client_id") !== options.clientId || url.searchParams.get("response_type") !== "code") return json(res, 400, { reason: "Invalid request" });
        const code = `code-${Math.random().toString(36).slice(2)}`;
        codes.add(code);
        redirect.searchParams.set("code", code);
        redirect.searchParams.set("state", url.searchParams.get("state") ?? "");
        return void res.writeHead(302, { Location: redirect.href }).end();
      }
      if (req.method === "POST" && url.pathname === "/oauth/token") {
        if (req.headers.authorization !== `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`) return json(res, 401, { reason: "Invalid client_id or client_secret", error: "invalid_client" });
        if (body.grant_type === "authorization_code") {
          if (switches.refuseCode || !codes.delete(String(body.code))) return json(res, 400, { reason: "Invalid authorization code", error: "invalid_request" });
          return json(res, 200, issue());
        }
        if (body.grant_type === "refresh_token") {
          if (switches.refuseRefresh || !refreshTokens.delete(String(body.refresh_token))) return json(res, 400, { reason: "Invalid Token!", error: "invalid_grant" });
          return json(res, 200, issue());
        }
        return json(res, 400, { reason: "Unsupported grant type", error: "unsupported_grant_type" });
      }
      if (!url.pathname.startsWith("/v2/")) return json(res, 404, { code: 404, message: "Not found" });
      const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const until = validTokens.get(token);
      if (until === undefined || until <= Date.now()) return json(res, 401, { code: 124, message: "Invalid access token." });
      if (switches.apiFailure === "slow") return; // held open until the server gives up (or the fake closes)
      if (switches.apiFailure === "error") return json(res, 500, { code: 500, message: "Internal error" });
      if (switches.apiFailure === "html") return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Service Unavailable</body></html>");
      const path = url.pathname.slice(3);
      if (req.method === "GET" && path === "/users/me") return json(res, 200, { id: "zoom-user-1", first_name: "Terry", last_name: "Teacher", ...FAKE_ZOOM_USER, type: 2 });
      if (req.method === "GET" && path === "/users/me/settings") return json(res, 200, { feature: { meeting_capacity: 100, large_meeting: false, webinar: switches.webinar }, in_meeting: { chat: true } });
      if (req.method === "POST" && (path === "/users/me/meetings" || path === "/users/me/webinars")) {
        if (path.endsWith("webinars") && !switches.webinar) return json(res, 400, { code: 200, message: "Webinar plan is missing. You must subscribe to the webinar plan and enable webinar for this user." });
        const id = nextId++;
        if (switches.apiFailure === "oversized") return json(res, 201, { id: "9".repeat(40), topic: body.topic, start_time: `2026-11-27T14:23:00.${"0".repeat(30)}Z`, join_url: `https://zoom.us/j/${id}?pwd=${"a".repeat(1000)}` });
        return json(res, 201, {
          id,
          uuid: `uuid-${id}`,
          host_id: "zoom-user-1",
          topic: body.topic,
          type: body.type,
          ...(switches.omitStartTime ? {} : { start_time: body.start_time ?? new Date().toISOString().replace(/\.\d{3}Z$/, "Z") }),
          duration: body.duration ?? 60,
          join_url: switches.apiFailure === "badlink" ? `javascript:alert(${id})` : `https://zoom.us/j/${id}`,
          start_url: `https://zoom.us/s/${id}?zak=secret`,
          password: "abc123",
        });
      }
      return json(res, 404, { code: 404, message: "Not found" });
    });
  });
  const local = await listenLocal(server, options);
  const base = local.url;
  return {
    url: base,
    requests,
    switches,
    get validTokens() {
      return new Set([...validTokens.entries()].filter(([, until]) => until > Date.now()).map(([token]) => token));
    },
    revokeAll: () => validTokens.clear(),
    close: local.close,
  };
}
