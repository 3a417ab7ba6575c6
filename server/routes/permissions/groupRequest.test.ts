import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, PERMISSION_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildGroup, buildGroupPage, statusesByRole } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

describe("access requests on a group's page", () => {
  const { server, cast, as, groupPage: openGroup } = useCastServer();
  let hiddenGroup: Content;

  const ask = (c: TestClient, item: Content, by: "uid" | "opaque_id" | "id" = "uid") =>
    c.post("/permissions/request", by === "id" ? { model: item.model_key, id: item.id } : { [by]: item[by], requestReason: "Please let me in." });

  beforeAll(async () => {
    hiddenGroup = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Hidden Team", { restricted: true });
  });

  it("refuses them with a message pointing to Request to join, and stores no request", async () => {
    const statuses = await statusesByRole(as, (c) => ask(c, openGroup));
    expect(statuses).toEqual({ guest: 401, owner: 422, member: 422, leader: 422, groupie: 422, moderator: 422, admin: 422 });
    for (const by of ["uid", "opaque_id", "id"] as const) {
      const refused = await ask(as.member, openGroup, by);
      expect([refused.status, refused.body.message], by).toEqual([422, PERMISSION_MESSAGES.groupNotRequestable]);
      expect(refused.body.errors?.id, by).toEqual([PERMISSION_MESSAGES.groupNotRequestable]);
    }
    const stored = await server.db.selectFrom("permission_requests").select("id").where("content_id", "in", [openGroup.id, hiddenGroup.id]).execute();
    expect(stored).toEqual([]);
  });

  it("refuses an id that is not a number or its digits, saying so once, and stores no request", async () => {
    for (const id of [true, [openGroup.id], [String(openGroup.id)], 1e20, 1.5, -3, "0x1", {}]) {
      const res = await as.member.post("/permissions/request", { model: openGroup.model_key, id, requestReason: "Please" });
      expect([res.status, res.body.message, res.body.errors?.id], JSON.stringify(id)).toEqual([422, "id must identify an item.", ["id must identify an item."]]);
    }
    expect(await server.db.selectFrom("permission_requests").select("id").where("content_id", "=", openGroup.id).execute()).toEqual([]);
  });

    it("keeps a group an outsider may not see hidden (404), and its members get the message", async () => {
    const hidden = await ask(as.member, hiddenGroup);
    expect([hidden.status, hidden.body.message]).toEqual([404, MESSAGES.notFound]);
    expect((await ask(as.moderator, hiddenGroup)).status).toBe(404);
    expect((await ask(as.groupie, hiddenGroup)).body.message).toBe(PERMISSION_MESSAGES.groupNotRequestable);
  });
});
