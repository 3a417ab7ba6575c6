import { inviteExpiresAt } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { hashSecretToken } from "../lib/secretTokens.js";
import { recordContentChange } from "./createContent.js";

/** What opening an invite's link came to: the item it opened, a link past its time, or no invite with that token. */
export type InviteOutcome = { kind: "taken"; item: Pick<Content, "id" | "uid" | "model_key" | "sub_type" | "title"> } | { kind: "expired" } | { kind: "unknown" };

/**
 * Takes the e-mail invite whose mailed link holds `token` for the signed-in profile that opened it: the invite's
 * permission becomes the profile's grant on the item (edit brings read; none for the item's owner, who has every
 * permission; a grant it holds already is not repeated) and the invite is deleted, so the link works once. A link
 * opened more than INVITE_VALID_DAYS after it was sent grants nothing, and its invite stays, listed as expired for the
 * owner to resend or remove; an unknown token (used, withdrawn, or never sent) finds nothing.
 */
export async function acceptInvite(db: Db, token: string, profileId: number, now = new Date()): Promise<InviteOutcome> {
  return db.transaction().execute(async (trx): Promise<InviteOutcome> => {
    const found = await trx.selectFrom("permission_invites").select(["id", "created_at"]).where("token_hash", "=", hashSecretToken(token)).executeTakeFirst();
    if (!found) return { kind: "unknown" };
    // An expired invite stays listed (as expired) in the owner's form, who may resend it to the person now asking.
    if (Date.parse(inviteExpiresAt(found.created_at)) <= now.getTime()) return { kind: "expired" };
    // Deleting claims it: of two openings at once only one deletes the row, so they turn it into one set of grants.
    const invite = await trx.deleteFrom("permission_invites").where("id", "=", found.id).where("token_hash", "=", hashSecretToken(token)).returning(["content_id", "permission"]).executeTakeFirst();
    if (!invite) return { kind: "unknown" };
    const item = await trx.selectFrom("content").select(["id", "uid", "model_key", "sub_type", "title", "owner_id"]).where("id", "=", invite.content_id).executeTakeFirst();
    if (!item) return { kind: "unknown" };
    if (item.owner_id !== profileId) {
      const wanted = invite.permission === "edit" ? ["read", "edit"] : ["read"];
      const held = await trx.selectFrom("content_grants").select("permission").where("content_id", "=", item.id).where("scope", "=", "profile").where("profile_id", "=", profileId).execute();
      const missing = wanted.filter((p) => !held.some((h) => h.permission === p));
      if (missing.length) await trx.insertInto("content_grants").values(missing.map((permission) => ({ content_id: item.id, scope: "profile" as const, profile_id: profileId, permission }))).execute();
      await recordContentChange(trx, item.id);
    }
    return { kind: "taken", item };
  });
}
