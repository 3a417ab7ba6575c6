import { describe, expect, it } from "vitest";
import { signInWithIdentity } from "./signInWithIdentity.js";
import { useTestServer } from "../test/useServer.js";

const { server } = useTestServer();

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

describe("signInWithIdentity and the provider's email_verified", () => {
  const verifiedAt = async (id: number) => (await server.db.selectFrom("profiles").select("email_verified_at").where("id", "=", id).executeTakeFirstOrThrow()).email_verified_at;

  it("confirms the address of a new account when the provider vouches for it, and not otherwise", async () => {
    const vouched = await signInWithIdentity(server.db, { provider: "campus", claims: { sub: "v-1", name: "Vera Vouched", email: "vera@example.edu", email_verified: true } });
    expect(vouched.email_verified_at).not.toBeNull();
    const unvouched = await signInWithIdentity(server.db, { provider: "campus", claims: { sub: "u-1", name: "Uri Unvouched", email: "uri@example.edu", email_verified: false } });
    expect(await verifiedAt(unvouched.id)).toBeNull();
  });

  it("confirms a linked account's address at a later sign-in that vouches for that same address, never another one", async () => {
    const first = await signInWithIdentity(server.db, { provider: "campus", claims: { sub: "l-1", name: "Lee Later", email: "lee@example.edu" } });
    expect(await verifiedAt(first.id)).toBeNull();
    // The provider vouches for another address than the account's: the account's stays unconfirmed.
    await signInWithIdentity(server.db, { provider: "campus", claims: { sub: "l-1", name: "Lee Later", email: "someone.else@example.edu", email_verified: true } });
    expect(await verifiedAt(first.id)).toBeNull();
    const again = await signInWithIdentity(server.db, { provider: "campus", claims: { sub: "l-1", name: "Lee Later", email: "LEE@example.edu", email_verified: true } });
    expect(again.id).toBe(first.id);
    expect(again.email_verified_at).not.toBeNull();
    expect(await verifiedAt(first.id)).toBe(again.email_verified_at);
  });
});
