import { z } from "zod";

/**
 * The image search dialog (second document: POST /images/unsplash/search (page, limit, st; response data list and
 * total), "Image search photo: id, urls.small, user (name, links), links", "Image search 12 per page"). The server asks
 * Unsplash's search API with the site's access key; the thumbnail designer's dialog shows the photos with their credit.
 */

/**
 * The app configuration's feature flag (GET /app/config features) saying the site has an Unsplash access key: the
 * thumbnail designer offers Search images only then, rather than a dialog that can only say the search is not set up.
 */
export const IMAGE_SEARCH_FEATURE = "image_search";

/** Photos a page of the dialog shows (the spec's "Image search 12 per page"). */
export const IMAGE_SEARCH_PER_PAGE = 12;
/** The most photos one call may ask for (Unsplash's own per_page limit). */
export const IMAGE_SEARCH_LIMIT_MAX = 30;
/** The longest search term. */
export const IMAGE_SEARCH_TERM_MAX = 100;
/** The highest page asked for (Unsplash answers few pages deep; a bound keeps the upstream call sane). */
export const IMAGE_SEARCH_PAGE_MAX = 1000;

export const IMAGE_SEARCH_MESSAGES = {
  termRequired: "Type what to search images for.",
  termTooLong: `The image search may be at most ${IMAGE_SEARCH_TERM_MAX} characters.`,
  badPage: `The page must be a whole number from 1 to ${IMAGE_SEARCH_PAGE_MAX}.`,
  badLimit: `The limit must be a whole number from 1 to ${IMAGE_SEARCH_LIMIT_MAX}.`,
  /** 503: the site has no Unsplash access key (UNSPLASH_ACCESS_KEY). */
  notSetUp: "Image search is not set up on this site.",
  /** 502: Unsplash failed, timed out or answered something unreadable. */
  unavailable: "Image search is not available right now. Please try again later.",
  /** Said in the dialog when a chosen photo's bytes could not be fetched (its host refused, the network failed, no image). */
  photoLoadFailed: "The photo could not be loaded. Please choose another.",
  /** 422: POST /images/unsplash/download was given something other than an address on Unsplash's API. */
  badDownloadLocation: "The download location must be a photo's download address on Unsplash's API.",
  /** 502: Unsplash did not take the download call (an error status, a timeout, no connection). */
  downloadFailed: "Unsplash could not be told that the photo was used. Please try again later.",
} as const;

/** A whole number from a JSON number or a numeric string (forms and query-like bodies send text). */
const wholeNumber = (message: string, max: number) =>
  z.preprocess((value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value), z.number({ error: message }).int(message).min(1, message).max(max, message));

/** POST /images/unsplash/search: st (trimmed, 1 to 100 characters), page (from 1), limit (12 by default, at most 30). */
export const ImageSearchRequest = z.object({
  st: z.string({ error: IMAGE_SEARCH_MESSAGES.termRequired }).trim().min(1, IMAGE_SEARCH_MESSAGES.termRequired).max(IMAGE_SEARCH_TERM_MAX, IMAGE_SEARCH_MESSAGES.termTooLong),
  page: wholeNumber(IMAGE_SEARCH_MESSAGES.badPage, IMAGE_SEARCH_PAGE_MAX).default(1),
  limit: wholeNumber(IMAGE_SEARCH_MESSAGES.badLimit, IMAGE_SEARCH_LIMIT_MAX).default(IMAGE_SEARCH_PER_PAGE),
});
export type ImageSearchRequest = z.input<typeof ImageSearchRequest>;

/** One photo (the spec's "Image search photo": id, urls.small, user (name, links), links), as Unsplash names its fields. */
export const ImageSearchPhoto = z.object({
  id: z.string(),
  /**
   * https addresses on Unsplash's image host: small, about 400 px wide, for the dialog's grid; regular, about 1080 px
   * wide, fetched for the photo chosen, so the cropper works from at least the 512 px a thumbnail is saved at.
   */
  urls: z.object({ small: z.string(), regular: z.string() }),
  /** The photographer: the name the credit shows and their Unsplash profile. */
  user: z.object({ name: z.string(), links: z.object({ html: z.string() }) }),
  /** The photo's page on Unsplash, and the download endpoint Unsplash asks applications to call when a photo is used. */
  links: z.object({ html: z.string(), download_location: z.string() }),
});
export type ImageSearchPhoto = z.infer<typeof ImageSearchPhoto>;

/** The longest download location accepted (Unsplash's are about 150 characters). */
export const IMAGE_DOWNLOAD_LOCATION_MAX = 2000;

/**
 * POST /images/unsplash/download: a used photo's links.download_location, which the server calls with the site's key
 * (Unsplash's API guidelines ask an application to when a photo is used). Its origin is checked by the server, which
 * knows the API's address.
 */
export const ImageDownloadRequest = z.object({
  download_location: z
    .string({ error: IMAGE_SEARCH_MESSAGES.badDownloadLocation })
    .trim()
    .min(1, IMAGE_SEARCH_MESSAGES.badDownloadLocation)
    .max(IMAGE_DOWNLOAD_LOCATION_MAX, IMAGE_SEARCH_MESSAGES.badDownloadLocation),
});
export type ImageDownloadRequest = z.infer<typeof ImageDownloadRequest>;

/** The answer: a page of photos and how many photos the search found in all. */
export const ImageSearchResponse = z.object({ data: z.array(ImageSearchPhoto), total: z.number().int() });
export type ImageSearchResponse = z.infer<typeof ImageSearchResponse>;

/** The credit Unsplash's guidelines ask for beside a photo: "Photo by {name} on Unsplash". */
export const unsplashCredit = (name: string): string => `Photo by ${name} on Unsplash`;

/** Where Unsplash serves its photos: the one outside origin the web app may fetch from (CSP connect-src), to crop a chosen photo. */
export const UNSPLASH_IMAGES_ORIGIN = "https://images.unsplash.com";

/**
 * A credit link to Unsplash or a photographer's page, with the referral parameters Unsplash's guidelines ask
 * applications to add (utm_source: the application's name, utm_medium=referral).
 */
export function unsplashReferral(address: string): string {
  const url = URL.parse(address);
  if (!url) return address;
  url.searchParams.set("utm_source", "curriculum_commons");
  url.searchParams.set("utm_medium", "referral");
  return url.toString();
}

/** Unsplash's own page, the "Unsplash" of the credit. */
export const UNSPLASH_HOME = "https://unsplash.com/";
