import { Router, type RequestHandler } from "express";
import multer from "multer";
import {
  IMAGE_UPLOAD_RULES,
  InstitutionAutocompleteQuery,
  MESSAGES,
  PROFILE_IMAGE_PART,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  ProfileAutocompleteQuery,
  ProfileUpdateRequest,
  THUMBNAIL_MESSAGES,
  type InstitutionAutocomplete,
  type OwnerAutocomplete,
  type ProfileImageResponse,
  type ProfileUpdateResponse,
  type ProfileView,
} from "../../../contract/index.js";
import { updateProfile } from "../../commands/updateProfile.js";
import type { Db } from "../../db/connection.js";
import type { Profile } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { refuseNulText } from "../../lib/nulText.js";
import { parseOr422 } from "../../lib/validate.js";
import { readGrants } from "../../models/content.js";
import { listProfileInstitutions, searchInstitutions } from "../../models/institutions.js";
import { IMAGE_EXTENSION, checkThumbnailImage, sendImmutableImage, type CheckedImage } from "../../lib/thumbnailImage.js";
import { findGroupPage, findProfileByUid, findProfilesMatching, setProfileThumb } from "../../models/profiles.js";
import { authenticate, authorize, groupPolicy, notificationPolicy, profilePolicy } from "../../policies/index.js";
import { presentProfileOption } from "../../presenters/profile.js";
import { presentInstitution, presentProfile } from "../../presenters/profilePage.js";
import { itemLink } from "../../presenters/editableItem.js";
import { isStorageKey, newStorageKey, type FileStorage } from "../../storage/fileStorage.js";

const MIME = Object.fromEntries(Object.entries(IMAGE_EXTENSION).map(([mime, ext]) => [ext, mime])) as Record<string, string>;

/** One image in the part profileAvatarBlock, in memory (at most 5 MB) until its content is checked. */
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_UPLOAD_RULES.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single(PROFILE_IMAGE_PART);
const parseUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      const message = err.code === "LIMIT_FILE_SIZE" ? THUMBNAIL_MESSAGES.imageTooLarge : PROFILE_MESSAGES.photoRequired;
      return next(new HttpError(422, message, { [PROFILE_IMAGE_PART]: [message] }));
    }
    next(new HttpError(400, "The upload could not be read."));
  });
};

/** The address a profile's photo is served at: its random storage key and the image's kind. */
const photoPath = (profile: Pick<Profile, "uid">, key: string, mime: CheckedImage["mimeType"]) => `/profiles/${profile.uid}/image/${key}.${IMAGE_EXTENSION[mime]}`;

/**
 * Profiles' pages (the links of comment writers and feed posters): GET /api/profiles/{uid} and its edit (PUT), the
 * photo upload of the second document (POST {profile link}/upload-image, with PUT as its method override) and the
 * photo itself, the institution autocomplete of the profile form (GET /profiles/autocomplete/institutions), and the
 * people and groups picker of the permissions and share dialogs (GET /profile/autocomplete).
 */
