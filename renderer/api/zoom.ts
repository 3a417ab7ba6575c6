import { useQuery } from "@tanstack/react-query";
import { MeetingDetails, ZOOM_REAUTHORIZE_CODE, ZoomUserResponse, ZoomUserSettingsResponse, type ZoomMeetingRequest, type ZoomMeetingType } from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { getJson, postJson } from "./client.js";

/** Whether a failure is Zoom's 1005: the profile must connect (again) to Zoom, then the call is retried. */
export const needsZoomConnection = (error: unknown): boolean => error instanceof ApiError && error.code === ZOOM_REAUTHORIZE_CODE;

/** What a person not connected to Zoom may add: meetings (Add meeting connects first). */
const MEETINGS_ONLY: ZoomUserSettingsResponse = { availableFeatures: { meeting: true, webinar: false } };

/**
 * GET /system/zoom/user-settings: which kinds the person's Zoom account may create (the spec's availableFeatures).
 * Not connected yet, it reads as meetings only: Add webinar appears once Zoom says the account has webinars.
 * GET /system/zoom/user (the spec's "token available or not", answered 200 either way) is asked first, and the
 * settings only with a token: without one they answer 401 (code 1005), which the browser logged as a failed load on
 * every page with a comment form that someone not connected to Zoom opened (a browser test caught it in CI).
 */
export function useZoomFeatures(enabled: boolean) {
  return useQuery({
    queryKey: ["zoom", "user-settings"],
    queryFn: async () => {
      const user = await getJson("system/zoom/user", ZoomUserResponse);
      if (!user.token_available) return MEETINGS_ONLY;
      try {
        return await getJson("system/zoom/user-settings", ZoomUserSettingsResponse);
      } catch (error) {
        // The token stopped working between the two calls.
        if (needsZoomConnection(error)) return MEETINGS_ONLY;
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
