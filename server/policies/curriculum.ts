import type { Actor } from "../lib/actor.js";
import { isOwner } from "./contentObject.js";

/** The parts of a template its policy needs (owner null: a site template). */
export interface TemplateSubject {
  owner_id: number | null;
}

/** Any signed-in profile may start a lesson plan, outline, project or pathway, while app config lists its type as creatable. */
export const canStart = (actor: Actor, modelKey: string, creatableTypes: readonly string[]): boolean => actor.signedIn && creatableTypes.includes(modelKey);

/** Templates are listed to signed-in profiles (the chooser only appears while creating). */
export const canListTemplates = (actor: Actor): boolean => actor.signedIn;

/**
 * A template may be managed by its owner, by the shared owner rule (contentObject.isOwner: a template a group owns is
 * managed by the group's leaders, as its items are); site templates (no owner) and all others by admins.
 */
export const canEditTemplate = (actor: Actor, template: TemplateSubject): boolean =>
  actor.signedIn && (actor.isAdmin || (template.owner_id !== null && isOwner(actor, { owner_id: template.owner_id })));
