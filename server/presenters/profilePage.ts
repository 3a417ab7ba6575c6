import type { InstitutionView, ProfileView } from "../../contract/index.js";
import type { Institution, Profile } from "../db/schema.js";

/** An institution as the profile form and the autocomplete show it. */
export function presentInstitution(institution: Institution): InstitutionView {
  return { institution_id: institution.id, name: institution.name, location: institution.location };
}

/** A profile's page: its public face only (never its username, e-mail, roles or permissions). */
export function presentProfile(profile: Profile, extras: { groupLink: string | null; institutions: Institution[]; edit: boolean; editPhoto: boolean }): ProfileView {
  return {
    uid: profile.uid,
    kind: profile.kind,
    id: profile.id,
    name: profile.name,
    location: profile.location,
    description: profile.description,
    thumbnail: profile.thumb_url,
    member_since: profile.created_at,
    group_link: extras.groupLink,
    institutions: extras.institutions.map(presentInstitution),
    abilities: { edit: extras.edit, edit_photo: extras.editPhoto },
  };
}
