import { z } from "zod";
import { IMAGE_SEARCH_MESSAGES, type ImageSearchPhoto, type ImageSearchResponse } from "../../contract/index.js";
import type { ServerConfig } from "../config.js";
import { HttpError } from "./errors.js";

/** What is read of Unsplash's GET /search/photos answer; anything else it sends is left behind. */
const UpstreamAnswer = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      id: z.string().min(1),
      urls: z.object({ small: z.string(), regular: z.string() }),
      user: z.object({ name: z.string().nullish(), username: z.string().nullish(), links: z.object({ html: z.string() }) }),
      links: z.object({ html: z.string(), download_location: z.string() }),
    }),
  ),
});

/**
 * Whether an address from Unsplash's answer may reach the browser (as an image to fetch or a link to follow): https
 * only, or the API's own origin (a stand-in on 127.0.0.1 in the tests serves its images over http from itself).
 * Never javascript:, data: or plain http elsewhere.
 */
export function acceptedAddress(value: string, apiUrl: string): boolean {
  const url = URL.parse(value);
  if (!url || url.username || url.password) return false;
  return url.protocol === "https:" || url.origin === new URL(apiUrl).origin;
}

/** The photo as the contract names it, or null when one of its addresses is not accepted. */
function presentPhoto(photo: z.infer<typeof UpstreamAnswer>["results"][number], apiUrl: string): ImageSearchPhoto | null {
  const addresses = [photo.urls.small, photo.urls.regular, photo.user.links.html, photo.links.html, photo.links.download_location];
  if (!addresses.every((address) => acceptedAddress(address, apiUrl))) return null;
  return {
    id: photo.id,
    urls: { small: photo.urls.small, regular: photo.urls.regular },
    user: { name: photo.user.name?.trim() || photo.user.username || "Unknown", links: { html: photo.user.links.html } },
    links: { html: photo.links.html, download_location: photo.links.download_location },
  };
}

/**
 * One page of Unsplash's photo search (GET {apiUrl}/search/photos with the site's access key). Without a key: 503.
 * A refused key (401) is the site's setup too: 503. Any other failure (an error status, a timeout, no connection, an
 * answer that is not the expected JSON) is a 502 with a message; the cause goes to the log, never to the client.
 */
export async function searchUnsplashPhotos(
  settings: ServerConfig["unsplash"],
  query: { st: string; page: number; limit: number },
  log: { warn: (details: object, message: string) => void },
): Promise<ImageSearchResponse> {
  if (!settings.accessKey) throw new HttpError(503, IMAGE_SEARCH_MESSAGES.notSetUp);
  const url = new URL(`${settings.apiUrl}/search/photos`);
  url.search = new URLSearchParams({ query: query.st, page: String(query.page), per_page: String(query.limit) }).toString();
  let body: unknown;
  try {
    const res = await fetch(url, {
      headers: { Authorization: `Client-ID ${settings.accessKey}`, "Accept-Version": "v1", Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (res.status === 401) {
      log.warn({ status: res.status }, "Unsplash refused the access key (UNSPLASH_ACCESS_KEY)");
      throw new HttpError(503, IMAGE_SEARCH_MESSAGES.notSetUp);
    }
    if (!res.ok) {
      log.warn({ status: res.status }, "Unsplash's photo search failed");
      throw new HttpError(502, IMAGE_SEARCH_MESSAGES.unavailable);
    }
    body = await res.json();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "Unsplash's photo search did not answer");
    throw new HttpError(502, IMAGE_SEARCH_MESSAGES.unavailable);
  }
  const parsed = UpstreamAnswer.safeParse(body);
  if (!parsed.success) {
    log.warn({ issue: parsed.error.issues[0]?.message }, "Unsplash's photo search answered an unexpected shape");
    throw new HttpError(502, IMAGE_SEARCH_MESSAGES.unavailable);
  }
  const data = parsed.data.results.map((photo) => presentPhoto(photo, settings.apiUrl)).filter((photo) => photo !== null);
  return { data, total: parsed.data.total };
}

/**
 * Whether an address is a photo's download endpoint on the configured API (`{API}/photos/{id}/download`, any query):
 * the API's origin and path, no credentials. Only that endpoint: any other GET of the API (a search, a user's photos)
 * made with the site's key on a signed-in person's say would spend the site's quota for nothing Unsplash asks.
 */
function isDownloadAddress(url: URL, api: URL): boolean {
  if (url.username || url.password || url.origin !== api.origin) return false;
  const base = api.pathname.replace(/\/+$/, "");
  return url.pathname.startsWith(`${base}/photos/`) && /^\/photos\/[\w-]+\/download$/.test(url.pathname.slice(base.length));
}

/**
 * Unsplash's download tracking: calls a used photo's `links.download_location` (GET, with the site's access key), as
 * its API guidelines ask. Only a photo's download endpoint on the configured API is called (422 otherwise), so the call
 * cannot be pointed anywhere else with the site's key. Without a key: 503. Any failure of the call (an error status,
 * the key refused, a timeout, no connection) is a 502 with a message; the cause goes to the log.
 */
export async function trackUnsplashDownload(settings: ServerConfig["unsplash"], downloadLocation: string, log: { warn: (details: object, message: string) => void }): Promise<void> {
  if (!settings.accessKey) throw new HttpError(503, IMAGE_SEARCH_MESSAGES.notSetUp);
  const url = URL.parse(downloadLocation);
  if (!url || !isDownloadAddress(url, new URL(settings.apiUrl))) {
    throw new HttpError(422, IMAGE_SEARCH_MESSAGES.badDownloadLocation, { download_location: [IMAGE_SEARCH_MESSAGES.badDownloadLocation] });
  }
  try {
    const res = await fetch(url, {
      headers: { Authorization: `Client-ID ${settings.accessKey}`, "Accept-Version": "v1", Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    // Nothing of the answer is needed (Unsplash answers the photo's file address); it is read to free the connection.
    await res.arrayBuffer();
    if (!res.ok) {
      log.warn({ status: res.status }, "Unsplash's download tracking call failed");
      throw new HttpError(502, IMAGE_SEARCH_MESSAGES.downloadFailed);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "Unsplash's download tracking call did not answer");
    throw new HttpError(502, IMAGE_SEARCH_MESSAGES.downloadFailed);
  }
}
