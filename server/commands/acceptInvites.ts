import type { Logger } from "pino";
import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { listInvitesTo } from "../models/permissionInvites.js";
import { recordContentChange } from "./createContent.js";

/**
 * Turns the e-mail invites to a profile's address (case-insensitive) into grants of that profile, and deletes them:
 * run when an account signs in or registers. An item's owner gets no grant (it has every permission); a grant the
 * profile already holds is not repeated. Answers how many invites were taken.
 */
export async function acceptInvites(db: Db, profile: Pick<Profile, "id" | "email">): Promise<number> {
  if (!profile.email) return 0;
  const invites = await listInvitesTo(db, profile.email);
  if (!invites.length) return 0;
  await db.transaction().execute(async (trx) => {
    for (const invite of invites) {
      // Deleting first claims it: two sign-ins at once turn it into one set of grants.
      const taken = await trx.deleteFrom("permission_invites").where("id", "=", invite.id).executeTakeFirst();
      if (Number(taken.numDeletedRows) === 0) continue;
      const item = await trx.selectFrom("content").select(["id", "owner_id"]).where("id", "=", invite.content_id).executeTakeFirst();
      if (!item || item.owner_id === profile.id) continue;
      const wanted = invite.permission === "edit" ? ["read", "edit"] : ["read"];
      const held = await trx.selectFrom("content_grants").select("permission").where("content_id", "=", item.id).where("scope", "=", "profile").where("profile_id", "=", profile.id).execute();
      const missing = wanted.filter((p) => !held.some((h) => h.permission === p));
      if (missing.length) await trx.insertInto("content_grants").values(missing.map((permission) => ({ content_id: item.id, scope: "profile" as const, profile_id: profile.id, permission }))).execute();
      await recordContentChange(trx, item.id);
    }
  });
  return invites.length;
}

/**
 * acceptInvites for a profile that just signed in or registered. A failure is logged, not answered: the sign-in itself
 * worked, and the invites wait for the next one.
 */
export async function acceptInvitesOnSignIn(db: Db, log: Logger, profile: Pick<Profile, "id" | "email">): Promise<void> {
  try {
    await acceptInvites(db, profile);
  } catch (err) {
    log.error({ err }, "e-mail invites were not accepted");
  }
}
