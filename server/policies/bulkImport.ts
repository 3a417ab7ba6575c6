import type { BulkImportRecord } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";

/** Importing needs the bulk_importer permission (admins hold every permission). */
export const canImport = (actor: Actor): boolean => actor.signedIn && (actor.isAdmin || actor.permissions.includes("bulk_importer"));

/** An import is seen by the one who made it and by admins. */
export const canView = (actor: Actor, record: BulkImportRecord): boolean => actor.signedIn && (actor.isAdmin || record.profile_id === actor.profile?.id);

/** Changing an import (mappings, settings, files, start, retry) needs to see it and to import. */
export const canEdit = (actor: Actor, record: BulkImportRecord): boolean => canView(actor, record) && canImport(actor);
