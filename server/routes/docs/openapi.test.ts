import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApi } from "../../../contract/openapi.js";
import { buildContent, buildUser } from "../../test/factories.js";
import { useTestServer } from "../../test/useServer.js";

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content: { "application/json": { schema: object } } }> }>> };

/** The API reference tells the truth: real answers, good and bad, fit the schema it documents for their status. */
describe("the OpenAPI reference", () => {
  const { server } = useTestServer({ env: { AUTH_RATE_LIMIT: "3" } });
  const doc = buildOpenApi() as unknown as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  beforeAll(async () => {
    const owner = await buildUser(server.db);
    await buildContent(server.db, { ownerId: owner.id, title: "Volcano Model" });
  });

  const fits = (method: string, path: string, status: number, body: unknown) => {
    const documented = doc.paths[path]?.[method]?.responses[String(status)];
    expect(documented, `${method} ${path} documents ${status}`).toBeDefined();
    const validate = ajv.compile(documented!.content["application/json"].schema);
    expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status}: ${JSON.stringify(body).slice(0, 200)}`).toEqual([]);
  };

  it("documents the answers of sign-in, bootstrap, search and favorites as they are", async () => {
    const c = server.client();
    for (const path of ["/getInitializeData", "/app/config", "/providers"]) {
      const res = await c.get(path);
      fits("get", path, res.status, res.body);
    }
    for (const q of ["query=volcano", "query=vo", "page=0"]) {
      const res = await c.get(`/api/search?${q}`);
      fits("get", "/api/search", res.status, res.body);
    }
    const legacy = await c.post("/search", { st: "volcano" });
    fits("post", "/search", legacy.status, legacy.body);
    const bad = await c.post("/search", { st: { a: 1 } });
    fits("post", "/search", bad.status, bad.body);

    // Sign-in's failures carry the spec's errors[] list: missing fields, bad credentials, then the rate limit.
    const statuses: number[] = [];
    for (const body of [{}, { username: "nobody", password: "wrong" }, { username: "nobody", password: "wrong" }, { username: "nobody", password: "wrong" }]) {
      const res = await c.post("/auth", body);
      statuses.push(res.status);
      fits("post", "/auth", res.status, res.body);
    }
    expect(statuses).toEqual([422, 401, 401, 429]);
    const forgot = await c.post("/auth/forgot", { email: "" });
    fits("post", "/auth/forgot", forgot.status, forgot.body);
    const favorite = await c.post("/profile/favorite", { type: "resource:1" });
    fits("post", "/profile/favorite", favorite.status, favorite.body);
    const withoutToken = await c.request("POST", "/profile/favorite", { type: "resource:1" });
    fits("post", "/profile/favorite", withoutToken.status, withoutToken.body);
    const notJson = await fetch(`${server.url}/profile/favorite`, { method: "POST", headers: { "content-type": "application/json", cookie: c.cookieHeader(), "x-csrf-token": await c.token() }, body: "{oops" });
    fits("post", "/profile/favorite", notJson.status, await notJson.json());
  });
});
