import type { Actor } from "../lib/actor.js";

/** Anyone may take a tour, guests too: tours only explain the screens. */
export const canView = (): boolean => true;

/**
 * Editing a tour (second document: "Guided-tour editing only when the edit-enabled flag is set"): administrators only,
 * and only while the site's `guided_tour_edit` feature is on. Tours are site-wide help, not content, so moderators and
 * owners do not edit them.
 */
export const canEdit = (actor: Actor, features: { guided_tour_edit: boolean }): boolean => features.guided_tour_edit && actor.signedIn && actor.isAdmin;
