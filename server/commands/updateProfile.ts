import { PROFILE_MESSAGES, type InstitutionChoice } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { findInstitutionByName, findInstitutionsByIds, insertInstitution, replaceProfileInstitutions } from "../models/institutions.js";
import { recordSearchSettingsChange } from "../search/catalogueIndex.js";
import { recordContentChange, titleSortKey } from "./createContent.js";

export interface ProfileEdit {
  name: string;
  location: string | null;
  description: string | null;
  institutions: InstitutionChoice[];
}

/**
 * Saves a person's name, location, about text and institutions in one transaction. A rename also renames the
 * person's searchable `user` item (its title is a copy of the name) and tells search that profile names changed,
 * so cached owner and publisher names are read again; names read through a join (owner_data.name, comment writers)
 * follow by themselves.
 */
export async function updateProfile(db: Db, profile: Profile, edit: ProfileEdit, actorId: number): Promise<Profile> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const saved = await trx
      .updateTable("profiles")
      .set({ name: edit.name, location: edit.location, description: edit.description, updated_at: now })
      .where("id", "=", profile.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceProfileInstitutions(trx, profile.id, await resolveInstitutions(trx, edit.institutions, actorId));
    if (edit.name !== profile.name) {
      const items = await trx
        .updateTable("content")
        .set({ title: edit.name, title_sort: titleSortKey(edit.name), updated_at: now })
        .where("model_key", "=", "user")
        .where("profile_id", "=", profile.id)
        .returning("id")
        .execute();
      for (const item of items) await recordContentChange(trx, item.id);
      await recordSearchSettingsChange(trx);
    }
    return saved;
  });
}

/**
 * The ids of the chosen institutions, in order, each once: listed ones must exist (422 otherwise); a custom name
 * reuses the institution of that name (letter case aside) or is created, as typed, by the actor.
 */
async function resolveInstitutions(db: Db, choices: InstitutionChoice[], actorId: number): Promise<number[]> {
  const listedIds = choices.flatMap((c) => (c.institution_id === undefined ? [] : [c.institution_id]));
  const known = new Set((await findInstitutionsByIds(db, listedIds)).map((i) => i.id));
  const ids: number[] = [];
  for (const choice of choices) {
    let id: number;
    if (choice.institution_id !== undefined) {
      if (!known.has(choice.institution_id)) throw new HttpError(422, PROFILE_MESSAGES.institutionUnknown, { institutions: [PROFILE_MESSAGES.institutionUnknown] });
      id = choice.institution_id;
    } else {
      const name = choice.name!;
      id = ((await findInstitutionByName(db, name)) ?? (await insertInstitution(db, { name, location: null, created_by: actorId }))).id;
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
