import crypto from "node:crypto";
import type { Db } from "../db/connection.js";
import type { NewProfile, Profile } from "../db/schema.js";

/** A fresh public identifier. */
export const newUid = (): string => crypto.randomBytes(9).toString("base64url");

/** Finds a user profile by username (case-insensitive) for sign-in. */
export async function findUserByUsername(db: Db, username: string): Promise<Profile | undefined> {
  return db.selectFrom("profiles").selectAll().where("kind", "=", "user").where("username", "=", username.toLowerCase()).executeTakeFirst();
}

/** Inserts a profile and returns it. */
export async function insertProfile(db: Db, values: Omit<NewProfile, "uid" | "created_at" | "updated_at"> & Partial<Pick<NewProfile, "uid" | "created_at" | "updated_at">>): Promise<Profile> {
  const now = new Date().toISOString();
  return db
    .insertInto("profiles")
    .values({ uid: newUid(), created_at: now, updated_at: now, ...values, username: values.username?.toLowerCase() ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
