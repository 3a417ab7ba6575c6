import { useQuery } from "@tanstack/react-query";
import { BadgesResponse, StatusMessageResponse } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";

/** The query key of an item's badges. */
export const badgesQueryKey = (uid: string) => ["badges", uid];

/** GET /system/badges/{uid}: the item's badges and every badge there is. */
export function useBadges(uid: string) {
  return useQuery({
    queryKey: badgesQueryKey(uid),
    queryFn: () => getJson(`system/badges/${encodeURIComponent(uid)}`, BadgesResponse),
    refetchOnWindowFocus: false,
    // The dialog says why it could not load, in its own alert.
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /system/badges/{uid}: the badge ids the item holds from now on. */
export function saveBadges(uid: string, badges: number[]): Promise<StatusMessageResponse> {
  return postJson(`system/badges/${encodeURIComponent(uid)}`, { badges }, StatusMessageResponse);
}
