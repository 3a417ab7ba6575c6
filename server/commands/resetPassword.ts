import type { Db } from "../db/connection.js";
import { hashPassword } from "../lib/password.js";
import { endSessionsOf } from "../lib/sessionStore.js";
import { takeResetToken } from "../models/passwordResets.js";

/**
 * Sets a new password with a reset token: the token is used up, and with it every other reset token of the account
 * and every session of it (whoever knew the old password is signed out everywhere). Answers the profile's id, or null
 * when the token is unknown, used or expired.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<number | null> {
  // Hashed first (scrypt takes a while), so the transaction holds no lock meanwhile.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const profileId = await takeResetToken(trx, input.token);
    if (profileId === null) return null;
    // An account that became SSO-only since the mail keeps signing in with its provider.
    const updated = await trx.updateTable("profiles").set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where("id", "=", profileId).where("password_hash", "is not", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    await trx.deleteFrom("password_resets").where("profile_id", "=", profileId).execute();
    await endSessionsOf(trx, profileId);
    return profileId;
  });
}
