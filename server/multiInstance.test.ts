import { beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "./boot.js";
import { parseTrustProxy } from "./config.js";
import { buildContent, buildUser, signedInClient, type TestUser } from "./test/factories.js";
import { TestClient, startTestServer } from "./test/testServer.js";
import { useTestServer } from "./test/useServer.js";

// Several instances on one database, as behind a load balancer: one browser's consecutive requests land on
// different instances. (Shared sessions, the rate limit, locks, imports and the search caches have their own
// files: auth, locks, importJobs, searchCache.)
describe("two instances on one database", () => {
  const { server } = useTestServer({ env: { SEARCH_CACHE: "1" } });
  let other: RunningServer;
  let owner: TestUser;
  const titles = (body: { data: { title: string }[] }) => body.data.map((d) => d.title).sort();

  beforeAll(async () => {
    other = await server.startInstance();
    owner = await buildUser(server.db, { name: "Scale Owner" });
  });

  it("signs out on every instance at once, a remembered session included", async () => {
    const here = server.client();
    await here.signIn(owner.username!, owner.password, true);
    const there = here.at(other.url);
    expect((await there.get("/getInitializeData")).body.profile.id).toBe(owner.id);
    // The CSRF token fetched from one instance is good on the other.
    await here.token();
    expect((await here.at(other.url).post("/auth/logout")).status).toBe(200);
    for (const c of [here, there]) expect((await c.get("/getInitializeData")).body.profile).toBeNull();
  });

  it("shows an item saved through one instance in the other's cached searches, facets and guest ETags at once", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Axolotl Habitat Plan" });
    const guest = new TestClient(server.url);
    const first = await guest.get("/api/search?query=axolotl");
    expect(titles(first.body)).toEqual(["Axolotl Habitat Plan"]);
    expect((await guest.get("/api/search?query=axolotl")).headers.get("etag")).toBe(first.headers.get("etag"));
    expect((await guest.get("/api/search?query=salamander")).body.total).toBe(0);

    const editor = (await signedInClient(server, owner)).at(other.url);
    expect((await editor.post("/update-lock", { type: plan.model_key, type_id: plan.id })).body.locked).toBe(false);
    expect((await editor.post(`/lesson-plans/${plan.uid}/update`, { title: "Axolotl Salamander Plan" })).status).toBe(200);

    const again = await guest.get("/api/search?query=axolotl");
    expect(titles(again.body)).toEqual(["Axolotl Salamander Plan"]);
    expect(again.headers.get("etag")).not.toBe(first.headers.get("etag"));
    const found = await guest.get("/api/search?query=salamander");
    expect(found.body.total).toBe(1);
    expect(found.body.facets.types.all).toBe(1);
  });
});

// Behind a load balancer, the client's address (the sign-in rate limit's key) and HTTPS come from the
// balancer's X-Forwarded-For and X-Forwarded-Proto, believed only from the proxies TRUST_PROXY names.
describe("TRUST_PROXY", () => {
  const signInFrom = async (c: TestClient, address: string) =>
    (await c.request("POST", "/auth", { username: "someone", password: "wrong" }, { "x-csrf-token": await c.token(), "x-forwarded-for": address })).status;

  it("reads Express's trust proxy values: addresses and subnets, hops, true or false; loopback by default", () => {
    expect(parseTrustProxy(undefined)).toBe("loopback");
    expect(parseTrustProxy(" 10.0.0.0/8, 192.0.2.7 ")).toBe("10.0.0.0/8, 192.0.2.7");
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("false")).toBe(false);
  });

  it("counts sign-in attempts per forwarded client address from a trusted proxy, and per connection from any other", async () => {
    for (const [trustProxy, shared] of [["loopback", false], ["192.0.2.1", true]] as const) {
      const server = await startTestServer({ env: { AUTH_RATE_LIMIT: "2", TRUST_PROXY: trustProxy } });
      try {
        const c = server.client();
        expect([await signInFrom(c, "203.0.113.1"), await signInFrom(c, "203.0.113.1"), await signInFrom(c, "203.0.113.1")]).toEqual([401, 401, 429]);
        expect(await signInFrom(server.client(), "203.0.113.2"), trustProxy).toBe(shared ? 429 : 401);
      } finally {
        await server.stop();
      }
    }
  });
});
