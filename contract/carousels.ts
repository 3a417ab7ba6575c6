import { z } from "zod";
import { emptyOrDigits, positiveId } from "./common.js";
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

/** Most news items one answer carries (GET /api/news?limit=N), and the default. */
export const NEWS_MAX = 20;
export const NEWS_DEFAULT = 10;

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
  limitInvalid: `limit must be a whole number from 1 to ${NEWS_MAX}.`,
  noFeatured: "There is no featured collection.",
  uidInvalid: "uid must be a collection's uid (letters, digits, - and _, at most 64 characters).",
} as const;

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
    (v) => (v !== null && typeof v === "object" ? Number.NaN : emptyOrDigits(v)),
    z.number({ error: CAROUSEL_TEXTS.limitInvalid }).int(CAROUSEL_TEXTS.limitInvalid).min(1, CAROUSEL_TEXTS.limitInvalid).max(NEWS_MAX, CAROUSEL_TEXTS.limitInvalid).default(NEWS_DEFAULT),
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

/**
 * PUT /api/carousels/featured (our call; the spec names the footer carousel's source url only): an administrator makes a
 * public collection the one every page's footer features.
 */
export const FeaturedCollectionChoice = z.object({
  uid: z.string({ error: "uid must name a collection." }).trim().min(1, "uid must name a collection.").max(64, "uid must name a collection."),
});
export type FeaturedCollectionChoice = z.input<typeof FeaturedCollectionChoice>;

export const FEATURED_MESSAGES = {
  forbidden: "Only administrators choose the featured collection.",
  notPublic: "Only a public collection can be featured in everyone's footer.",
  featured: (title: string) => `${title} is now the featured collection.`,
} as const;

/** Texts of the news items' management calls. */
export const NEWS_MESSAGES = {
  titleRequired: "Please provide a title.",
  titleTooLong: "The title may be at most 255 characters.",
  descriptionTooLong: "The description may be at most 5000 characters.",
  calloutDescriptionTooLong: "The callout's description may be at most 2000 characters.",
  badAddress: "Use an http(s) address or a path on this site (starting with /).",
  ctaTooLong: "The call to action may be at most 255 characters.",
  badColor: "Use a colour as #rrggbb.",
  badOpacity: "Opacity is a number from 0 to 1.",
  badBlur: "Blur is a number of pixels from 0 to 20.",
  badId: "Must be a news item's id.",
  notFound: "This news item does not exist.",
  saved: "The news item was saved.",
  deleted: "The news item was deleted.",
} as const;

/** A banner or link address as the server keeps it: http(s), or a path on this site; empty is none. */
const address = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
  z
    .string()
    .max(2000, NEWS_MESSAGES.badAddress)
    // A path must not start with // or /\ (browsers read both as another host), nor hold a backslash anywhere.
    .regex(/^(https?:\/\/\S+|\/(?![/\\])[^\s\\]*)$/i, NEWS_MESSAGES.badAddress)
    .nullable()
    .default(null),
);

/** The callout's look as an administrator sends it: every field optional (left out: its default), each checked. */
export const CommunityCalloutSettingsInput = z
  .object({
    title: z.string().trim().max(255, NEWS_MESSAGES.titleTooLong),
    description: z.string().trim().max(2000, NEWS_MESSAGES.calloutDescriptionTooLong),
    background_color: z.string().regex(HEX_COLOR, NEWS_MESSAGES.badColor),
    background_opacity: z.number({ error: NEWS_MESSAGES.badOpacity }).min(0, NEWS_MESSAGES.badOpacity).max(1, NEWS_MESSAGES.badOpacity),
    background_blur: z.number({ error: NEWS_MESSAGES.badBlur }).min(0, NEWS_MESSAGES.badBlur).max(20, NEWS_MESSAGES.badBlur),
    background_alt_text: z.string().trim().max(500),
    text_color: z.string().regex(HEX_COLOR, NEWS_MESSAGES.badColor),
    text_shadow_color: z.union([z.literal(""), z.string().regex(HEX_COLOR, NEWS_MESSAGES.badColor)]),
    button_variant: z.enum(NEWS_BUTTON_VARIANTS),
    button_outline: z.boolean(),
  })
  .partial()
  .strict();

/** POST /api/news and PUT /api/news/{id}: a news item as an administrator writes it (PUT replaces the whole item). */
export const NewsItemInput = z.object({
  title: z.string({ error: NEWS_MESSAGES.titleRequired }).trim().min(1, NEWS_MESSAGES.titleRequired).max(255, NEWS_MESSAGES.titleTooLong),
  description: z.string().trim().max(5000, NEWS_MESSAGES.descriptionTooLong).default(""),
  banner_url: address,
  link: address,
  cta_text: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(255, NEWS_MESSAGES.ctaTooLong).nullable().default(null)),
  community_callout_settings: CommunityCalloutSettingsInput.default({}),
  audience: z.enum(NEWS_AUDIENCES).default("public"),
  is_published: z.boolean().default(true),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type NewsItemInput = z.input<typeof NewsItemInput>;

/** A news item as its administrators see it: the slide, and who sees it, whether it is published, its place, its times. */
export const ManagedNewsItem = NewsCarouselItem.extend({
  audience: z.enum(NEWS_AUDIENCES),
  is_published: z.boolean(),
  sort_order: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ManagedNewsItem = z.infer<typeof ManagedNewsItem>;

export const ManagedNewsResponse = z.object({ data: z.array(ManagedNewsItem) });
export type ManagedNewsResponse = z.infer<typeof ManagedNewsResponse>;

/** The {id} of PUT and DELETE /api/news/{id}. */
export const NewsItemId = positiveId(NEWS_MESSAGES.badId);
