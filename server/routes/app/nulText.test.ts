import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { NUL_TEXT_MESSAGE } from "../../lib/validate.js";
import { buildContent, buildSignedInUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

// PostgreSQL cannot store U+0000 in text: left to the database, these requests failed there with a 500.
describe("text holding NUL characters (U+0000)", () => {
  const { server } = useTestServer();
  let member: TestClient;
  let item: Content;

  beforeAll(async () => {
    const [user, client] = await buildSignedInUser(server);
    member = client;
    item = await buildContent(server.db, { ownerId: user.id, title: "Tidal Pools" });
  });

  it("is refused with 400 and a message in JSON and form bodies, before anything is stored", async () => {
    for (const [path, body] of [
      ["/collections/create", { title: "Tide\u0000Pools" }],
      ["/groups", { name: "Tide club", description: "About\u0000tides" }],
      ["/profile/flag", { type: `resource:${item.id}`, value: "broken", message: "bro\u0000ken" }],
      ["/lesson-plans/start", { title: "Tides", introduction: "Intro", extra: { "k\u0000": 1 } }],
    ] as const) {
      const res = await member.post(path, body);
      expect([res.status, res.body.message], path).toEqual([400, NUL_TEXT_MESSAGE]);
    }
    const form = await member.request("POST", "/collections/create", "title=Tide%00Pools", { "content-type": "application/x-www-form-urlencoded", "x-csrf-token": await member.token() });
    expect([form.status, form.body.message]).toEqual([400, NUL_TEXT_MESSAGE]);
    const signIn = await server.client().post("/auth", { username: "a\u0000b", password: "password" });
    expect([signIn.status, signIn.body.message]).toEqual([400, NUL_TEXT_MESSAGE]);
    expect(await server.db.selectFrom("content").select("id").where("title", "like", "Tide%").execute()).toEqual([]);
  });

  it("is refused with 400 in paths and query strings", async () => {
    for (const path of ["/api/content/resources/a%00b", "/profile/autocomplete/change-ownership?st=%00", "/related-content?model=resource&idField=uid&id=a%00b", "/api/search?st=tide%00"]) {
      const res = await member.get(path);
      expect([res.status, res.body.message], path).toEqual([400, NUL_TEXT_MESSAGE]);
    }
  });

  it("is refused with 400 in multipart fields, after the upload is read", async () => {
    const res = await member.postFiles("/resources/create-fetch", { title: "Tide\u0000Pools", add_resource_type: "show-url", url: "https://example.org/tides" });
    expect([res.status, res.body.message]).toEqual([400, NUL_TEXT_MESSAGE]);
  });
});