export function profilesRouter(db: Db, storage: FileStorage): Router {
  const router = Router();

  const loadProfile = async (uid: string | undefined): Promise<Profile> => {
    const profile = uid ? await findProfileByUid(db, uid) : undefined;
    if (!profile) throw new HttpError(404, MESSAGES.notFound);
    return profile;
  };

  /** The page as `actor` sees it. */
  const profileView = async (actor: Actor, profile: Profile): Promise<ProfileView> => {
    const page = profile.kind === "group" ? await findGroupPage(db, profile.id) : undefined;
    // A group whose page the asker may not open (members only) is told of by its name alone: not its description, nor where its page is.
    const seesPage = page !== undefined && groupPolicy.canSeeDetails(actor, page, page.visibility === "public" ? undefined : await readGrants(db, page.id));
    const shown = profile.kind === "group" && !seesPage ? { ...profile, description: null } : profile;
    return presentProfile(shown, {
      groupLink: page && seesPage ? itemLink(page) : null,
      institutions: await listProfileInstitutions(db, profile.id),
      edit: profilePolicy.canEdit(actor, profile),
      editPhoto: profilePolicy.canEditPhoto(actor, profile),
    });
  };

  router.get("/api/profiles/:uid", async (req, res) => {
    res.json(await profileView(req.actor, await loadProfile(req.params.uid)));
  });

  router.put("/api/profiles/:uid", authenticate(), async (req, res) => {
    const profile = await loadProfile(String(req.params.uid));
    authorize(req.actor, profilePolicy.canEdit(req.actor, profile), PROFILE_MESSAGES.editForbidden);
    const edit = parseOr422(ProfileUpdateRequest, req.body ?? {});
    const saved = await updateProfile(db, profile, edit, req.actor.profile!.id);
    req.log.info({ profileId: profile.id }, "profile edited");
    res.json({ status: "success", message: PROFILE_MESSAGES.saved, profile: await profileView(req.actor, saved) } satisfies ProfileUpdateResponse);
  });

  // Signed-in only, as the owner autocomplete: the names of people are not a guest's to list.
  router.get("/profile/autocomplete", authenticate(), async (req, res) => {
    const query = parseOr422(ProfileAutocompleteQuery, req.query);
    const kind = query["only-group"] ? "group" : query["only-profile"] ? "user" : undefined;
    const withinGroupsOf = query["user-group-profiles"] ? req.actor.profile!.id : undefined;
    // The Recommend picker: only the groups the asker may recommend to (notificationPolicy.canRecommendToGroup).
    const groupsOnlyOf = query.recommendable && !notificationPolicy.canRecommendToAnyGroup(req.actor) ? req.actor.profile!.id : undefined;
    const rows = await findProfilesMatching(db, query.st, query.limit, { kind, exclude: query.filter, withinGroupsOf, groupsOnlyOf });
    res.json({ data: rows.map(presentProfileOption) } satisfies OwnerAutocomplete);
  });

  // Institutions are as public as the profile pages that name them. lat and lon are accepted and ignored: we store no coordinates.
  router.get("/profiles/autocomplete/institutions", async (req, res) => {
    const query = parseOr422(InstitutionAutocompleteQuery, req.query);
    const term = query.st?.trim() ?? "";
    const found = term.length < PROFILE_LIMITS.institutionSearchMin ? [] : await searchInstitutions(db, term, { state: query.state, limit: PROFILE_LIMITS.institutionOptions });
    res.json({ data: found.map(presentInstitution) } satisfies InstitutionAutocomplete);
  });

  // Who may not change the photo is turned away before the upload is read.
  const uploadImage = [
    authenticate(),
    (async (req, res, next) => {
      const profile = await loadProfile(String(req.params.uid));
      authorize(req.actor, profilePolicy.canEditPhoto(req.actor, profile), PROFILE_MESSAGES.photoForbidden);
      res.locals.profile = profile;
      next();
    }) as RequestHandler,
    parseUpload,
    refuseNulText,
    (async (req, res) => {
      const profile = res.locals.profile as Profile;
      if (!req.file) throw new HttpError(422, PROFILE_MESSAGES.photoRequired, { [PROFILE_IMAGE_PART]: [PROFILE_MESSAGES.photoRequired] });
      const image = await checkThumbnailImage(req.file);
      const key = newStorageKey();
      await storage.put(key, image.data);
      const thumbnail = photoPath(profile, key, image.mimeType);
      await setProfileThumb(db, profile.id, thumbnail);
      // The photo it replaced is no longer linked from anywhere.
      const previous = profile.thumb_url?.match(/\/image\/([^/.]+)\.\w+$/)?.[1];
      if (previous) await storage.delete(previous);
      req.log.info({ profileId: profile.id }, "profile photo changed");
      res.json({ status: "success", message: PROFILE_MESSAGES.photoSaved, thumbnail } satisfies ProfileImageResponse);
    }) as RequestHandler,
  ];
  router.post("/profiles/:uid/upload-image", ...uploadImage);
  router.put("/profiles/:uid/upload-image", ...uploadImage);

  // A photo is as public as the name beside it; only the profile's current photo is served.
  router.get("/profiles/:uid/image/:file", async (req, res) => {
    const [key = "", ext = ""] = String(req.params.file).split(".");
    const profile = await loadProfile(req.params.uid);
    if (!isStorageKey(key) || !MIME[ext] || profile.thumb_url !== `/profiles/${profile.uid}/image/${key}.${ext}`) throw new HttpError(404, "File not found.");
    const data = await storage.get(key);
    if (!data) throw new HttpError(404, "File not found.");
    sendImmutableImage(res, data, MIME[ext]!);
  });

  return router;
}
