import http from "node:http";
import { listenLocal, sendJson } from "./localHttp.js";
import { solidPng } from "./sampleFiles.js";

/** A search request the fake received: its query parameters and the headers the server sent. */
export interface FakeUnsplashRequest {
  query: string | null;
  page: string | null;
  perPage: string | null;
  authorization: string | undefined;
  acceptVersion: string | undefined;
}

/** A download tracking call the fake received (GET of a photo's links.download_location): the path and query, the headers. */
export interface FakeUnsplashDownload {
  path: string;
  authorization: string | undefined;
  acceptVersion: string | undefined;
}

export interface FakeUnsplash {
  /** Its address, to give the server as UNSPLASH_API_URL. */
  url: string;
  /** The searches it answered, oldest first. */
  requests: FakeUnsplashRequest[];
  /** The download tracking calls it answered (a photo's download_location, called when the photo is used), oldest first. */
  downloads: FakeUnsplashDownload[];
  close(): Promise<void>;
}

/** Photos every ordinary search finds (so 12 a page makes 4 pages, the last with 4). */
export const FAKE_UNSPLASH_TOTAL = 40;

/** The photographer of the fake's photo `n` (from 1). */
export const fakePhotographer = (n: number): string => `Photographer ${n}`;

/**
 * A stand-in for Unsplash's API (GET /search/photos, the photos' images, and GET /photos/{id}/download, the download
 * tracking a photo's links.download_location points at: recorded in `downloads`; ids "fail" and "slow" answer 500 and
 * never), which cannot be reached from the machines
 * the tests run on. It refuses any Authorization but `Client-ID {accessKey}` with 401 as Unsplash does. Search terms
 * choose its behaviour: "revoked" answers 401 as to a refused key, "fail" answers 500, "slow" never answers, "garbage" answers HTML, "broken" finds one photo whose image is missing (404), "unsafe" mixes photos with
 * addresses the server must not pass on among good ones; any other term finds FAKE_UNSPLASH_TOTAL photos, paged by
 * page and per_page, whose urls.small are small PNGs (48 × 32) and urls.regular large ones (1080 × 720) it serves itself (with Access-Control-Allow-Origin: *, as
 * Unsplash's image host does).
 */
export async function startFakeUnsplash(options: { accessKey: string; port?: number; host?: string }): Promise<FakeUnsplash> {
  const requests: FakeUnsplashRequest[] = [];
  const downloads: FakeUnsplashDownload[] = [];
  const png = solidPng(48, 32, [200, 120, 40]);
  // urls.regular: as Unsplash's, 1080 px wide (the grid's small one stays tiny).
  const regularPng = solidPng(1080, 720, [200, 120, 40]);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (req.method === "GET" && /^\/photos\/[\w-]+\.png$/.test(url.pathname)) {
      res.writeHead(200, { "Content-Type": "image/png", "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" }).end(url.pathname.endsWith("-regular.png") ? regularPng : png);
      return;
    }
    const download = req.method === "GET" ? /^\/photos\/([\w-]+)\/download$/.exec(url.pathname) : null;
    if (download) {
      downloads.push({ path: url.pathname + url.search, authorization: req.headers.authorization, acceptVersion: req.headers["accept-version"] as string | undefined });
      if (req.headers.authorization !== `Client-ID ${options.accessKey}`) return sendJson(res, 401, { errors: ["OAuth error: The access token is invalid"] });
      if (download[1] === "slow") return; // held open until the server gives up
      if (download[1] === "fail") return sendJson(res, 500, { errors: ["Internal error"] });
      return sendJson(res, 200, { url: `${base}/photos/${download[1]}-regular.png` });
    }
    if (req.method !== "GET" || url.pathname !== "/search/photos") {
      sendJson(res, 404, { errors: ["Not found"] });
      return;
    }
    const query = url.searchParams.get("query");
    requests.push({ query, page: url.searchParams.get("page"), perPage: url.searchParams.get("per_page"), authorization: req.headers.authorization, acceptVersion: req.headers["accept-version"] as string | undefined });
    // "revoked" answers as Unsplash does to a key it no longer accepts (a browser test cannot change the server's key).
    if (req.headers.authorization !== `Client-ID ${options.accessKey}` || query === "revoked") {
      sendJson(res, 401, { errors: ["OAuth error: The access token is invalid"] });
      return;
    }
    if (query === "slow") return; // held open until the server gives up (or the fake closes)
    if (query === "fail") return sendJson(res, 500, { errors: ["Internal error"] });
    if (query === "garbage") return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Service Unavailable</body></html>");
    const page = Number(url.searchParams.get("page") ?? 1);
    const perPage = Number(url.searchParams.get("per_page") ?? 10);
    const results =
      query === "unsafe"
        ? [
            photo(1, { small: "javascript:alert(1)" }),
            photo(2, { small: "http://elsewhere.example/p.png" }),
            photo(3, { profile: "javascript:alert(1)" }),
            photo(4, { download: "data:text/html,hi" }),
            photo(5, {}),
            photo(6, { regular: "http://elsewhere.example/r.png" }),
          ]
        : query === "broken"
          ? [photo(1, { small: `${base}/missing/photo-1.png`, regular: `${base}/missing/photo-1-regular.png` })]
          : Array.from({ length: Math.max(0, Math.min(perPage, FAKE_UNSPLASH_TOTAL - (page - 1) * perPage)) }, (_, i) => photo((page - 1) * perPage + i + 1, {}));
    sendJson(res, 200, { total: query === "unsafe" ? 6 : query === "broken" ? 1 : FAKE_UNSPLASH_TOTAL, total_pages: Math.ceil(FAKE_UNSPLASH_TOTAL / perPage), results });
  });
  /** Photo `n` as Unsplash answers it (with fields the server leaves behind), some addresses replaced. */
  const photo = (n: number, replace: { small?: string; regular?: string; profile?: string; download?: string }) => ({
    id: `photo-${n}`,
    alt_description: `photo number ${n}`,
    urls: { raw: `https://images.unsplash.example/raw-${n}`, regular: replace.regular ?? `${base}/photos/photo-${n}-regular.png`, small: replace.small ?? `${base}/photos/photo-${n}.png`, thumb: `${base}/photos/photo-${n}.png` },
    user: { name: fakePhotographer(n), username: `photographer${n}`, links: { html: replace.profile ?? `https://unsplash.com/@photographer${n}`, self: `https://api.unsplash.com/users/photographer${n}` } },
    links: { html: `https://unsplash.com/photos/photo-${n}`, download: `https://unsplash.com/photos/photo-${n}/download`, download_location: replace.download ?? `${base}/photos/photo-${n}/download?ixid=fake-${n}` },
  });
  const local = await listenLocal(server, options);
  const base = local.url;
  return { url: base, requests, downloads, close: local.close };
}
