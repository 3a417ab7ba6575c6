import type { ShareContext } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { canEditReached, type ContentSubject } from "./contentObject.js";

/** Any signed-in profile may add a resource, while app config lists resources as creatable. */
export const canCreate = (actor: Actor, creatableTypes: readonly string[]): boolean => actor.signedIn && creatableTypes.includes("resource");

/** Sharing to everyone or to signed-in members is open to every author; a group only to its leaders and members. */
export function canShareWith(actor: Actor, context: ShareContext): boolean {
  if (!actor.signedIn) return false;
  if (context.kind !== "group") return true;
  return actor.groups.some((g) => g.groupId === context.id);
}

/** Changing a resource's link or replacing its file: whoever may edit the item, reached other than by a link share alone. */
export function canChangeSource(actor: Actor, item: ContentSubject & { model_key: string }, viewsOnlyByLink: boolean): boolean {
  return item.model_key === "resource" && canEditReached(actor, item, viewsOnlyByLink);
}
