import type { Db } from "../db/connection.js";
import { hashPassword } from "../lib/password.js";

/**
 * Gives a signed-in account a new password (the current one already checked): stores its hash, ends every reset link
 * of the account and every session of it but `keepSessionId` (the one that asked), in one transaction. Whoever knew
 * the old password is signed out everywhere else. Answers false when the account has no password (SSO-only).
 */
export async function changePassword(db: Db, input: { profileId: number; password: string; keepSessionId: string }): Promise<boolean> {
  // Hashed first (scrypt takes a while), so the transaction holds no lock meanwhile.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable("profiles").set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where("id", "=", input.profileId).where("password_hash", "is not", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("password_resets").where("profile_id", "=", input.profileId).execute();
    await trx.deleteFrom("sessions").where("profile_id", "=", input.profileId).where("sid", "<>", input.keepSessionId).execute();
    return true;
  });
}
