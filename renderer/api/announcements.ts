import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AnnouncementSaveResponse, AnnouncementsResponse, ManagedAnnouncementsResponse, StatusMessageResponse, type AnnouncementInput } from "../../contract/index.js";
import { deleteJson, getJson, postJson, putJson } from "./client.js";

/** GET /api/announcements: the system announcements current now that the asker may view, in banner order. */
export function fetchAnnouncements(): Promise<AnnouncementsResponse> {
  return getJson("api/announcements", AnnouncementsResponse);
}

/** The banners' announcements; read again with every query after signing in or out. A failure only leaves the banners out. */
export function useAnnouncements() {
  return useQuery({ queryKey: ["announcements"], queryFn: fetchAnnouncements, staleTime: 5 * 60_000, meta: { silent: true } });
}

/** The query key of the administrators' list. */
export const managedAnnouncementsKey = ["announcements", "managed"] as const;

/** GET /api/announcements/manage?page=N: a page of the announcements, for administrators (the staff page shows a refusal itself). */
export function useManagedAnnouncements(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...managedAnnouncementsKey, page],
    queryFn: () => getJson("api/announcements/manage", ManagedAnnouncementsResponse, { searchParams: { page } }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /api/announcements (no id) or PUT /api/announcements/{id}. */
export function saveAnnouncement(id: number | null, body: AnnouncementInput): Promise<AnnouncementSaveResponse> {
  return id === null ? postJson("api/announcements", body, AnnouncementSaveResponse) : putJson(`api/announcements/${id}`, body, AnnouncementSaveResponse);
}

/** POST /api/announcements/{id}/end: its banner is taken down now. */
export function endAnnouncement(id: number): Promise<AnnouncementSaveResponse> {
  return postJson(`api/announcements/${id}/end`, {}, AnnouncementSaveResponse);
}

/** DELETE /api/announcements/{id}. */
export function deleteAnnouncement(id: number): Promise<StatusMessageResponse> {
  return deleteJson(`api/announcements/${id}`, StatusMessageResponse);
}
