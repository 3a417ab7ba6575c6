import type { Transaction } from "kysely";
import type { Db } from "../db/connection.js";
import type { Database, Profile } from "../db/schema.js";
import { insertProfile } from "../models/profiles.js";
import { insertContent } from "./createContent.js";

/** A new member's account details; no password hash for one who signs in only through a provider. */
export interface CreateMemberInput {
  name: string;
  username: string;
  email: string | null;
  /** The address is confirmed already (a provider vouched for it); registration's is confirmed by its mailed link. */
  emailVerified?: boolean;
  passwordHash: string | null;
}

/**
 * Creates a member (registration, or a first single sign-on): its user profile and the restricted `user` content row
 * that lists it, in one transaction, with `alsoWrite` (a first sign-on's identity link) in it too. A username taken
 * meanwhile, or anything `alsoWrite` finds taken, fails on the unique constraint (isUniqueViolation) and leaves
 * nothing behind.
 */
export async function createMember(db: Db, input: CreateMemberInput, alsoWrite?: (trx: Transaction<Database>, profile: Profile) => Promise<unknown>): Promise<Profile> {
  return db.transaction().execute(async (trx) => {
    const profile = await insertProfile(trx, { kind: "user", name: input.name, username: input.username, email: input.email, email_verified_at: input.emailVerified ? new Date().toISOString() : null, password_hash: input.passwordHash });
    await insertContent(trx, { modelKey: "user", title: profile.name, description: `@${input.username}`, ownerId: profile.id, profileId: profile.id, visibility: "restricted" });
    await alsoWrite?.(trx, profile);
    return profile;
  });
}
