import { Router } from "express";
import { ATTRIBUTE_FACETS, DEFAULT_SITE_NAME, IMAGE_SEARCH_FEATURE, ZOOM_FEATURE, type AppConfig, type InitializeData } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { getConfigValue } from "../../models/appConfig.js";
import { listSearchTypes } from "../../models/searchTypes.js";
import { searchPolicy } from "../../policies/index.js";
import { presentLoggedProfile } from "../../presenters/profile.js";

/** Defaults of the configurable settings; stored values override them. */
export const DEFAULT_SETTINGS = {
  siteName: DEFAULT_SITE_NAME,
  features: { hover_info: true, native_content_icon: true, advanced_search_designer: false, recommendations: true, search_modules: true, group_view_permission: true, guided_tour_edit: true, "group-discussions.search": true, "group-discussions.subscribe": true, "group-discussions.attachments": true, "feed-discussions.attachments": true, "model-discussions.attachments": true } as Record<string, boolean> & {
    hover_info: boolean;
    native_content_icon: boolean;
    advanced_search_designer: boolean;
    recommendations: boolean;
    search_modules: boolean;
    group_view_permission: boolean;
    guided_tour_edit: boolean;
    "group-discussions.search": boolean;
    "group-discussions.subscribe": boolean;
    "group-discussions.attachments": boolean;
    "feed-discussions.attachments": boolean;
    "model-discussions.attachments": boolean;
  },
  creatableTypes: ["resource", "lesson_plan", "collection", "outline", "project", "pathway", "group"],
  resourceCategoryRequired: false,
  auto_save_enabled: true,
  auto_save_time: 60,
  edit_lock_expiry: 900,
  snooze_hours: 8,
};

/** The app config's settings as stored: any key may be missing (DEFAULT_SETTINGS stands in for it). */
export type StoredSettings = Partial<typeof DEFAULT_SETTINGS>;

/** Reads the stored settings once, for a request that needs several of them. */
export function readSettings(db: Db): Promise<StoredSettings> {
  return getConfigValue<StoredSettings>(db, "settings", {});
}

/** The types profiles may create, from read settings (app config creatableTypes; first document, section 6). */
export function creatableTypesIn(settings: StoredSettings): readonly string[] {
  return Array.isArray(settings.creatableTypes) ? settings.creatableTypes : DEFAULT_SETTINGS.creatableTypes;
}

/** The site's feature flags from read settings: the defaults, with what the settings switch. */
export function siteFeaturesIn(settings: StoredSettings): typeof DEFAULT_SETTINGS.features {
  return { ...DEFAULT_SETTINGS.features, ...settings.features };
}

/** The types profiles may create (reads the settings). */
export async function creatableTypes(db: Db): Promise<readonly string[]> {
  return creatableTypesIn(await readSettings(db));
}

/** The site's feature flags (reads the settings). */
export async function siteFeatures(db: Db): Promise<typeof DEFAULT_SETTINGS.features> {
  return siteFeaturesIn(await readSettings(db));
}

/**
 * The calls a page makes to start: GET /getInitializeData, GET /app/config (GET /providers is in routes/auth/sso.ts).
 * `imageSearch`: whether the site has an Unsplash access key (the configuration's image_search feature);
 * `zoomMeetings`: whether it has a Zoom OAuth app (zoom_meetings); `recaptchaSiteKey`: the contact form's captcha
 * site key, when the site has both reCAPTCHA keys (the secret never leaves the server).
 */
export function appRouter(db: Db, csrfToken: (req: Express.Request) => string, options: { imageSearch: boolean; zoomMeetings?: boolean; recaptchaSiteKey?: string | null } = { imageSearch: false }): Router {
  const router = Router();

  router.get("/getInitializeData", (req, res) => {
    const body: InitializeData = { profile: presentLoggedProfile(req.actor), csrfToken: csrfToken(req) };
    res.json(body);
  });

  router.get("/app/config", async (req, res) => {
    const stored = await readSettings(db);
    // Stored features switch some flags; the others keep their defaults (as siteFeatures reads them for the policies).
    const settings = { ...DEFAULT_SETTINGS, ...stored, features: { ...siteFeaturesIn(stored), [IMAGE_SEARCH_FEATURE]: options.imageSearch, [ZOOM_FEATURE]: options.zoomMeetings === true } };
    const searchTypes = (await listSearchTypes(db)).filter((t) => !t.admin_only || searchPolicy.canUseAdminSearchTypes(req.actor));
    const body: AppConfig = {
      ...settings,
      searchTypes,
      facets: ATTRIBUTE_FACETS.map((f) => ({ key: f.url, label: f.label, attributeType: f.type })),
      recaptcha_site_key: options.recaptchaSiteKey ?? null,
    };
    res.json(body);
  });
  return router;
}
