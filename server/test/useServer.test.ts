import { describe, expect, it } from "vitest";
import { statusesByRole } from "./factories.js";
import { useCast } from "./useServer.js";

describe("useCast: the names a suite reads once its hooks ran", () => {
  const { server, cast, as } = useCast();
  // Read while the file is collected, before any hook: what a test would meet if it used the names too early.
  const early = (() => {
    try {
      return String(server.url);
    } catch (error) {
      return (error as Error).message;
    }
  })();

  it("refuses a read before the suite's beforeAll, naming the value", () => {
    expect(early).toBe("server is made by the suite's beforeAll: read it inside a test or a hook, not while the file is collected");
  });

  it("reads the started server and the cast, methods included", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await server.client().get("/getInitializeData")).status).toBe(200);
    expect((await server.db.selectFrom("profiles").select("name").where("id", "=", cast.owner.id).executeTakeFirstOrThrow()).name).toBe("Olga Owner");
  });

  it("lists and spreads the cast's clients as the plain object would (statusesByRole walks their keys)", async () => {
    expect(Object.keys(as)).toEqual(["guest", "owner", "member", "leader", "groupie", "moderator", "admin"]);
    expect(Object.keys({ ...as })).toEqual(Object.keys(cast.clients));
    expect(await statusesByRole(as, (c) => c.get("/api/notifications/unread"))).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
  });
});
