import crypto from "node:crypto";
import { hashSecretToken, newSecretToken } from "../lib/secretTokens.js";
import { FEATURED_COLLECTION_KEY } from "../models/appConfig.js";
import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";
import { recordContentChange } from "./createContent.js";

/** An item's new permission set, already validated: the grant rows to keep and the requests decided. */
export interface PermissionSet {
  global: string[];
  authed: string[];
  /** What anyone holding the item's link gets: read or nothing. */
  link: string[];
  profiles: { id: number; permissions: string[] }[];
  /** One permission per group: edit (its leaders edit, members read) or read. */
  groups: { id: number; permission: "read" | "edit" }[];
  acceptedRequests: { id: number; profileId: number }[];
  rejectedRequests: { id: number; profileId: number }[];
  /** The pending e-mail invites to keep (lowercased addresses, one each); the others are revoked. `resend`: mail a kept one again with a fresh link. */
  invites: { email: string; permission: "read" | "edit"; resend?: boolean }[];
}

/** The visibility the set gives the item (denormalized on content for search): public, signed-in, or restricted. */
export function visibilityOf(set: Pick<PermissionSet, "global" | "authed">): Content["visibility"] {
  if (set.global.includes("read")) return "public";
  if (set.authed.includes("read")) return "authed";
  return "restricted";
}

/** Thrown by savePermissions (nothing saved) when a request the set answers was answered by another save meanwhile. */
export class RequestsAnsweredMeanwhile extends Error {
  constructor() {
    super("a request the save answers was answered meanwhile");
  }
}

/**
 * Replaces an item's grants with the set in one transaction, keeps `content.visibility` in step, marks the decided
 * requests (an accepted one is already among the profiles), and logs the change so every instance's search sees it at once.
 */
export async function savePermissions(db: Db, item: Content, set: PermissionSet, inviterId: number | null): Promise<{ newInvites: NewInvite[] }> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    // First, so it locks the item's row (PostgreSQL): a concurrent save waits here, else both would delete the old
    // grants and insert theirs, leaving the union of two sets (last write must win whole).
    await trx.updateTable("content").set({ visibility: visibilityOf(set) }).where("id", "=", item.id).execute();
    // The requests it answers must still wait for an answer: a save that answered one meanwhile (a double click, the
    // owner and an administrator at once) stands whole, and this one, made from a stale form, changes nothing.
    const answered = [...set.acceptedRequests, ...set.rejectedRequests].map((r) => r.id);
    if (answered.length) {
      const pending = await trx.selectFrom("permission_requests").select("id").where("content_id", "=", item.id).where("id", "in", answered).where("status", "=", "pending").execute();
      if (pending.length !== answered.length) throw new RequestsAnsweredMeanwhile();
    }
    await trx.deleteFrom("content_grants").where("content_id", "=", item.id).execute();
    const rows = [
      ...set.global.map((permission) => ({ content_id: item.id, scope: "global" as const, profile_id: null, permission })),
      ...set.authed.map((permission) => ({ content_id: item.id, scope: "authed" as const, profile_id: null, permission })),
      ...set.link.map((permission) => ({ content_id: item.id, scope: "link" as const, profile_id: null, permission })),
      ...set.profiles.flatMap((p) => p.permissions.map((permission) => ({ content_id: item.id, scope: "profile" as const, profile_id: p.id, permission }))),
      ...set.groups.map((g) => ({ content_id: item.id, scope: "group" as const, profile_id: g.id, permission: g.permission })),
    ];
    if (rows.length) await trx.insertInto("content_grants").values(rows).execute();
    if (set.acceptedRequests.length) await trx.updateTable("permission_requests").set({ status: "accepted", decided_at: now }).where("content_id", "=", item.id).where("id", "in", set.acceptedRequests.map((r) => r.id)).execute();
    if (set.rejectedRequests.length) await trx.updateTable("permission_requests").set({ status: "rejected", decided_at: now }).where("content_id", "=", item.id).where("id", "in", set.rejectedRequests.map((r) => r.id)).execute();
    const newInvites = await replaceInvites(trx, item.id, set.invites, inviterId, now);
    await recordContentChange(trx, item.id);
    return { newInvites };
  });
}

/** An invite just added or sent again, with the secret of its link (only its hash is stored, so it is mailed now or never). */
export type NewInvite = { email: string; permission: "read" | "edit"; token: string };

/**
 * Keeps an item's pending invites in step with the set (runs in savePermissions' transaction); answers the ones to mail:
 * the added ones, and the kept ones sent again, whose row gets a fresh secret and sending time (so the old link stops
 * working and the new one works INVITE_VALID_DAYS from now).
 */
