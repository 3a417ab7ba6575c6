import type { Actor } from "./lib/actor.js";

declare global {
  namespace Express {
    interface Request {
      /** Who is asking, loaded from the session for every request. */
      actor: Actor;
    }
  }
}

declare module "express-session" {
  interface SessionData {
    profileId?: number;
  }
}

export {};
