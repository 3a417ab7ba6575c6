import { sql } from "kysely";
import type { Db } from "../db/connection.js";
import type { Institution } from "../db/schema.js";
import { containsPattern } from "./profiles.js";

/**
 * Institutions whose name holds `term` (case-insensitive), names starting with it first, then by name; with `state`,
 * only those whose location ends with ", ST". SQLite's lower() folds only A to Z, so there a match across other
 * letters' cases is missed (the same as the other name searches).
 */
export async function searchInstitutions(db: Db, term: string, options: { state?: string; limit: number }): Promise<Institution[]> {
  const like = containsPattern(term);
  if (!like) return [];
  let query = db.selectFrom("institutions").selectAll().where(sql`lower(name)`, "like", like);
  if (options.state) query = query.where(sql`upper(location)`, "like", `%, ${options.state.toUpperCase()}`);
  return query
    .orderBy(sql`case when lower(name) like ${like.slice(1)} then 0 else 1 end`)
    .orderBy("name")
    .orderBy("id")
    .limit(options.limit)
    .execute();
}

/** The institutions with these ids (unknown ids are left out). */
export async function findInstitutionsByIds(db: Db, ids: number[]): Promise<Institution[]> {
  if (!ids.length) return [];
  return db.selectFrom("institutions").selectAll().where("id", "in", ids).execute();
}

/** The first institution with exactly this name, letter case aside (how a custom entry typed again is reused). */
export async function findInstitutionByName(db: Db, name: string): Promise<Institution | undefined> {
  return db.selectFrom("institutions").selectAll().where(sql`lower(name)`, "=", name.toLowerCase()).orderBy("id").executeTakeFirst();
}

/** Adds an institution. */
export async function insertInstitution(db: Db, values: { name: string; location: string | null; created_by: number | null }): Promise<Institution> {
  return db
    .insertInto("institutions")
    .values({ ...values, created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The institutions a profile names, in its order. */
export async function listProfileInstitutions(db: Db, profileId: number): Promise<Institution[]> {
  return db
    .selectFrom("profile_institutions")
    .innerJoin("institutions", "institutions.id", "profile_institutions.institution_id")
    .selectAll("institutions")
    .where("profile_institutions.profile_id", "=", profileId)
    .orderBy("profile_institutions.position")
    .execute();
}

/** Replaces the institutions a profile names with these, in this order. */
export async function replaceProfileInstitutions(db: Db, profileId: number, institutionIds: number[]): Promise<void> {
  await db.deleteFrom("profile_institutions").where("profile_id", "=", profileId).execute();
  if (!institutionIds.length) return;
  await db
    .insertInto("profile_institutions")
    .values(institutionIds.map((institution_id, position) => ({ profile_id: profileId, institution_id, position })))
    .execute();
}
