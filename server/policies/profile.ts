import type { Actor } from "../lib/actor.js";

/** The parts of a profile its policies read. */
export interface ProfileSubject {
  id: number;
  kind: "user" | "group";
}

/** Changing a person's photo: that person, or an admin. A group's picture is not changed here. */
export function canEditPhoto(actor: Actor, profile: ProfileSubject): boolean {
  return actor.signedIn && profile.kind === "user" && (actor.profile?.id === profile.id || actor.isAdmin);
}
