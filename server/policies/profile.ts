import type { Actor } from "../lib/actor.js";

/** The parts of a profile its policies read. */
export interface ProfileSubject {
  id: number;
  kind: "user" | "group";
}

/**
 * Editing a person's profile (name, location, about, institutions): that person, or an admin. A group's profile is
 * its group's business, managed on the group's own page, not here.
 */
export function canEdit(actor: Actor, profile: ProfileSubject): boolean {
  return actor.signedIn && profile.kind === "user" && (actor.profile?.id === profile.id || actor.isAdmin);
}

/** Changing a person's photo: whoever may edit the rest of the profile. */
export function canEditPhoto(actor: Actor, profile: ProfileSubject): boolean {
  return canEdit(actor, profile);
}
