import type { Db } from "../db/connection.js";
import { hashSecretToken, newSecretToken } from "../lib/secretTokens.js";
import { EMAIL_CONFIRM_HOURS } from "../../contract/index.js";

/** How long an e-mail confirmation link works. */
export const EMAIL_CONFIRM_MS = EMAIL_CONFIRM_HOURS * 60 * 60 * 1000;

/**
 * A new pending address for the profile (the raw token, to mail; only its hash is stored). It replaces the profile's
 * earlier pending address, so only the last link asked for works; expired rows are cleared on the way.
 */
export async function createEmailChange(db: Db, profileId: number, email: string, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.deleteFrom("email_changes").where((eb) => eb.or([eb("profile_id", "=", profileId), eb("expires_at", "<", now.toISOString())])).execute();
  await db
    .insertInto("email_changes")
    .values({ profile_id: profileId, email, token_hash: hashSecretToken(token), expires_at: new Date(now.getTime() + EMAIL_CONFIRM_MS).toISOString(), created_at: now.toISOString() })
    .execute();
  return token;
}

/** The address the profile asked for and has not confirmed yet (an unexpired one), or null. */
export async function pendingEmailOf(db: Db, profileId: number, now = new Date()): Promise<string | null> {
  const row = await db.selectFrom("email_changes").select("email").where("profile_id", "=", profileId).where("expires_at", ">", now.toISOString()).orderBy("id", "desc").executeTakeFirst();
  return row?.email ?? null;
}

/**
 * Confirms an address with its token, in one transaction: the token is used up (the delete is the check, so of two
 * requests racing with one link exactly one gets the row), the address becomes the profile's, confirmed now, and the
 * profile's reset links (mailed to the old address) stop working. Answers the profile and address, or null when the
 * token is unknown, used or expired.
 */
export async function confirmEmailChange(db: Db, token: string, now = new Date()): Promise<{ profileId: number; email: string } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("email_changes").where("token_hash", "=", hashSecretToken(token)).returning(["profile_id", "email", "expires_at"]).executeTakeFirst();
    if (!row || row.expires_at <= now.toISOString()) return null;
    const at = now.toISOString();
    await trx.updateTable("profiles").set({ email: row.email, email_verified_at: at, updated_at: at }).where("id", "=", row.profile_id).execute();
    await trx.deleteFrom("email_changes").where("profile_id", "=", row.profile_id).execute();
    await trx.deleteFrom("password_resets").where("profile_id", "=", row.profile_id).execute();
    return { profileId: row.profile_id, email: row.email };
  });
}
