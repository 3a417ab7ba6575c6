import { z } from "zod";

/**
 * A profile's page at its link (`/profiles/{uid}`: the comment writer's and feed poster's links lead there). Our paths:
 * GET /api/profiles/{uid} reads it; the spec's POST {profile link}/upload-image (multipart part profileAvatarBlock,
 * method override PUT) changes its photo, cropped in the image uploader (square JPEG, 512 to 1024 pixels).
 */
export const PROFILE_MESSAGES = {
  photoRequired: "Choose an image to upload, in the part named profileAvatarBlock.",
  photoSaved: "Your photo was updated.",
  photoForbidden: "Only the profile's own account, or an administrator, may change its photo.",
} as const;

/** The part of the upload that holds the image (the spec's name). */
export const PROFILE_IMAGE_PART = "profileAvatarBlock";

export const ProfileView = z.object({
  uid: z.string(),
  /** Content of kind profile; a group's page is its item page (`group_link`). */
  kind: z.enum(["user", "group"]),
  id: z.number(),
  name: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  /** The photo (null for none: the page shows the initial). */
  thumbnail: z.string().nullable(),
  member_since: z.string(),
  /** A group's own page, where its feed and discussions are; null for a person. */
  group_link: z.string().nullable(),
  abilities: z.object({ edit_photo: z.boolean() }),
});
export type ProfileView = z.infer<typeof ProfileView>;

/** POST {profile link}/upload-image. */
export const ProfileImageResponse = z.object({ status: z.literal("success"), message: z.string(), thumbnail: z.string() });
export type ProfileImageResponse = z.infer<typeof ProfileImageResponse>;
