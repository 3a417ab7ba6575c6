import { useQuery } from "@tanstack/react-query";
import { PROFILE_IMAGE_PART, ProfileImageResponse, ProfileView } from "../../contract/index.js";
import { getJson, postForm } from "./client.js";

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
