import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.js";
import type { Content, Profile } from "../../db/schema.js";
import { buildContent, buildUser } from "../../test/factories.js";
import { useTestServer } from "../../test/useServer.js";

describe("POST /profile/favorite", () => {
  const { server } = useTestServer();
  let member: Profile & { password: string };
  let item: Content, hidden: Content;

  beforeAll(async () => {
    const owner = await buildUser(server.db);
    member = await buildUser(server.db);
    item = await buildContent(server.db, { ownerId: owner.id, title: "Volcano Model" });
    hidden = await buildContent(server.db, { ownerId: owner.id, title: "Hidden Draft", visibility: "restricted" });
  });

  it("answers 401 to guests", async () => {
    const res = await server.client().post("/profile/favorite", { modelName: "resource", type: `resource:${item.id}`, value: true });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.signInRequired);
    // authenticate() comes before validation: a guest's bad input is still "sign in", not a 422.
    const bad = await server.client().post("/profile/favorite", { type: "nonsense" });
    expect([bad.status, bad.body]).toEqual([401, { message: MESSAGES.signInRequired }]);
  });

  it("sets, unsets and toggles, answering the final value, and search reflects it", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    const type = `resource:${item.id}`;
    expect((await c.post("/profile/favorite", { modelName: "resource", type, value: true })).body).toEqual({ value: true });
    expect((await c.post("/profile/favorite", { modelName: "resource", type, value: true })).body).toEqual({ value: true });
    expect((await c.get("/api/search?query=volcano")).body.data[0].favorite).toBe(true);
    expect((await c.post("/profile/favorite", { modelName: "resource", type, value: false })).body).toEqual({ value: false });
    expect((await c.post("/profile/favorite", { modelName: "resource", type })).body).toEqual({ value: true });
    expect((await c.post("/profile/favorite", { modelName: "resource", type })).body).toEqual({ value: false });
  });

  it("takes every one of many toggles at once exactly once", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    const type = `resource:${item.id}`;
    await c.post("/profile/favorite", { type, value: false });
    // Reading the state and then writing its opposite let two toggles read the same state: 20 at once left it favorited.
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.post("/profile/favorite", { type })));
    const values = answers.map((res) => res.body.value as boolean);
    expect([values.filter((v) => v).length, values.filter((v) => !v).length]).toEqual([10, 10]);
    const favorited = await server.db.selectFrom("favorites").select("content_id").where("profile_id", "=", member.id).where("content_id", "=", item.id).execute();
    expect(favorited).toEqual([]);
  });

  it("does not reveal items the member cannot view, and rejects bad input", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    expect((await c.post("/profile/favorite", { type: `resource:${hidden.id}`, value: true })).status).toBe(404);
    expect((await c.post("/profile/favorite", { type: `lesson_plan:${item.id}`, value: true })).status).toBe(404);
    // Ids beyond the databases' integers name nothing (PostgreSQL refused to compare them: a 500).
    for (const id of ["9999999999", "9999999999999999"]) expect((await c.post("/profile/favorite", { type: `resource:${id}`, value: true })).status).toBe(404);
    const bad = await c.post("/profile/favorite", { type: "resource", value: true });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('type must look like "resource:12".');
    // The checks the contract words no message for get one in words, never the validator's own.
    const missing = await c.post("/profile/favorite", {});
    expect([missing.status, missing.body.message, missing.body.errors]).toEqual([422, "type is required.", { type: ["type is required."] }]);
    expect((await c.post("/profile/favorite", { type: 12 })).body.message).toBe("type must be text.");
  });

  it("refuses a value that is not a yes or no with a message saying what it must be", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    for (const value of ["yes", null, [true], { on: 1 }, 2]) {
      const res = await c.post("/profile/favorite", { type: `resource:${item.id}`, value });
      const message = "value must be true or false (or 1 or 0).";
      expect([res.status, res.body], JSON.stringify(value)).toEqual([422, { message, errors: { value: [message] } }]);
    }
  });

  it("refuses a modelName that is not a model key spelt as it is, or that names another model than type, and changes nothing", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    const type = `resource:${item.id}`;
    expect((await c.post("/profile/favorite", { modelName: "resource", type, value: false })).body).toEqual({ value: false });
    const oneOf = "modelName must be one of: user, attribute_item, profile, resource, cms_page, lesson_plan, collection, outline, project, pathway.";
    for (const modelName of ["Resource", "RESOURCE", "resources", "widget", "", 7, null, ["resource"]]) {
      const res = await c.post("/profile/favorite", { modelName, type, value: true });
      expect([res.status, res.body], JSON.stringify(modelName)).toEqual([422, { message: oneOf, errors: { modelName: [oneOf] } }]);
    }
    const mismatch = await c.post("/profile/favorite", { modelName: "collection", type, value: true });
    expect([mismatch.status, mismatch.body.message]).toEqual([422, "modelName must be the model type names (resource)."]);
    // None of the refused calls favorited the item: toggling now sets it.
    expect((await c.post("/profile/favorite", { modelName: "resource", type })).body).toEqual({ value: true });
  });

  it("refuses types whose cards offer no favorite (users, attribute items)", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    const account = await buildContent(server.db, { ownerId: member.id, modelKey: "user", title: "Member Account", visibility: "public" });
    const res = await c.post("/profile/favorite", { type: `user:${account.id}`, value: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Items of this type cannot be favorited.");
  });
});
