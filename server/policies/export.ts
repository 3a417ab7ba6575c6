import type { Actor } from "../lib/actor.js";
import { canView, type ContentGrantsSubject, type ContentSubject, type ItemReach } from "./contentObject.js";

/** Exporting an item (PDF, Word, HTML): whoever may view it (at its link, so a link share counts). */
export function canExport(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject, reach?: ItemReach): boolean {
  return canView(actor, item, grants, reach);
}
