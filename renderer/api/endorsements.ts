import { useQuery } from "@tanstack/react-query";
import { EndorsementsResponse, StatusMessageResponse, type EndorsementsSaveRequest } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";

/** The query key of an item's endorsements as its managers see them. */
export const endorsementsQueryKey = (opaqueId: string) => ["endorsements", opaqueId];

/** GET /system/content-endorsements for an item (its owner, moderators and admins). */
export function useEndorsements(opaqueId: string) {
  return useQuery({
    queryKey: endorsementsQueryKey(opaqueId),
    queryFn: () => getJson("system/content-endorsements", EndorsementsResponse, { searchParams: { opaque_id: opaqueId } }),
    refetchOnWindowFocus: false,
    // The dialog says why it could not load, in its own alert.
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /system/content-endorsements: the dialog's rows (changed, removed with deleted, added without an id). */
export function saveEndorsements(body: EndorsementsSaveRequest): Promise<StatusMessageResponse> {
  return postJson("system/content-endorsements", body, StatusMessageResponse);
}
