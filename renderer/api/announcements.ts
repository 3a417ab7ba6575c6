import { useQuery } from "@tanstack/react-query";
import { AnnouncementsResponse } from "../../contract/index.js";
import { getJson } from "./client.js";

/** GET /api/announcements: the system announcements current now that the asker may view, in banner order. */
export function fetchAnnouncements(): Promise<AnnouncementsResponse> {
  return getJson("api/announcements", AnnouncementsResponse);
}

/** The banners' announcements; read again with every query after signing in or out. A failure only leaves the banners out. */
export function useAnnouncements() {
  return useQuery({ queryKey: ["announcements"], queryFn: fetchAnnouncements, staleTime: 5 * 60_000, meta: { silent: true } });
}
