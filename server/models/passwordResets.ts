import { sql } from "kysely";
import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { hashSecretToken, newSecretToken } from "../lib/secretTokens.js";

/** How long a reset token works. */
export const RESET_TOKEN_MS = 60 * 60 * 1000;
/** The most accounts one address may get reset mails for at once (an address may be on several accounts). */
const MAX_ACCOUNTS_PER_ADDRESS = 5;


/** Accounts a reset mail may go to for this address (case-insensitive): users with the address and a password (SSO-only accounts have none). */
export async function findResettableAccounts(db: Db, email: string): Promise<Pick<Profile, "id" | "name" | "username" | "email">[]> {
  const rows = await db
    .selectFrom("profiles")
    .select(["id", "name", "username", "email"])
    .where("kind", "=", "user")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("password_hash", "is not", null)
    .orderBy("id")
    .limit(MAX_ACCOUNTS_PER_ADDRESS)
    .execute();
  return rows.filter((r) => r.email && r.username);
}

/** A new reset token for the profile (the raw token, to mail; only its hash is stored); expired tokens are cleared on the way. */
export async function createResetToken(db: Db, profileId: number, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.deleteFrom("password_resets").where("expires_at", "<", now.toISOString()).execute();
  await db
    .insertInto("password_resets")
    .values({ profile_id: profileId, token_hash: hashSecretToken(token), expires_at: new Date(now.getTime() + RESET_TOKEN_MS).toISOString(), created_at: now.toISOString() })
    .execute();
  return token;
}

/**
 * Uses a token up: deletes its row and answers whose it was, if it had not expired. The delete is the check, so of
 * two requests racing with one token exactly one gets the row back.
 */
export async function takeResetToken(db: Db, token: string, now = new Date()): Promise<number | null> {
  const row = await db.deleteFrom("password_resets").where("token_hash", "=", hashSecretToken(token)).returning(["profile_id", "expires_at"]).executeTakeFirst();
  return row && row.expires_at > now.toISOString() ? row.profile_id : null;
}
