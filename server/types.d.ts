import type { Logger } from "pino";
import type { Actor } from "./lib/actor.js";

declare global {
  namespace Express {
    interface Request {
      /** Who is asking, loaded from the session (or the bearer token) for every request. */
      actor: Actor;
      /** Set when `Authorization: Bearer` (the desktop's sign-in) authenticated the request instead of the cookie. */
      bearerAuthenticated?: boolean;
      /** The server's logger (lib/requestLog.ts). */
      log: Logger;
    }
  }
}

declare module "express-session" {
  interface SessionData {
    profileId?: number;
    /** A single sign-on in progress (GET /auth/sso/{provider} until its callback). */
    sso?: { provider: string; state: string; nonce: string; codeVerifier: string; redirect: string | null };
    /** A Zoom connection in progress (GET /system/third-party-accounts/zoom/connect until its callback): the OAuth state. */
    zoomState?: string;
    /**
     * The profile a desktop app's Zoom connection is for: the desktop signs in with a bearer token its connect window
     * cannot send back from Zoom's pages, so the callback takes the profile from here (the state still gates it).
     */
    zoomDesktopProfileId?: number;
  }
}

export {};
