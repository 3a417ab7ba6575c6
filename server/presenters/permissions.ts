import { LINK_PERMISSIONS, PERMISSION_DEPENDENCIES, PERMISSION_NAMES, inviteExpiresAt, withDependencies, type PermissionInvite, type PermissionsResponse } from "../../contract/index.js";
import type { PermissionRequest } from "../db/schema.js";
import type { PermissionInviteRow } from "../models/permissionInvites.js";
import type { GrantRow, RequestRow } from "../models/permissions.js";
import { profileLink } from "./profile.js";

/** The permission form's configuration: global, authed and link offer read, profiles, group leaders and e-mail invites read and edit, members read; the locked row is not offered. */
export function presentPermissionConfig(owner: PermissionsResponse["config"]["owner"]): PermissionsResponse["config"] {
  return {
    owner,
    dependencies: PERMISSION_DEPENDENCIES,
    user_permission: [...PERMISSION_NAMES],
    group_permission: [...PERMISSION_NAMES],
    sharing_permission: ["read"],
    locked_permissions: [],
    link_permissions: [...LINK_PERMISSIONS],
    global_permission: ["read"],
    global: true,
    authed: true,
    locked: false,
    link: true,
    profiles: true,
    groups: true,
    email: true,
  };
}

/** An access request as the owner's table shows it. */
export function presentRequestRow(r: RequestRow): PermissionsResponse["permission_requests"][number] {
  return {
    id: r.id,
    rejected: r.status === "rejected",
    requesterDetails: { profile_id: r.profile_id, name: r.requester_name, link: profileLink(r.requester_uid), thumbnail_small: r.requester_thumb, common: { icon: "user" } },
    request_reason: r.reason,
    created_at: r.created_at,
  };
}

/** The asker's own request: its status, when it was sent and when it was answered. */
export const presentOwnRequest = (r: PermissionRequest) => ({ id: r.id, status: r.status, created_at: r.created_at, decided_at: r.decided_at });

/** A pending e-mail invite as the form lists it: when it was sent, when its link stops working, and whether it has. */
export function presentInvite(i: PermissionInviteRow, now = new Date()): PermissionInvite {
  const expiresAt = inviteExpiresAt(i.created_at);
  return { email: i.email, permissions: withDependencies([i.permission]), new_add: false, sent_at: i.created_at, expires_at: expiresAt, expired: Date.parse(expiresAt) <= now.getTime() };
}

/** GET /permissions: the item's grants grouped into the form's rows (none for the owner), its open requests, its pending e-mail invites. */
export function presentPermissions(title: string, owner: PermissionsResponse["config"]["owner"], grants: GrantRow[], requests: RequestRow[], invites: PermissionInviteRow[]): PermissionsResponse {
  const scoped = (scope: GrantRow["scope"]) => withDependencies(grants.filter((g) => g.scope === scope).map((g) => g.permission));
  const byProfile = new Map<number, { name: string; permissions: string[] }>();
  const byGroup = new Map<number, { name: string; permissions: string[] }>();
  for (const g of grants) {
    // A grant to the owner (left from before the item changed hands) is no row: the owner has every permission, and the
    // form would send the row back for the save to refuse (PERMISSION_MESSAGES.ownerRow).
    if (g.profile_id === null || g.profile_id === owner.profile_id || (g.scope !== "profile" && g.scope !== "group")) continue;
    const into = g.scope === "profile" ? byProfile : byGroup;
    const entry = into.get(g.profile_id) ?? { name: g.name ?? "", permissions: [] };
    entry.permissions.push(g.permission);
    into.set(g.profile_id, entry);
  }
  return {
    title,
    config: presentPermissionConfig(owner),
    permissions: {
      global: scoped("global"),
      authed: scoped("authed"),
      link: scoped("link"),
      locked: [],
      profiles: [...byProfile].map(([id, p]) => ({ id, display_name: p.name, permissions: withDependencies(p.permissions), permission_request_id: null, new_add: false })),
      groups: [...byGroup].map(([id, g]) => ({ id, display_name: g.name, group_leader: withDependencies(g.permissions), group_member: ["read"], permission_request_id: null, new_add: false })),
    },
    permission_requests: requests.map(presentRequestRow),
    permission_invites: invites.map((i) => presentInvite(i)),
  };
}
