import { useQuery } from "@tanstack/react-query";
import { AccessDetailsResponse, AccessRequestResponse, AddLinkShareResponse, InviteAcceptResponse, NewLinkResponse, PermissionsResponse, RecommendResponse, StatusMessageResponse, type AccessRequest, type AddLinkShareRequest, type PermissionsSaveRequest, type RecommendRequest } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";

/** The query key of an item's permission set. */
export const permissionsQueryKey = (opaqueId: string) => ["permissions", opaqueId];

/** GET /permissions for an item (its owner, moderators and admins). */
export function usePermissions(opaqueId: string) {
  return useQuery({
    queryKey: permissionsQueryKey(opaqueId),
    queryFn: () => getJson("permissions", PermissionsResponse, { searchParams: { opaque_id: opaqueId } }),
    refetchOnWindowFocus: false,
    // The dialog says why it could not load, in its own alert.
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /permissions: replaces the item's permission set. */
export function savePermissions(body: PermissionsSaveRequest): Promise<StatusMessageResponse> {
  return postJson("permissions", body, StatusMessageResponse);
}

/** POST /permissions/add-link-share: lets anyone who holds the item's link view it (the share dialog's Grant Access). */
export function addLinkShare(body: AddLinkShareRequest): Promise<AddLinkShareResponse> {
  return postJson("permissions/add-link-share", body, AddLinkShareResponse);
}

/** POST /permissions/new-link: gives the item a new link (and opaque_id); the old link opens nothing any more. */
export function makeNewItemLink(opaqueId: string): Promise<NewLinkResponse> {
  return postJson("permissions/new-link", { opaque_id: opaqueId }, NewLinkResponse);
}

/** The query key of the asker's access details on an item. */
export const accessDetailsQueryKey = (uid: string) => ["accessDetails", uid];

/** GET /permissions/access-details by uid (the item page's link): owner name and the asker's request. */
export function useAccessDetails(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: accessDetailsQueryKey(uid),
    queryFn: () => getJson("permissions/access-details", AccessDetailsResponse, { searchParams: { uid } }),
    enabled,
    refetchOnWindowFocus: false,
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /permissions/request. */
export function requestAccess(body: AccessRequest): Promise<AccessRequestResponse> {
  return postJson("permissions/request", body, AccessRequestResponse);
}

/** POST /profile/postRecommend: recommends an item to people or groups. */
export function recommend(body: RecommendRequest): Promise<RecommendResponse> {
  return postJson("profile/postRecommend", body, RecommendResponse);
}

/** POST /api/invites/accept: takes the e-mail invite whose mailed link holds the token; answers the item's link. */
export function acceptInvite(token: string): Promise<InviteAcceptResponse> {
  return postJson("api/invites/accept", { token }, InviteAcceptResponse);
}
