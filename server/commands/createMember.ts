import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { insertProfile } from "../models/profiles.js";
import { createContent } from "./createContent.js";

/** A new member's account details; no password hash for one who signs in only through a provider. */
export interface CreateMemberInput {
  name: string;
  username: string;
  email: string | null;
  passwordHash: string | null;
}

/** Creates a member (registration, or a first single sign-on): its user profile and the restricted `user` content row that lists it. */
export async function createMember(db: Db, input: CreateMemberInput): Promise<Profile> {
  const profile = await insertProfile(db, { kind: "user", name: input.name, username: input.username, email: input.email, password_hash: input.passwordHash });
  await createContent(db, { modelKey: "user", title: profile.name, description: `@${input.username}`, ownerId: profile.id, profileId: profile.id, visibility: "restricted" });
  return profile;
}
