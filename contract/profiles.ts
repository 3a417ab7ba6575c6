import { z } from "zod";
import { MAX_ID, emptyAsUnset, flag } from "./common.js";

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
  /** Saving with typed text in the institutions field that cannot be added (too short to search, or 10 already chosen). */
  pendingInstitution: "Add or clear the institution you are typing before saving.",
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

/** The most profiles GET /profile/autocomplete answers ("Permission profile autocomplete limit 30 results", second document). */
export const PROFILE_AUTOCOMPLETE_LIMIT = 30;
/** How many the recommend panel's picker asks for ("Profile autocomplete: … limit 10 results", first document section 9). */
export const RECOMMEND_AUTOCOMPLETE_LIMIT = 10;

export const PROFILE_AUTOCOMPLETE_MESSAGES = {
  onlyOne: "Choose only-group or only-profile, not both.",
  badFilter: "filter must be a list of profile ids, separated by commas.",
  badLimit: `limit must be a whole number from 1 to ${PROFILE_AUTOCOMPLETE_LIMIT}.`,
} as const;

/** Profile ids as a comma list ("4,9") or a repeated parameter (filter[]=4&filter[]=9). */
const profileIdList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : (Array.isArray(v) ? v : [v]).flatMap((part) => (typeof part === "string" ? part.split(",").filter((s) => s.trim() !== "") : [part]))),
  z.array(
    z.preprocess(
      (v) => (typeof v === "string" && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
      z.number({ error: PROFILE_AUTOCOMPLETE_MESSAGES.badFilter }).int(PROFILE_AUTOCOMPLETE_MESSAGES.badFilter).positive(PROFILE_AUTOCOMPLETE_MESSAGES.badFilter).max(MAX_ID, PROFILE_AUTOCOMPLETE_MESSAGES.badFilter),
    ),
    { error: PROFILE_AUTOCOMPLETE_MESSAGES.badFilter },
  ),
);

/**
 * GET /profile/autocomplete (first document's calls: st, filter, only-group, only-profile, user-group-profiles, limit;
 * "list of profiles or groups"), the people and groups pickers of the permissions and share dialogs. Our reading of the
 * parameters the spec names without describing: `filter` lists profile ids to leave out (those already chosen);
 * `only-group` answers groups only, `only-profile` people only; `user-group-profiles` only the asker's own groups and
 * the people in them. `st` matches names, as the owner autocomplete does; empty finds nobody. Ours beyond the spec:
 * `recommendable`, the Recommend picker's, keeps every person but only the groups the asker may recommend to (their
 * own; a moderator's or administrator's, all), as POST /profile/postRecommend refuses any other group.
 */
export const ProfileAutocompleteQuery = z
  .object({
    st: z.string().max(255).default(""),
    filter: profileIdList,
    "only-group": flag("only-group"),
    "only-profile": flag("only-profile"),
    "user-group-profiles": flag("user-group-profiles"),
    recommendable: flag("recommendable"),
    limit: z.preprocess(
      (v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : emptyAsUnset(v)),
      z.number({ error: PROFILE_AUTOCOMPLETE_MESSAGES.badLimit }).int(PROFILE_AUTOCOMPLETE_MESSAGES.badLimit).min(1, PROFILE_AUTOCOMPLETE_MESSAGES.badLimit).max(PROFILE_AUTOCOMPLETE_LIMIT, PROFILE_AUTOCOMPLETE_MESSAGES.badLimit).default(PROFILE_AUTOCOMPLETE_LIMIT),
    ),
  })
  .refine((q) => !(q["only-group"] && q["only-profile"]), { message: PROFILE_AUTOCOMPLETE_MESSAGES.onlyOne, path: ["only-group"] });
export type ProfileAutocompleteQuery = z.input<typeof ProfileAutocompleteQuery>;

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
