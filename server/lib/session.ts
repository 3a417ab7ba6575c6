import type { Request } from "express";

/** Gives the session a new id, keeping nothing (sign-in: prevents session fixation). */
export const regenerateSession = (req: Request) => new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));

/** Writes the session to the store now (before a redirect that depends on it). */
export const saveSession = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
