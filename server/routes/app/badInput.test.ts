import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { OPERATIONS } from "../../../contract/openapi.js";
import { buildCollection, buildContent, buildGroup, buildSignedInUser, buildUser } from "../../test/factories.js";
import { startFakeUnsplash, type FakeUnsplash } from "../../test/fakeUnsplash.js";
import { startFakeZoom, type FakeZoom } from "../../test/fakeZoom.js";
import { type Answer, type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/**
 * Values a careless or hostile client sends where an id, a text or a list belongs: past PostgreSQL's integer and
 * bigint, negative, fractional, not numbers at all, too long, of the wrong JSON type.
 */
const BAD_VALUES: unknown[] = [2_147_483_648, 1e20, -1, 1.5, "x", "x".repeat(20_000), { $gt: "" }, [["nested"]], null, true];
/** Thousands of requests in each test: minutes when the whole suite runs beside it on two cores (14 to 16 s alone). */
const SWEEP_TIMEOUT_MS = 240_000;
/** The same for path segments and query strings (text only). */
const BAD_TEXTS = ["2147483648", "99999999999999999999", "-1", "1.5", "x", "x".repeat(3_000), "%ZZ", "..%2F..%2Fetc", "%F0%9F%92%A9"];

/** The top-level fields a call's request body documents (none when it has no JSON object body). */
function bodyFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** What went wrong with one answer, or null when it is a clean refusal or a success. */
function defect(answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  if (answer.status >= 400 && answer.status !== 404 && typeof (answer.body as { message?: unknown } | null)?.message !== "string") return `${answer.status} without a JSON message: ${String(answer.body).slice(0, 120)}`;
  return null;
}

// The brief's rule, checked over the whole API reference: a user's mistake gets a 4xx with a JSON message, never a
// 500. Each documented call is sent as an admin (so authorization lets it through to validation), with every path
// parameter, query parameter and body field in turn replaced by a bad value, on both databases.
describe("bad input on every documented call", () => {
  let unsplash: FakeUnsplash;
  let zoom: FakeZoom;
  beforeAll(async () => {
    // The image search asks Unsplash, which cannot be reached from here: a stand-in answers it (without one its
    // documented 503 "not set up" would read as a defect).
    unsplash = await startFakeUnsplash({ accessKey: "sweep-key" });
    // Zoom likewise (its calls answer 503 "not set up" without an OAuth app).
    zoom = await startFakeZoom({ clientId: "sweep-id", clientSecret: "sweep-secret" });
  });
  afterAll(async () => {
    await unsplash.close();
    await zoom.close();
  });
  const { server } = useTestServer(() => ({ env: { UNSPLASH_API_URL: unsplash.url, UNSPLASH_ACCESS_KEY: "sweep-key", ZOOM_CLIENT_ID: "sweep-id", ZOOM_CLIENT_SECRET: "sweep-secret", ZOOM_OAUTH_URL: zoom.url, ZOOM_API_URL: `${zoom.url}/v2` } }));
  let admin: TestClient;
  let params: Record<string, string>;

  beforeAll(async () => {
    const [user, client] = await buildSignedInUser(server, { admin: true });
    admin = client;
    const other = await buildUser(server.db);
    const item = await buildContent(server.db, { ownerId: user.id, title: "Tide Pools" });
    const collection = await buildCollection(server.db, { ownerId: user.id, title: "Shore Walks" }, [item]);
    await buildGroup(server.db, user, [other]);
    params = {
      typePath: "resources",
      uid: item.uid,
      id: String(item.id),
      itemId: String(item.id),
      modelKey: "resource",
      model_key: "resource",
      modelId: String(item.id),
      modelType: "resource",
      provider: "test",
      style: "solid",
      name: "house",
      file: "missing.png",
      key: "missing",
      kind: "content",
      collectionUid: collection.uid,
    };
  });

  /** The operation's path with its parameters filled: the known good value, except `bad` for the one named `which`. */
  const pathOf = (path: string, which?: string, bad?: string) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => (name === which ? bad! : encodeURIComponent(params[name] ?? "x")));

  // Redirects and the pages of a popup (sign-in with a provider, connecting Zoom) answer HTML or a 302, not JSON.
  const calls = OPERATIONS.filter((op) => !["/auth/logout", "/auth/sso/{provider}", "/auth/sso/{provider}/callback", "/system/third-party-accounts/zoom/connect", "/system/third-party-accounts/zoom/callback"].includes(op.path));

  it("answers a bad path parameter or query parameter with a clean 4xx", async () => {
    const defects: string[] = [];
    const record = async (label: string, answer: Promise<Answer>) => {
      const problem = defect(await answer);
      if (problem) defects.push(`${label}: ${problem}`);
    };
    for (const op of calls) {
      const method = op.method.toUpperCase();
      const send = (path: string) => (method === "GET" ? admin.get(path) : admin.send(method, path, op.multipart ? undefined : {}));
      for (const name of op.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
        for (const bad of BAD_TEXTS) await record(`${method} ${op.path} {${name}}=${bad.slice(0, 24)}`, send(pathOf(op.path, name, bad)));
      }
      for (const q of op.query ?? []) {
        const name = encodeURIComponent(q.name);
        for (const bad of [...BAD_TEXTS, "a&NAME=b", "NAME[a]=1"]) {
          const query = bad.includes("NAME") ? `${name}=${bad.replaceAll("NAME", name)}` : `${name}=${bad}`;
          await record(`${method} ${op.path}?${q.name}=${bad.slice(0, 24)}`, send(`${pathOf(op.path)}?${query}`));
        }
      }
    }
    expect(defects).toEqual([]);
  }, SWEEP_TIMEOUT_MS);

  it("answers a bad JSON body with a clean 4xx", async () => {
    const defects: string[] = [];
    for (const op of calls.filter((o) => o.method !== "get" && !o.multipart)) {
      const method = op.method.toUpperCase();
      const path = pathOf(op.path);
      const bodies: [string, unknown][] = [
        ["[]", []],
        ["\"text\"", "text"],
        ["null", null],
      ];
      for (const field of bodyFields(op.request)) for (const bad of BAD_VALUES) bodies.push([`${field}=${JSON.stringify(bad).slice(0, 24)}`, { [field]: bad }]);
      for (const [label, body] of bodies) {
        const problem = defect(await admin.send(method, path, body));
        if (problem) defects.push(`${method} ${op.path} ${label}: ${problem}`);
      }
      const broken = defect(await admin.request(method, path, "{\"title\": ", { "x-csrf-token": await admin.token() }));
      if (broken) defects.push(`${method} ${op.path} malformed JSON: ${broken}`);
    }
    expect(defects).toEqual([]);
  }, SWEEP_TIMEOUT_MS);

  it("answers a bad upload with a clean 4xx", async () => {
    const defects: string[] = [];
    const junk = { name: "junk.png", data: new TextEncoder().encode("not an image at all"), type: "image/png" };
    for (const op of calls.filter((o) => o.multipart)) {
      const path = pathOf(op.path);
      const fields = bodyFields(op.request);
      const forms: [string, Parameters<TestClient["postFiles"]>[1]][] = [["no fields", {}]];
      for (const field of fields) {
        forms.push([`${field}=junk file`, { [field]: junk }]);
        for (const bad of BAD_TEXTS) forms.push([`${field}=${bad.slice(0, 24)}`, { [field]: bad }]);
      }
      for (const [label, form] of forms) {
        const problem = defect(await admin.postFiles(path, form));
        if (problem) defects.push(`POST ${op.path} ${label}: ${problem}`);
      }
    }
    expect(defects).toEqual([]);
  }, SWEEP_TIMEOUT_MS);
});
