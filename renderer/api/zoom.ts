import { useQuery } from "@tanstack/react-query";
import { MeetingDetails, ZOOM_REAUTHORIZE_CODE, ZoomUserSettingsResponse, type ZoomMeetingRequest, type ZoomMeetingType } from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { getJson, postJson } from "./client.js";

/** Whether a failure is Zoom's 1005: the profile must connect (again) to Zoom, then the call is retried. */
export const needsZoomConnection = (error: unknown): boolean => error instanceof ApiError && error.code === ZOOM_REAUTHORIZE_CODE;

/**
 * GET /system/zoom/user-settings: which kinds the person's Zoom account may create (the spec's availableFeatures).
 * Not connected yet (1005), it reads as meetings only: Add webinar appears once Zoom says the account has webinars.
 */
export function useZoomFeatures(enabled: boolean) {
  return useQuery({
    queryKey: ["zoom", "user-settings"],
    queryFn: async () => {
      try {
        return await getJson("system/zoom/user-settings", ZoomUserSettingsResponse);
      } catch (error) {
        if (needsZoomConnection(error)) return { availableFeatures: { meeting: true, webinar: false } };
        throw error;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    // A failure only hides Add webinar; Add meeting says what went wrong when used.
    meta: { silent: true },
  });
}

/** POST /system/zoom/meetings or /webinars: creates it through Zoom and answers its details. */
export function createZoomMeeting(type: ZoomMeetingType, body: ZoomMeetingRequest): Promise<MeetingDetails> {
  return postJson(type === "webinar" ? "system/zoom/webinars" : "system/zoom/meetings", body, MeetingDetails);
}
