import type { Db } from "../db/connection.js";
import type { ThirdPartyAccountRow } from "../db/schema.js";
import type { SecretBox } from "../lib/secretBox.js";
import type { ZoomTokens } from "../lib/zoom.js";

type Provider = ThirdPartyAccountRow["provider"];

/** A profile's tokens with a provider, opened; null when it has none, or they were sealed with another key (a changed session secret). */
export async function findTokens(db: Db, box: SecretBox, profileId: number, provider: Provider): Promise<ZoomTokens | null> {
  const row = await db.selectFrom("third_party_accounts").selectAll().where("profile_id", "=", profileId).where("provider", "=", provider).executeTakeFirst();
  if (!row) return null;
  const accessToken = box.open(row.access_token);
  if (accessToken === null) return null;
  return { accessToken, refreshToken: row.refresh_token === null ? null : box.open(row.refresh_token), expiresAt: row.expires_at };
}

/** Stores a profile's tokens with a provider (sealed), replacing any it had. */
export async function saveTokens(db: Db, box: SecretBox, profileId: number, provider: Provider, tokens: ZoomTokens): Promise<void> {
  const now = new Date().toISOString();
  const sealed = { access_token: box.seal(tokens.accessToken), refresh_token: tokens.refreshToken === null ? null : box.seal(tokens.refreshToken), expires_at: tokens.expiresAt, updated_at: now };
  await db
    .insertInto("third_party_accounts")
    .values({ profile_id: profileId, provider, created_at: now, ...sealed })
    .onConflict((oc) => oc.columns(["profile_id", "provider"]).doUpdateSet(sealed))
    .execute();
}

/** Forgets a profile's tokens with a provider (a refresh Zoom refused: they are of no more use). */
export async function deleteTokens(db: Db, profileId: number, provider: Provider): Promise<void> {
  await db.deleteFrom("third_party_accounts").where("profile_id", "=", profileId).where("provider", "=", provider).execute();
}
