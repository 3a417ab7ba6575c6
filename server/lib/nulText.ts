import type { RequestHandler } from "express";
import { HttpError } from "./errors.js";
import { NUL_TEXT_MESSAGE, containsNul } from "./validate.js";

/**
 * Refuses a request whose URL or parsed body holds U+0000 with a 400 (PostgreSQL cannot store it, so it would
 * fail as a 500 there). Upload routes run it again after multer has read their fields.
 */
export const refuseNulText: RequestHandler = (req, _res, next) => {
  if (/%00/.test(req.originalUrl) || containsNul(req.body)) throw new HttpError(400, NUL_TEXT_MESSAGE);
  next();
};
