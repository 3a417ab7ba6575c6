import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_DOWNLOAD_LOCATION_MAX, IMAGE_SEARCH_FEATURE, IMAGE_SEARCH_MESSAGES, MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildSignedInClient, statusesByRole } from "../../test/factories.js";
import { FAKE_UNSPLASH_TOTAL, fakePhotographer, startFakeUnsplash, type FakeUnsplash } from "../../test/fakeUnsplash.js";
import { startTestServer } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

const KEY = "test-access-key";
const PATH = "/images/unsplash/search";
const DOWNLOAD = "/images/unsplash/download";

// POST /images/unsplash/search: the image search dialog's photos. Unsplash cannot be reached from here, so the server
// asks a stand-in for its API on 127.0.0.1 (server/test/fakeUnsplash.ts), through UNSPLASH_API_URL.
describe("the image search", () => {
  let fake: FakeUnsplash;
  beforeAll(async () => {
    fake = await startFakeUnsplash({ accessKey: KEY });
  });
  afterAll(() => fake.close());
  const { server, cast } = useCast(() => ({ env: { UNSPLASH_API_URL: fake.url, UNSPLASH_ACCESS_KEY: KEY, UNSPLASH_TIMEOUT_MS: "500" } }));
  const fits = apiReferenceCheck();

  it("answers signed-in people only (a guest gets 401 and Unsplash is not asked), every role alike", async () => {
    const asked = fake.requests.length;
    const guest = await cast.clients.guest.post(PATH, { st: "plants" });
    fits("post", PATH, guest);
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    expect(fake.requests.length).toBe(asked);
    expect(await statusesByRole(cast.clients, (c) => c.post(PATH, { st: "plants" }))).toEqual({ owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200, guest: 401 });
  });

  it("asks Unsplash with the site's key and answers the photos as the spec names them, 12 a page by default", async () => {
    const res = await cast.clients.member.post(PATH, { st: "  green plants " });
    fits("post", PATH, res);
    expect(res.status).toBe(200);
    expect(fake.requests.at(-1)).toEqual({ query: "green plants", page: "1", perPage: "12", authorization: `Client-ID ${KEY}`, acceptVersion: "v1" });
    expect(res.body.total).toBe(FAKE_UNSPLASH_TOTAL);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data[0]).toEqual({
      id: "photo-1",
      urls: { small: `${fake.url}/photos/photo-1.png`, regular: `${fake.url}/photos/photo-1-regular.png` },
      user: { name: fakePhotographer(1), links: { html: "https://unsplash.com/@photographer1" } },
      links: { html: "https://unsplash.com/photos/photo-1", download_location: `${fake.url}/photos/photo-1/download?ixid=fake-1` },
    });
  });

  it("passes page and limit through (numbers or numeric text)", async () => {
    const second = await cast.clients.member.post(PATH, { st: "plants", page: 2 });
    expect(fake.requests.at(-1)).toMatchObject({ page: "2", perPage: "12" });
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual(Array.from({ length: 12 }, (_, i) => `photo-${13 + i}`));
    const last = await cast.clients.member.post(PATH, { st: "plants", page: "2", limit: "30" });
    fits("post", PATH, last);
    expect(fake.requests.at(-1)).toMatchObject({ page: "2", perPage: "30" });
    expect(last.body.data).toHaveLength(FAKE_UNSPLASH_TOTAL - 30);
  });

  it("passes on only https addresses (or the API's own origin), leaving out photos with any other", async () => {
    const res = await cast.clients.member.post(PATH, { st: "unsafe" });
    fits("post", PATH, res);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual(["photo-5"]);
  });

  it("refuses a missing, empty, too long or odd search, page or limit with 422 and the contract's message", async () => {
    const asked = fake.requests.length;
    const cases: [unknown, string][] = [
      [{}, IMAGE_SEARCH_MESSAGES.termRequired],
      [{ st: "   " }, IMAGE_SEARCH_MESSAGES.termRequired],
      [{ st: 42 }, IMAGE_SEARCH_MESSAGES.termRequired],
      [{ st: "x".repeat(101) }, IMAGE_SEARCH_MESSAGES.termTooLong],
      [{ st: "plants", page: 0 }, IMAGE_SEARCH_MESSAGES.badPage],
      [{ st: "plants", page: 1.5 }, IMAGE_SEARCH_MESSAGES.badPage],
      [{ st: "plants", page: "two" }, IMAGE_SEARCH_MESSAGES.badPage],
      [{ st: "plants", limit: 31 }, IMAGE_SEARCH_MESSAGES.badLimit],
      [{ st: "plants", limit: 0 }, IMAGE_SEARCH_MESSAGES.badLimit],
    ];
    for (const [body, message] of cases) {
      const res = await cast.clients.member.post(PATH, body);
      fits("post", PATH, res);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([422, message]);
    }
    expect(await cast.clients.member.post(PATH, { st: "x".repeat(100) })).toMatchObject({ status: 200 });
    expect(fake.requests.length).toBe(asked + 1);
  });

  it("answers 502 with a message, never a 500 or a trace, when Unsplash fails, times out or answers no JSON", async () => {
    for (const st of ["fail", "slow", "garbage"]) {
      const res = await cast.clients.member.post(PATH, { st });
      fits("post", PATH, res);
      expect([res.status, res.body], st).toEqual([502, { message: IMAGE_SEARCH_MESSAGES.unavailable }]);
    }
  });

  it("lets the web app fetch photos from Unsplash's image host only (CSP connect-src), and from a stand-in's own origin", async () => {
    const policy = (res: { headers: Headers }) => Object.fromEntries((res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    const withStandIn = policy(await cast.clients.guest.get("/app/config"));
    expect(withStandIn["connect-src"]).toEqual(["'self'", "https://images.unsplash.com", fake.url]);
    expect(withStandIn["img-src"]).toEqual(["'self'", "data:", "https:", fake.url]);
    const unsplash = await startTestServer({ env: { UNSPLASH_ACCESS_KEY: KEY } });
    try {
      const real = policy(await unsplash.client().get("/app/config"));
      expect(real["connect-src"]).toEqual(["'self'", "https://images.unsplash.com"]);
      expect(real["img-src"]).toEqual(["'self'", "data:", "https:"]);
    } finally {
      await unsplash.stop();
    }
  });

  it("answers 503 'not set up' without an access key (asking nobody), and when Unsplash refuses the key", async () => {
    const asked = fake.requests.length;
    const withoutKey = await startTestServer({ env: { UNSPLASH_API_URL: fake.url } });
    const wrongKey = await startTestServer({ env: { UNSPLASH_API_URL: fake.url, UNSPLASH_ACCESS_KEY: "revoked-key" } });
    try {
      const missing = await (await buildSignedInClient(withoutKey)).post(PATH, { st: "plants" });
      fits("post", PATH, missing);
      expect([missing.status, missing.body]).toEqual([503, { message: IMAGE_SEARCH_MESSAGES.notSetUp }]);
      expect(fake.requests.length).toBe(asked);
      const refused = await (await buildSignedInClient(wrongKey)).post(PATH, { st: "plants" });
      fits("post", PATH, refused);
      expect([refused.status, refused.body]).toEqual([503, { message: IMAGE_SEARCH_MESSAGES.notSetUp }]);
      expect(fake.requests.at(-1)?.authorization).toBe("Client-ID revoked-key");
      // The app configuration tells the web app whether to offer Search images at all: only with a key.
      expect((await withoutKey.client().get("/app/config")).body.features[IMAGE_SEARCH_FEATURE]).toBe(false);
      expect((await wrongKey.client().get("/app/config")).body.features[IMAGE_SEARCH_FEATURE]).toBe(true);
      expect((await server.client().get("/app/config")).body.features[IMAGE_SEARCH_FEATURE]).toBe(true);
    } finally {
      await withoutKey.stop();
      await wrongKey.stop();
    }
  });

  // POST /images/unsplash/download: Unsplash's download tracking, which the web app asks for once a thumbnail made from a
  // searched photo is saved. The stand-in records each call of a photo's download_location.
  it("calls a used photo's download location with the site's key and answers 204, for signed-in people only", async () => {
    const found = await cast.clients.member.post(PATH, { st: "plants" });
    const location: string = found.body.data[0].links.download_location;
    const called = fake.downloads.length;
    const guest = await cast.clients.guest.post(DOWNLOAD, { download_location: location });
    fits("post", DOWNLOAD, guest);
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    expect(fake.downloads.length).toBe(called);

    const res = await cast.clients.member.post(DOWNLOAD, { download_location: ` ${location} ` });
    fits("post", DOWNLOAD, res);
    expect(res.status).toBe(204);
    expect(fake.downloads.slice(called)).toEqual([{ path: "/photos/photo-1/download?ixid=fake-1", authorization: `Client-ID ${KEY}`, acceptVersion: "v1" }]);
    expect(await statusesByRole(cast.clients, (c) => c.post(DOWNLOAD, { download_location: location }))).toEqual({ owner: 204, member: 204, leader: 204, groupie: 204, moderator: 204, admin: 204, guest: 401 });
  });

  it("refuses with 422 anything but a photo's download address on the Unsplash API, calling nobody", async () => {
    const called = fake.downloads.length;
    const api = new URL(fake.url);
    const cases: unknown[] = [
      {},
      { download_location: "" },
      { download_location: "   " },
      { download_location: 42 },
      { download_location: ["x"] },
      { download_location: "not an address" },
      { download_location: "javascript:alert(1)" },
      { download_location: "https://evil.example/photos/photo-1/download" },
      { download_location: `https://${api.host}/photos/photo-1/download` },
      { download_location: `http://localhost:${api.port}/photos/photo-1/download` },
      { download_location: `http://127.0.0.1:${Number(api.port) + 1}/photos/photo-1/download` },
      { download_location: `http://user:secret@${api.host}/photos/photo-1/download` },
      { download_location: `${fake.url}/photos/photo-1/download?x=${"a".repeat(IMAGE_DOWNLOAD_LOCATION_MAX)}` },
      // The API's origin, but not a photo's download endpoint: the site's key is spent on nothing else.
      { download_location: `${fake.url}/search/photos?query=cats&per_page=30` },
      { download_location: `${fake.url}/photos/photo-1` },
      { download_location: `${fake.url}/photos/photo-1/download/extra` },
      { download_location: `${fake.url}/photos/photo-1/download/../../../search/photos?query=x` },
    ];
    for (const body of cases) {
      const res = await cast.clients.member.post(DOWNLOAD, body);
      fits("post", DOWNLOAD, res);
      expect([res.status, res.body.message], JSON.stringify(body).slice(0, 120)).toEqual([422, IMAGE_SEARCH_MESSAGES.badDownloadLocation]);
    }
    expect(fake.downloads.length).toBe(called);
  });

  it("answers 502 with a message, never a 500, when the call fails, times out or the key is refused; 503 without a key", async () => {
    for (const id of ["fail", "slow"]) {
      const res = await cast.clients.member.post(DOWNLOAD, { download_location: `${fake.url}/photos/${id}/download` });
      fits("post", DOWNLOAD, res);
      expect([res.status, res.body], id).toEqual([502, { message: IMAGE_SEARCH_MESSAGES.downloadFailed }]);
    }
    const withoutKey = await startTestServer({ env: { UNSPLASH_API_URL: fake.url } });
    const wrongKey = await startTestServer({ env: { UNSPLASH_API_URL: fake.url, UNSPLASH_ACCESS_KEY: "revoked-key" } });
    try {
      const called = fake.downloads.length;
      const missing = await (await buildSignedInClient(withoutKey)).post(DOWNLOAD, { download_location: `${fake.url}/photos/photo-1/download` });
      fits("post", DOWNLOAD, missing);
      expect([missing.status, missing.body]).toEqual([503, { message: IMAGE_SEARCH_MESSAGES.notSetUp }]);
      expect(fake.downloads.length).toBe(called);
      const refused = await (await buildSignedInClient(wrongKey)).post(DOWNLOAD, { download_location: `${fake.url}/photos/photo-1/download` });
      fits("post", DOWNLOAD, refused);
      expect([refused.status, refused.body]).toEqual([502, { message: IMAGE_SEARCH_MESSAGES.downloadFailed }]);
      expect(fake.downloads.at(-1)?.authorization).toBe("Client-ID revoked-key");
    } finally {
      await withoutKey.stop();
      await wrongKey.stop();
    }
  });
});
