import type { LoggedProfile, OwnerOption } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { announcementPolicy, bulkImportPolicy, contactPolicy, interceptorPolicy, moderationPolicy, newsItemPolicy, productPolicy, searchPolicy } from "../policies/index.js";

/** A profile's page (`/profiles/{uid}`), where comment writers', feed posters', buyers' and notices' names lead. */
export const profileLink = (uid: string): string => `/profiles/${uid}`;

/** The signed-in profile as GET /getInitializeData answers it, with its permissions map. */
export function presentLoggedProfile(actor: Actor): LoggedProfile | null {
  const p = actor.profile;
  if (!p) return null;
  const permissions: Record<string, boolean> = { is_admin: actor.isAdmin, is_moderator: actor.isModerator, can_create: true };
  for (const name of actor.permissions) permissions[name] = true;
  // What the screens gate on, as the policies decide it (admins hold every permission).
  permissions.bulk_importer = bulkImportPolicy.canImport(actor);
  permissions.search_as_profile = searchPolicy.canSearchAsProfile(actor);
  permissions.search_ignore_permissions = searchPolicy.canIgnorePermissions(actor);
  permissions.review_reports = moderationPolicy.canReview(actor);
  permissions.read_contact_messages = contactPolicy.canRead(actor);
  permissions.manage_interceptors = interceptorPolicy.canManage(actor);
  permissions.manage_announcements = announcementPolicy.canManage(actor);
  permissions.manage_products = productPolicy.canManage(actor);
  permissions.manage_news = newsItemPolicy.canManage(actor);
  return {
    id: p.id,
    name: p.name,
    username: p.username ?? "",
    avatar: p.thumb_url,
    link: profileLink(p.uid),
    common: { type_name_singular: "Profile", icon: "user" },
    profileAttributes: {},
    permissions,
    email: p.email,
    email_verified: Boolean(p.email && p.email_verified_at),
  };
}

/** A profile as the people and groups pickers list it (the owner autocomplete and GET /profile/autocomplete). */
export function presentProfileOption(row: { id: number; name: string; kind: "user" | "group" }): OwnerOption {
  return { profile_id: row.id, name: row.name, is_group: row.kind === "group" };
}
