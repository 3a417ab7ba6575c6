import { z } from "zod";
import { MAX_ID, emptyAsUnset } from "./common.js";

/**
 * A profile's page at its link (`/profiles/{uid}`: the comment writer's and feed poster's links lead there). Our paths:
 * GET /api/profiles/{uid} reads it; the spec's POST {profile link}/upload-image (multipart part profileAvatarBlock,
 * method override PUT) changes its photo, cropped in the image uploader (square JPEG, 512 to 1024 pixels);
 * PUT /api/profiles/{uid} saves its name, location, about text and institutions (the Edit profile dialog).
 */
export const PROFILE_MESSAGES = {
  photoRequired: "Choose an image to upload, in the part named profileAvatarBlock.",
  photoSaved: "Your photo was updated.",
  photoForbidden: "Only the profile's own account, or an administrator, may change its photo.",
  editForbidden: "Only the profile's own account, or an administrator, may edit it.",
  saved: "Your profile was saved.",
  nameRequired: "Name is required.",
  nameTooLong: "Name must be at most 255 characters.",
  locationTooLong: "Location must be at most 255 characters.",
  aboutTooLong: "About must be at most 2000 characters.",
  institutionsTooMany: "Choose at most 10 institutions.",
  institutionNameRequired: "An institution's name is required.",
  institutionNameTooLong: "An institution's name must be at most 255 characters.",
  institutionInvalid: "Choose an institution from the list, or type its name.",
  institutionUnknown: "An institution you chose no longer exists. Choose it again.",
  stateInvalid: "state must be a two-letter state code.",
} as const;

/**
 * The profile form's limits. Institutions: "max 10 selections ... custom entries allowed when multi-select", "options
 * limit 10, search after more than 2 characters" (second document).
 */
export const PROFILE_LIMITS = { nameMax: 255, locationMax: 255, aboutMax: 2000, institutionsMax: 10, institutionOptions: 10, institutionSearchMin: 3 } as const;

/** Institution (second document): institution_id, name, location ("City, ST"; null for one typed in by a profile). */
export const InstitutionView = z.object({ institution_id: z.number(), name: z.string(), location: z.string().nullable() });
export type InstitutionView = z.infer<typeof InstitutionView>;

/** Text trimmed; blank means none (null). */
const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() || null : v), z.string().max(max, message).nullable().optional()).transform((v) => v ?? null);

/** One chosen institution: one from the list by its id, or a custom one by the name typed (created on save, or reused when one has that name). */
export const InstitutionChoice = z
  .object(
    {
      institution_id: z.number({ error: PROFILE_MESSAGES.institutionInvalid }).int(PROFILE_MESSAGES.institutionInvalid).positive(PROFILE_MESSAGES.institutionInvalid).max(MAX_ID, PROFILE_MESSAGES.institutionInvalid).optional(),
      name: z.string({ error: PROFILE_MESSAGES.institutionNameRequired }).trim().min(1, PROFILE_MESSAGES.institutionNameRequired).max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.institutionNameTooLong).optional(),
    },
    { error: PROFILE_MESSAGES.institutionInvalid },
  )
  .strict()
  // Exactly one of the two: an id names a listed institution, a name a custom one.
  .refine((v) => (v.institution_id === undefined) !== (v.name === undefined), { error: PROFILE_MESSAGES.institutionInvalid });
export type InstitutionChoice = z.infer<typeof InstitutionChoice>;

/** PUT /api/profiles/{uid}: the whole editable part of the page (what is left out is cleared, except the name, which is required). */
export const ProfileUpdateRequest = z.object({
  name: z.string({ error: PROFILE_MESSAGES.nameRequired }).trim().min(1, PROFILE_MESSAGES.nameRequired).max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameTooLong),
  location: optionalText(PROFILE_LIMITS.locationMax, PROFILE_MESSAGES.locationTooLong),
  description: optionalText(PROFILE_LIMITS.aboutMax, PROFILE_MESSAGES.aboutTooLong),
  institutions: z.array(InstitutionChoice).max(PROFILE_LIMITS.institutionsMax, PROFILE_MESSAGES.institutionsTooMany).default([]),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

/**
 * GET /profiles/autocomplete/institutions (second document: st, state, lat, lon). `st` under 3 characters answers
 * nothing; `state` a two-letter code that the location ends with; lat and lon are accepted and unused (we store no coordinates).
 */
export const InstitutionAutocompleteQuery = z.object({
  st: z.preprocess(emptyAsUnset, z.string().max(255).optional()),
  state: z.preprocess(emptyAsUnset, z.string().trim().regex(/^[A-Za-z]{2}$/, PROFILE_MESSAGES.stateInvalid).optional()),
  lat: z.unknown().optional(),
  lon: z.unknown().optional(),
});

/** The matches, at most 10, names starting with the term first. */
export const InstitutionAutocomplete = z.object({ data: z.array(InstitutionView) });
export type InstitutionAutocomplete = z.infer<typeof InstitutionAutocomplete>;

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
  /** The institutions the person names, in their order (none for a group). */
  institutions: z.array(InstitutionView),
  /** edit: the Edit profile dialog (name, location, about, institutions); edit_photo: the photo. */
  abilities: z.object({ edit: z.boolean(), edit_photo: z.boolean() }),
});
export type ProfileView = z.infer<typeof ProfileView>;

/** PUT /api/profiles/{uid}: the saved page. */
export const ProfileUpdateResponse = z.object({ status: z.literal("success"), message: z.string(), profile: ProfileView });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponse>;

/** POST {profile link}/upload-image. */
export const ProfileImageResponse = z.object({ status: z.literal("success"), message: z.string(), thumbnail: z.string() });
export type ProfileImageResponse = z.infer<typeof ProfileImageResponse>;
