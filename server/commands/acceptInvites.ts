import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { hashSecretToken } from "../lib/secretTokens.js";
import { recordContentChange } from "./createContent.js";

/**
 * Takes the e-mail invite whose mailed link holds `token` for the signed-in profile that opened it: the invite's
 * permission becomes the profile's grant on the item (edit brings read; none for the item's owner, who has every
 * permission; a grant it holds already is not repeated) and the invite is deleted, so the link works once. Answers
 * the item, or undefined when no invite has that token (used, withdrawn, or never sent).
 */
export async function acceptInvite(db: Db, token: string, profileId: number): Promise<Pick<Content, "id" | "uid" | "model_key" | "sub_type" | "title"> | undefined> {
  return db.transaction().execute(async (trx) => {
    // Deleting first claims it: two openings at once turn it into one set of grants.
    const invite = await trx.deleteFrom("permission_invites").where("token_hash", "=", hashSecretToken(token)).returning(["content_id", "permission"]).executeTakeFirst();
    if (!invite) return undefined;
    const item = await trx.selectFrom("content").select(["id", "uid", "model_key", "sub_type", "title", "owner_id"]).where("id", "=", invite.content_id).executeTakeFirst();
    if (!item) return undefined;
    if (item.owner_id !== profileId) {
      const wanted = invite.permission === "edit" ? ["read", "edit"] : ["read"];
      const held = await trx.selectFrom("content_grants").select("permission").where("content_id", "=", item.id).where("scope", "=", "profile").where("profile_id", "=", profileId).execute();
      const missing = wanted.filter((p) => !held.some((h) => h.permission === p));
      if (missing.length) await trx.insertInto("content_grants").values(missing.map((permission) => ({ content_id: item.id, scope: "profile" as const, profile_id: profileId, permission }))).execute();
      await recordContentChange(trx, item.id);
    }
    return item;
  });
}
