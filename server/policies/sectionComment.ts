import type { Actor } from "../lib/actor.js";
import { canEdit, canView, type ContentGrantsSubject, type ContentSubject } from "./contentObject.js";

/**
 * Comments on an item's sections (the legacy comment calls): a reviewer's notes for the item's authors. The item is
 * named by its id, as in a list, so a link share alone does not open them (canView with its default reach).
 */
export interface SectionThreadSubject {
  item: ContentSubject;
  grants: ContentGrantsSubject | undefined;
  /** Who wrote the thread's first comment (null when there is no thread yet, or that profile is gone). */
  startedBy: number | null;
  /** The thread's section was removed by a save: the thread is kept to be read, and changes no more. */
  threadRemoved?: boolean;
}

/** Whether the actor may see the item at all (else 401 guest / 404 member). */
export function canViewItemOf(actor: Actor, subject: SectionThreadSubject): boolean {
  return canView(actor, subject.item, subject.grants);
}

/** Reading and writing section comments: a signed-in profile that can view the item. */
export function canComment(actor: Actor, subject: SectionThreadSubject): boolean {
  return actor.signedIn && canViewItemOf(actor, subject);
}

/** Adding a comment: who may comment, to a thread whose section is still there (a removed one is read-only). */
export function canAddComment(actor: Actor, subject: SectionThreadSubject): boolean {
  return !subject.threadRemoved && canComment(actor, subject);
}

/** Changing or deleting a comment: only its creator (second document, section 6), while they may still comment here. */
export function canChangeComment(actor: Actor, subject: SectionThreadSubject, comment: { profile_id: number }): boolean {
  return !subject.threadRemoved && canComment(actor, subject) && actor.profile?.id === comment.profile_id;
}

/** Resolving or re-opening a thread: whoever may edit the item (owner, edit grants, moderators, admins), or the thread's starter. */
export function canSetStatus(actor: Actor, subject: SectionThreadSubject): boolean {
  if (subject.threadRemoved || !canComment(actor, subject)) return false;
  return canEdit(actor, subject.item) || (subject.startedBy !== null && actor.profile?.id === subject.startedBy);
}

/**
 * Reading the threads of the item's removed sections (the Deleted Comment Threads sidebar): whoever may edit the item.
 * The section is no longer part of what readers see, so its discussion is kept for the authors who removed it.
 */
export function canViewRemovedThreads(actor: Actor, subject: SectionThreadSubject): boolean {
  return canComment(actor, subject) && canEdit(actor, subject.item);
}
