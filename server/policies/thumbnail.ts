import type { Actor } from "../lib/actor.js";
import { canEditReached, isOwner, type ContentSubject } from "./contentObject.js";

/** The part of a preset its policy needs. */
export interface PresetSubject {
  owner_id: number;
}

/** A preset's owner by the shared owner rule (contentObject.isOwner): its owner profile, or a leader of the group that owns it. */
const ownsPreset = (actor: Actor, preset: PresetSubject) => isOwner(actor, preset);

/** Designing an item's thumbnail: whoever may edit the item as the request reached it (not by its link share alone: contentObject.canEditReached). */
export function canDesign(actor: Actor, item: ContentSubject, viewsOnlyByLink: boolean): boolean {
  return canEditReached(actor, item, viewsOnlyByLink);
}

/** Presets are listed to, and made by, any signed-in profile (they are shared design starting points). */
export function canUsePresets(actor: Actor): boolean {
  return actor.signedIn;
}

/** Renaming or changing a preset: its owner only. */
export function canUpdatePreset(actor: Actor, preset: PresetSubject): boolean {
  return actor.signedIn && ownsPreset(actor, preset);
}

/** Deleting a preset: its owner only (second document: only an owner of a thumbnail preset may delete it). */
export function canDeletePreset(actor: Actor, preset: PresetSubject): boolean {
  return actor.signedIn && ownsPreset(actor, preset);
}

/** Whether the actor owns the preset (the is_owner field). */
export function isPresetOwner(actor: Actor, preset: PresetSubject): boolean {
  return ownsPreset(actor, preset);
}
