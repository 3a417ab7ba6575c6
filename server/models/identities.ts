import type { Db } from "../db/connection.js";
import type { Identity } from "../db/schema.js";

/** The identity a provider's subject is linked to, if any. */
export async function findIdentity(db: Db, provider: string, subject: string): Promise<Identity | undefined> {
  return db.selectFrom("identities").selectAll().where("provider", "=", provider).where("subject", "=", subject).executeTakeFirst();
}

/** The first identity linked to a profile (the provider it signs in with), if any. */
export async function findIdentityOfProfile(db: Db, profileId: number): Promise<Identity | undefined> {
  return db.selectFrom("identities").selectAll().where("profile_id", "=", profileId).orderBy("id").executeTakeFirst();
}

/** Links a provider's subject to a profile. */
export async function insertIdentity(db: Db, values: { provider: string; subject: string; profileId: number }): Promise<Identity> {
  return db
    .insertInto("identities")
    .values({ provider: values.provider, subject: values.subject, profile_id: values.profileId, created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}
