import type { ProfileView } from "../../contract/index.js";
import type { Profile } from "../db/schema.js";

/** A profile's page: its public face only (never its username, e-mail, roles or permissions). */
export function presentProfile(profile: Profile, extras: { groupLink: string | null; editPhoto: boolean }): ProfileView {
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
    abilities: { edit_photo: extras.editPhoto },
  };
}
