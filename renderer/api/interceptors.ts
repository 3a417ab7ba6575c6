import { useQuery } from "@tanstack/react-query";
import {
  InterceptorResponseAnswer,
  InterceptorSaveResponse,
  ManagedInterceptorsResponse,
  PendingInterceptorsResponse,
  StatusMessageResponse,
  type InterceptorInput,
} from "../../contract/index.js";
import { deleteJson, getJson, postJson, putJson } from "./client.js";
import { useCurrentProfile } from "./queries.js";

/** The query key of the signed-in profile's pending notices (every profile's: invalidated after an administrator's change). */
export const pendingInterceptorsKeyAll = ["interceptors", "pending"] as const;
/** The query key of the administrators' list. */
export const managedInterceptorsKey = ["interceptors", "managed"] as const;

/**
 * GET /profile/interceptors: the notices the signed-in profile has still to go through, asked once a page load and
 * again after signing in (every query is invalidated then); none for guests, who are not asked. A failure leaves the
 * dialog out.
 */
export function usePendingInterceptors() {
  const profileId = useCurrentProfile()?.id ?? null;
  return useQuery({
    queryKey: [...pendingInterceptorsKeyAll, profileId],
    queryFn: () => getJson("profile/interceptors", PendingInterceptorsResponse),
    enabled: profileId !== null,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** POST /profile/interceptors/{id}/dismiss or /defer: the signed-in profile's answer to one notice. */
export function respondToInterceptor(id: number, action: "dismiss" | "defer"): Promise<InterceptorResponseAnswer> {
  return postJson(`profile/interceptors/${id}/${action}`, {}, InterceptorResponseAnswer);
}

/** GET /api/interceptors: every interceptor, for administrators (the staff page shows the refusal itself). */
export function useManagedInterceptors(enabled: boolean) {
  return useQuery({ queryKey: managedInterceptorsKey, queryFn: () => getJson("api/interceptors", ManagedInterceptorsResponse), enabled, meta: { refusalsShownByScreen: true } });
}

/** POST /api/interceptors (no id) or PUT /api/interceptors/{id}. */
export function saveInterceptor(id: number | null, body: InterceptorInput): Promise<InterceptorSaveResponse> {
  return id === null ? postJson("api/interceptors", body, InterceptorSaveResponse) : putJson(`api/interceptors/${id}`, body, InterceptorSaveResponse);
}

/** DELETE /api/interceptors/{id}. */
export function deleteInterceptor(id: number): Promise<StatusMessageResponse> {
  return deleteJson(`api/interceptors/${id}`, StatusMessageResponse);
}
