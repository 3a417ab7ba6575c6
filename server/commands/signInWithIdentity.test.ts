import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/testServer.js";
import { signInWithIdentity } from "./signInWithIdentity.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe("first sign-ins through a provider at the same moment", () => {
  it("gives two people whose claims make one username two accounts, the second with the next free username", async () => {
    const [a, b] = await Promise.all([
      signInWithIdentity(server.db, { provider: "test", claims: { sub: "race-a", preferred_username: "Sam Racer", name: "Sam A" } }),
      signInWithIdentity(server.db, { provider: "test", claims: { sub: "race-b", preferred_username: "Sam Racer", name: "Sam B" } }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect([a.username, b.username].sort()).toEqual(["sam.racer", "sam.racer-2"]);
    // Each subject signs in again as its own account.
    expect((await signInWithIdentity(server.db, { provider: "test", claims: { sub: "race-b", preferred_username: "Sam Racer" } })).id).toBe(b.id);
  });

  it("signs one person's two simultaneous first sign-ins (two tabs) into one account, leaving no second profile", async () => {
    const claims = { sub: "twice", preferred_username: "twin.tabs", name: "Twin Tabs" };
    const [first, second] = await Promise.all([signInWithIdentity(server.db, { provider: "test", claims }), signInWithIdentity(server.db, { provider: "test", claims })]);
    expect(second.id).toBe(first.id);
    const profiles = await server.db.selectFrom("profiles").select("username").where("username", "like", "twin.tabs%").execute();
    expect(profiles.map((p) => p.username)).toEqual(["twin.tabs"]);
    const listed = await server.db.selectFrom("content").select("id").where("model_key", "=", "user").where("profile_id", "=", first.id).execute();
    expect(listed).toHaveLength(1);
  });
});
