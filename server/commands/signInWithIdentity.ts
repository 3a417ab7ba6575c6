import crypto from "node:crypto";
import { isUniqueViolation, type Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { findIdentity, insertIdentity } from "../models/identities.js";
import { createMember } from "./createMember.js";

/** What a provider told us about the person signing in (ID token or userinfo claims). */
export interface IdentityClaims {
  sub: string;
  name?: string;
  email?: string;
  /** The provider vouches for the address: it counts as confirmed here too. */
  email_verified?: boolean;
  preferred_username?: string;
}

const USERNAME_MAX = 64;

/** A username candidate from the claims, within the register form's rules (a-z, 0-9, '.', '_', '-'; 3-64). */
function baseUsername(claims: IdentityClaims): string {
  const source = claims.preferred_username || claims.email?.split("@")[0] || claims.name || "member";
  const cleaned = source
    .toLowerCase()
    .replace(/\s+/g, ".")
    .replace(/[^a-z0-9._-]+/g, "")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, USERNAME_MAX - 8);
  return cleaned.length >= 3 ? cleaned : `member${cleaned ? `.${cleaned}` : ""}`;
}

/** The first free username: the base, then base-2, base-3 ..., finally a random suffix. */
async function uniqueUsername(db: Db, base: string): Promise<string> {
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await db.selectFrom("profiles").select("id").where("username", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}-${crypto.randomBytes(3).toString("hex")}`;
}

/** Tries of a first sign-on that lost a race: another first sign-on took its username, or was the same subject's. */
const FIRST_SIGN_ON_TRIES = 5;

/**
 * The profile a provider's subject signs in as: the linked one, or on first sign-in a new member profile
 * (with its `user` content row, like registration) linked to the subject, in one transaction. Two first
 * sign-ins at once (two people whose claims give one username, or one person's two tabs) both succeed: the one
 * that loses the race on a unique constraint looks again, finding the other's link or the next free username.
 */
export async function signInWithIdentity(db: Db, input: { provider: string; claims: IdentityClaims }): Promise<Profile> {
  const { provider, claims } = input;
  for (let attempt = 1; ; attempt++) {
    const linked = await findIdentity(db, provider, claims.sub);
    if (linked) {
      const profile = await db.selectFrom("profiles").selectAll().where("id", "=", linked.profile_id).where("kind", "=", "user").executeTakeFirst();
      if (profile) return await confirmVouchedEmail(db, profile, claims);
    }
    const username = await uniqueUsername(db, baseUsername(claims));
    const name = claims.name?.trim().slice(0, 255) || username;
    try {
      return await createMember(db, { name, username, email: claims.email ?? null, emailVerified: Boolean(claims.email && claims.email_verified), passwordHash: null }, (trx, profile) => insertIdentity(trx, { provider, subject: claims.sub, profileId: profile.id }));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= FIRST_SIGN_ON_TRIES) throw err;
    }
  }
}

/**
 * Marks the profile's address confirmed when the provider vouches for that same address (email_verified) and it was
 * not yet: a profile whose address was changed here keeps its own confirmation state.
 */
async function confirmVouchedEmail(db: Db, profile: Profile, claims: IdentityClaims): Promise<Profile> {
  if (profile.email_verified_at || !claims.email_verified || !claims.email || profile.email?.toLowerCase() !== claims.email.toLowerCase()) return profile;
  const at = new Date().toISOString();
  await db.updateTable("profiles").set({ email_verified_at: at }).where("id", "=", profile.id).execute();
  return { ...profile, email_verified_at: at };
}
