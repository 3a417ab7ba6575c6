import { z } from "zod";
import { SearchTypeConfig } from "./search.js";

/** The site's name until an administrator sets another (the web app shows it until the configuration has loaded). */
export const DEFAULT_SITE_NAME = "Curriculum Commons";

/** GET /app/config: what the client needs to draw itself, including feature flags. */
export const AppConfig = z.object({
  siteName: z.string(),
  features: z.record(z.string(), z.boolean()),
  creatableTypes: z.array(z.string()),
  resourceCategoryRequired: z.boolean(),
  auto_save_enabled: z.boolean(),
  auto_save_time: z.number(),
  edit_lock_expiry: z.number(),
  snooze_hours: z.number(),
  searchTypes: z.array(SearchTypeConfig),
  facets: z.array(z.object({ key: z.string(), label: z.string(), attributeType: z.string() })),
  /** The reCAPTCHA (v2 checkbox) site key the contact form draws its captcha with; null when the site has none (no captcha). */
  recaptcha_site_key: z.string().nullable(),
});
export type AppConfig = z.infer<typeof AppConfig>;
