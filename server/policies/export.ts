import type { Actor } from "../lib/actor.js";
import { canView, type ContentGrantsSubject, type ContentSubject } from "./contentObject.js";

/** Exporting an item (PDF, Word, HTML): whoever may view it. */
export function canExport(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  return canView(actor, item, grants);
}
