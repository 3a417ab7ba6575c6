import { z } from "zod";
import { emptyAsUnset } from "./common.js";
import { SearchResultItem } from "./search.js";

/** The carousels' constants (first document, section 9). */
export const CAROUSEL = {
  /** Items a page of a carousel shows unless told otherwise. */
  perPage: 4,
  /** Auto-rotation's interval, and the tick its progress is counted in. */
  autoRotateMs: 8000,
  tickMs: 250,
  /** Read-more: lines shown while collapsed, and the toggle's labels. */
  readMoreLines: 5,
} as const;

/** The footer carousel's breakpoints (min widths in px) and items per page at each ("3 items (2 at md)"). */
export const FOOTER_CAROUSEL = {
  breakpoints: { md: 0, lg: 850, xl: 1200 },
  perPage: { md: 2, lg: 3, xl: 3 },
  /** Where the footer reads its collection (GET {source url}): the site's featured collection. */
  featuredSource: "api/carousels/featured",
} as const;

/** The carousels' texts (ours: the spec names only More/Less). */
export const CAROUSEL_TEXTS = {
  newsRegion: "News",
  previous: "Previous slide",
  next: "Next slide",
  pause: "Pause automatic rotation",
  play: "Start automatic rotation",
  more: "More",
  less: "Less",
  defaultCta: "Read more",
  footerShow: "Show featured collection",
  footerHide: "Hide featured collection",
  previousPage: "Earlier featured items",
  nextPage: "Later featured items",
  limitInvalid: "limit must be a whole number from 1 to 20.",
  noFeatured: "There is no featured collection.",
  uidInvalid: "uid must be a collection's uid (letters, digits, - and _, at most 64 characters).",
} as const;

/** Most news items one answer carries (GET /api/news?limit=N), and the default. */
export const NEWS_MAX = 20;
export const NEWS_DEFAULT = 10;

/** The styles a news slide's call to action may take (community_callout_settings.button_variant). */
export const NEWS_BUTTON_VARIANTS = ["primary", "secondary", "light", "dark"] as const;
export type NewsButtonVariant = (typeof NEWS_BUTTON_VARIANTS)[number];

/** Who sees a news item: everyone, or signed-in profiles only. */
export const NEWS_AUDIENCES = ["public", "authed"] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const color = (fallback: string) => z.string().regex(HEX_COLOR).catch(fallback);

/**
 * How a news slide's callout (the text panel over its banner) looks (first document, section 3). Each field falls back
 * to its default when missing or unusable, so a stored setting that went bad shows a readable slide, never a failure.
 * title and description replace the item's own in the callout when not empty.
 */
export const CommunityCalloutSettings = z.object({
  title: z.string().max(255).catch(""),
  description: z.string().max(2000).catch(""),
  /** The panel's background (#rrggbb), its opacity (0 to 1) and the blur behind it (px, 0 to 20). */
  background_color: color("#0f172a"),
  background_opacity: z.number().min(0).max(1).catch(0.8),
  background_blur: z.number().min(0).max(20).catch(0),
  /** The banner image's alternative text (empty: decorative). */
  background_alt_text: z.string().max(500).catch(""),
  text_color: color("#ffffff"),
  /** An empty value: no shadow. */
  text_shadow_color: z.union([z.literal(""), z.string().regex(HEX_COLOR)]).catch(""),
  button_variant: z.enum(NEWS_BUTTON_VARIANTS).catch("light"),
  button_outline: z.boolean().catch(false),
});
export type CommunityCalloutSettings = z.infer<typeof CommunityCalloutSettings>;

/** One slide of the news carousel. */
export const NewsCarouselItem = z.object({
  id: z.number(),
  /** The slide's image: an http(s) address or a path on this site; null: the callout's colour alone. */
  banner_url: z.string().nullable(),
  /** Where the call to action goes (http(s) or a path on this site), and its label; null: no call to action. */
  link: z.string().nullable(),
  title: z.string(),
  /** Plain text; long ones are cut to 5 lines with More/Less. */
  description: z.string(),
  cta_text: z.string().nullable(),
  community_callout_settings: CommunityCalloutSettings,
});
export type NewsCarouselItem = z.infer<typeof NewsCarouselItem>;

/** GET /api/news?limit=N. */
export const NewsQuery = z.object({
  limit: z.preprocess(
    // A list or an object (limit[]=1) is refused, not read as its first value.
    (v) => (v !== null && typeof v === "object" ? Number.NaN : emptyAsUnset(v)),
    z.coerce.number({ error: CAROUSEL_TEXTS.limitInvalid }).int(CAROUSEL_TEXTS.limitInvalid).min(1, CAROUSEL_TEXTS.limitInvalid).max(NEWS_MAX, CAROUSEL_TEXTS.limitInvalid).default(NEWS_DEFAULT),
  ),
});
export type NewsQuery = z.input<typeof NewsQuery>;

export const NewsResponse = z.object({ data: z.array(NewsCarouselItem) });
export type NewsResponse = z.infer<typeof NewsResponse>;

/** GET /api/carousels/collections/{uid}: a collection named by its uid. */
export const CarouselCollectionParams = z.object({
  uid: z.string().regex(/^[\w-]{1,64}$/, CAROUSEL_TEXTS.uidInvalid),
});

/** The footer carousel's content (GET {source url}): a collection's title, uid and link, and its items the asker may see, as cards. */
export const FooterCarouselCollection = z.object({
  title: z.string(),
  uid: z.string(),
  link: z.string(),
  items: z.array(SearchResultItem),
});
export type FooterCarouselCollection = z.infer<typeof FooterCarouselCollection>;