async function replaceInvites(trx: Db, contentId: number, invites: PermissionSet["invites"], inviterId: number | null, now: string): Promise<NewInvite[]> {
  const existing = new Map((await trx.selectFrom("permission_invites").select(["id", "email", "permission"]).where("content_id", "=", contentId).execute()).map((r) => [r.email, r]));
  const kept = new Set(invites.map((i) => i.email));
  const revoked = [...existing.values()].filter((r) => !kept.has(r.email)).map((r) => r.id);
  if (revoked.length) await trx.deleteFrom("permission_invites").where("id", "in", revoked).execute();
  const mailed: NewInvite[] = [];
  for (const invite of invites) {
    const row = existing.get(invite.email);
    if (!row) continue;
    if (invite.resend) {
      const resent = { email: invite.email, permission: invite.permission, token: newSecretToken() };
      await trx.updateTable("permission_invites").set({ permission: invite.permission, token_hash: hashSecretToken(resent.token), invited_by: inviterId, created_at: now }).where("id", "=", row.id).execute();
      mailed.push(resent);
    } else if (row.permission !== invite.permission) await trx.updateTable("permission_invites").set({ permission: invite.permission }).where("id", "=", row.id).execute();
  }
  const added = invites.filter((i) => !existing.has(i.email)).map((i) => ({ email: i.email, permission: i.permission, token: newSecretToken() }));
  if (added.length) await trx.insertInto("permission_invites").values(added.map((i) => ({ content_id: contentId, email: i.email, token_hash: hashSecretToken(i.token), permission: i.permission, invited_by: inviterId, created_at: now }))).execute();
  return [...added, ...mailed];
}

/**
 * Shares an item with anyone who holds its link, for reading: adds the link read grant unless it is there (so calling
 * twice changes nothing), and logs the change as other grant writes do. Visibility is unchanged: a link share never lists it.
 */
export async function addLinkShare(db: Db, item: Content): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locks the item's row first (PostgreSQL), as savePermissions does, so this and a concurrent save or add take turns.
    await trx.updateTable("content").set((eb) => ({ visibility: eb.ref("visibility") })).where("id", "=", item.id).execute();
    const existing = await trx.selectFrom("content_grants").select("id").where("content_id", "=", item.id).where("scope", "=", "link").where("permission", "=", "read").executeTakeFirst();
    if (existing) return;
    await trx.insertInto("content_grants").values({ content_id: item.id, scope: "link", profile_id: null, permission: "read" }).execute();
    await recordContentChange(trx, item.id);
  });
}

/**
 * Gives an item a new link: a new random uid (its link) and opaque_id (how its discussion and permissions name it), so
 * a link share no longer lets in whoever holds the old link. The old uid is kept as a former one: its address still
 * finds the item for whoever may view it another way, and the site's links to it keep working. The files its page
 * hands out by address (an uploaded resource file, a designed thumbnail) move to new random keys too, since holding
 * such an address counts as holding the link. Everything else is kept by the item's id (grants, requests, comments,
 * favorites, notifications). The footer's featured collection, named by uid, follows it. Returns the new uid and opaque_id.
 */
export async function replaceItemLink(db: Db, storage: FileStorage, item: Pick<Content, "id" | "uid">): Promise<{ uid: string; opaque_id: string }> {
  const fresh = { uid: crypto.randomBytes(9).toString("base64url"), opaque_id: crypto.randomUUID() };
  const [resourceFiles, thumbnail] = await Promise.all([
    db.selectFrom("resource_files").select("storage_key").where("content_id", "=", item.id).execute(),
    db.selectFrom("content_thumbnails").select("image_key").where("content_id", "=", item.id).where("image_key", "is not", null).executeTakeFirst(),
  ]);
  // Copied first, switched in the transaction, the old copies removed after it: a failure on the way loses no file.
  const moves = await copyToNewKeys(storage, [...resourceFiles.map((f) => ({ table: "resource_files" as const, from: f.storage_key })), ...(thumbnail?.image_key ? [{ table: "content_thumbnails" as const, from: thumbnail.image_key }] : [])]);
  const switched: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      // The uid being replaced is read under the row's lock (PostgreSQL), so two New links at once each keep the one they replace.
      const { uid: formerUid } = await trx.updateTable("content").set((eb) => ({ uid: eb.ref("uid") })).where("id", "=", item.id).returning("uid").executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await trx.insertInto("content_former_uids").values({ uid: formerUid, content_id: item.id, replaced_at: now }).execute();
      await trx.updateTable("content").set({ ...fresh, updated_at: now }).where("id", "=", item.id).execute();
      await trx.updateTable("app_config").set({ value: JSON.stringify(fresh.uid) }).where("key", "=", FEATURED_COLLECTION_KEY).where("value", "=", JSON.stringify(item.uid)).execute();
      for (const move of moves) {
        // A file replaced meanwhile (Change link, a new thumbnail) matches no row: its copy is dropped below.
        const result =
          move.table === "resource_files"
            ? await trx.updateTable("resource_files").set({ storage_key: move.to }).where("content_id", "=", item.id).where("storage_key", "=", move.from).executeTakeFirst()
            : await trx.updateTable("content_thumbnails").set({ image_key: move.to }).where("content_id", "=", item.id).where("image_key", "=", move.from).executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) switched.push(move.from);
      }
      await recordContentChange(trx, item.id);
    });
  } catch (error) {
    await Promise.all(moves.map((m) => storage.delete(m.to)));
    throw error;
  }
  await Promise.all(moves.map((m) => storage.delete(switched.includes(m.from) ? m.from : m.to)));
  return fresh;
}

/** Copies each stored file to a new random key; a key that holds nothing is left out. */
async function copyToNewKeys<T extends { from: string }>(storage: FileStorage, files: T[]): Promise<(T & { to: string })[]> {
  const moves: (T & { to: string })[] = [];
  try {
    for (const file of files) {
      const data = await storage.get(file.from);
      if (!data) continue;
      const to = newStorageKey();
      await storage.put(to, data);
      moves.push({ ...file, to });
    }
  } catch (error) {
    await Promise.all(moves.map((m) => storage.delete(m.to)));
    throw error;
  }
  return moves;
}
