import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { InstitutionAutocomplete, OWNER_AUTOCOMPLETE_MIN, OwnerAutocomplete, PROFILE_IMAGE_PART, PROFILE_LIMITS, ProfileImageResponse, ProfileUpdateResponse, ProfileView, type ProfileUpdateRequest } from "../../contract/index.js";
import { getJson, postForm, putJson } from "./client.js";

export const profileQueryKey = (uid: string) => ["profile", uid] as const;

/** A profile's page (GET /api/profiles/{uid}). */
export function useProfile(uid: string) {
  return useQuery({ queryKey: profileQueryKey(uid), queryFn: () => getJson(`api/profiles/${encodeURIComponent(uid)}`, ProfileView) });
}

/** Uploads a new photo (the image uploader's square JPEG) in the spec's part profileAvatarBlock. */
export function uploadProfileImage(uid: string, image: Blob): Promise<ProfileImageResponse> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_PART, image, "photo.jpg");
  return postForm(`profiles/${encodeURIComponent(uid)}/upload-image`, form, ProfileImageResponse);
}

/** Saves the Edit profile dialog (PUT /api/profiles/{uid}). */
export function updateProfile(uid: string, body: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
  return putJson(`api/profiles/${encodeURIComponent(uid)}`, body, ProfileUpdateResponse);
}

/**
 * Institutions whose name holds the term (GET /profiles/autocomplete/institutions), asked only after more than 2
 * characters; the previous matches stay listed while the next arrive, so the list does not flicker as one types.
 */
export function useInstitutionSearch(term: string) {
  const typed = term.trim();
  return useQuery({
    queryKey: ["institutions", typed.toLowerCase()],
    queryFn: () => getJson(`profiles/autocomplete/institutions?st=${encodeURIComponent(typed)}`, InstitutionAutocomplete),
    enabled: typed.length >= PROFILE_LIMITS.institutionSearchMin,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * People and groups whose name holds the term (GET /profile/autocomplete), for the permissions and share dialogs'
 * pickers; asked from 3 characters, as the owner autocomplete is. Without `limit` the server's 30 apply (the
 * permissions picker); the recommend panel asks for 10, and `recommendable`: every person but only the groups the
 * asker may recommend to (the server decides which). (A group's Add a member asks its own list, without its people:
 * useGroupMemberCandidates.)
 */
export function useProfileCandidates(term: string, options: { limit?: number; recommendable?: boolean } = {}) {
  const { limit, recommendable = false } = options;
  return useQuery({
    queryKey: ["profileCandidates", term, limit, recommendable],
    queryFn: () =>
      getJson("profile/autocomplete", OwnerAutocomplete, {
        searchParams: { st: term, ...(limit === undefined ? {} : { limit }), ...(recommendable ? { recommendable: 1 } : {}) },
      }),
    enabled: term.trim().length >= OWNER_AUTOCOMPLETE_MIN,
    staleTime: 30_000,
  });
}
