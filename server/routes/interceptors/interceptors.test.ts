import { beforeEach, describe, expect, it } from "vitest";
import { INTERCEPTOR_DEFER_HOURS, INTERCEPTOR_TEXTS, MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildInterceptor, buildSignedInClient, buildSignedInUser, statusesByRole } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe("interceptors", () => {
  const { server, cast } = useCast();
  const fits = apiReferenceCheck();

  beforeEach(async () => {
    await server.db.deleteFrom("interceptors").execute();
  });

  /** A write with the client's CSRF token, as the web app sends one. */
  const send = async (client: TestClient, method: "PUT" | "DELETE", path: string, body?: unknown) => client.request(method, path, body, { "x-csrf-token": await client.token() });
  const pendingTitles = async (client: TestClient) => {
    const answer = await client.get("/profile/interceptors");
    fits("get", "/profile/interceptors", answer);
    return (answer.body.data as { title: string }[]).map((i) => i.title);
  };

  describe("a profile's pending notices (GET /profile/interceptors, POST .../dismiss and .../defer)", () => {
    it("lists the current ones in order, sanitized; a guest has none", async () => {
      await buildInterceptor(server.db, { title: "Second", sort_order: 2 });
      await buildInterceptor(server.db, { title: "First", sort_order: 1, content: '<p onclick="x()">Read <strong>this</strong>.</p><script>alert(1)</script>' });
      await buildInterceptor(server.db, { title: "Third, added later", sort_order: 2 });
      await buildInterceptor(server.db, { title: "Switched off", is_active: 0 });
      await buildInterceptor(server.db, { title: "Not yet", starts_at: at(HOUR) });
      await buildInterceptor(server.db, { title: "Over", starts_at: at(-2 * HOUR), ends_at: at(-HOUR) });
      await buildInterceptor(server.db, { title: "In its window", starts_at: at(-HOUR), ends_at: at(HOUR), sort_order: 3 });

      const member = await buildSignedInClient(server);
      expect(await pendingTitles(member)).toEqual(["First", "Second", "Third, added later", "In its window"]);
      const answer = await member.get("/profile/interceptors");
      expect(answer.body.data[0]).toEqual({ id: expect.any(Number), title: "First", content: "<p>Read <strong>this</strong>.</p>" });
      expect(await pendingTitles(server.client())).toEqual([]);
    });

    it("never shows a dismissed one again; a deferred one comes back after a day; each profile has its own", async () => {
      const welcome = await buildInterceptor(server.db, { title: "Welcome", sort_order: 1 });
      const terms = await buildInterceptor(server.db, { title: "Terms", sort_order: 2 });
      const [me, mine] = await buildSignedInUser(server);
      const other = await buildSignedInClient(server);

      const dismissed = await mine.post(`/profile/interceptors/${welcome.id}/dismiss`);
      fits("post", "/profile/interceptors/{id}/dismiss", dismissed);
      expect(dismissed.body).toEqual({ id: welcome.id, state: "dismissed", deferred_until: null, message: INTERCEPTOR_TEXTS.dismissed });
      const before = Date.now();
      const deferred = await mine.post(`/profile/interceptors/${terms.id}/defer`);
      fits("post", "/profile/interceptors/{id}/defer", deferred);
      expect(deferred.body).toMatchObject({ id: terms.id, state: "deferred", message: INTERCEPTOR_TEXTS.deferred });
      const until = Date.parse(deferred.body.deferred_until);
      expect(until - before).toBeGreaterThanOrEqual(INTERCEPTOR_DEFER_HOURS * HOUR - 1000);
      expect(until - before).toBeLessThanOrEqual(INTERCEPTOR_DEFER_HOURS * HOUR + 5000);

      expect(await pendingTitles(mine)).toEqual([]);
      expect(await pendingTitles(other)).toEqual(["Welcome", "Terms"]);

      // A day later (the stored moment moved back) the deferred one is due again; the dismissed one never is.
      await server.db.updateTable("interceptor_states").set({ deferred_until: at(-1000) }).where("profile_id", "=", me.id).where("state", "=", "deferred").execute();
      expect(await pendingTitles(mine)).toEqual(["Terms"]);
      // Deferring or dismissing again replaces what was recorded.
      expect((await mine.post(`/profile/interceptors/${terms.id}/dismiss`)).status).toBe(200);
      expect(await pendingTitles(mine)).toEqual([]);
      expect((await server.db.selectFrom("interceptor_states").select("state").where("profile_id", "=", me.id).execute()).map((s) => s.state)).toEqual(["dismissed", "dismissed"]);
    });

    it("refuses guests (401), unknown ids (404) and bad ids (422) with a message", async () => {
      const notice = await buildInterceptor(server.db);
      const guest = server.client();
      for (const action of ["dismiss", "defer"]) {
        const refused = await guest.post(`/profile/interceptors/${notice.id}/${action}`);
        expect([refused.status, refused.body.message]).toEqual([401, MESSAGES.signInRequired]);
        fits("post", `/profile/interceptors/{id}/${action}`, refused);
      }
      const member = cast.clients.member;
      const unknown = await member.post(`/profile/interceptors/${notice.id + 1000}/dismiss`);
      expect([unknown.status, unknown.body.message]).toEqual([404, INTERCEPTOR_TEXTS.notFound]);
      fits("post", "/profile/interceptors/{id}/dismiss", unknown);
      for (const id of ["abc", "0", "1.5", "99999999999"]) {
        const bad = await member.post(`/profile/interceptors/${id}/defer`);
        expect([id, bad.status, bad.body.message]).toEqual([id, 422, INTERCEPTOR_TEXTS.badId]);
      }
      expect(await server.db.selectFrom("interceptor_states").selectAll().where("interceptor_id", "=", notice.id).execute()).toEqual([]);
    });

    it("lets every signed-in role respond for itself only", async () => {
      const notice = await buildInterceptor(server.db, { title: "For everyone" });
      expect(await statusesByRole(cast.clients, (c) => c.post(`/profile/interceptors/${notice.id}/defer`))).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
      const states = await server.db.selectFrom("interceptor_states").select("profile_id").where("interceptor_id", "=", notice.id).execute();
      expect(states.map((s) => s.profile_id).sort()).toEqual([cast.owner, cast.member, cast.leader, cast.groupie, cast.moderator, cast.admin].map((u) => u.id).sort());
    });
  });

  describe("management (GET and POST /api/interceptors, PUT and DELETE /api/interceptors/{id})", () => {
    it("says where each stands by the server's clock: off, scheduled, current or ended", async () => {
      await buildInterceptor(server.db, { title: "Off in its window", is_active: 0, starts_at: at(-HOUR), ends_at: at(HOUR), sort_order: 1 });
      await buildInterceptor(server.db, { title: "Not yet", starts_at: at(HOUR), sort_order: 2 });
      await buildInterceptor(server.db, { title: "In its window", starts_at: at(-HOUR), ends_at: at(HOUR), sort_order: 3 });
      await buildInterceptor(server.db, { title: "Over", starts_at: at(-2 * HOUR), ends_at: at(-HOUR), sort_order: 4 });
      const listed = await cast.clients.admin.get("/api/interceptors");
      fits("get", "/api/interceptors", listed);
      const mine = (listed.body.data as { title: string; state: string; is_current: boolean }[]).filter((i) => ["Off in its window", "Not yet", "In its window", "Over"].includes(i.title));
      expect(mine.map(({ title, state, is_current }) => [title, state, is_current])).toEqual([
        ["Off in its window", "off", false],
        ["Not yet", "scheduled", false],
        ["In its window", "current", true],
        ["Over", "ended", false],
      ]);
    });

    it("lets administrators add, list, change and delete interceptors; the dialog shows what they switch on", async () => {
      const admin = cast.clients.admin;
      const added = await admin.post("/api/interceptors", { title: "  New terms  ", content: "We changed our terms.\n\nRead them: 2 < 3.", sort_order: 5, starts_at: "", ends_at: null });
      fits("post", "/api/interceptors", added);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        message: INTERCEPTOR_TEXTS.created,
        data: { title: "New terms", content: "<p>We changed our terms.</p><p>Read them: 2 &lt; 3.</p>", sort_order: 5, is_active: true, starts_at: null, ends_at: null, is_current: true, state: "current" },
      });
      const id = added.body.data.id as number;
      expect(await pendingTitles(cast.clients.member)).toEqual(["New terms"]);

      const plain = await admin.post("/api/interceptors", { title: "Plain", content: "Line one\nline two & more" });
      expect(plain.body.data.content).toBe("<p>Line one<br />line two &amp; more</p>");

      const changed = await send(admin, "PUT", `/api/interceptors/${id}`, { title: "New terms (draft)", content: "<p>Soon</p>", is_active: false, starts_at: "2030-01-01T10:00:00+02:00", ends_at: "2030-02-01T00:00:00Z" });
      fits("put", "/api/interceptors/{id}", changed);
      expect(changed.body).toMatchObject({ message: INTERCEPTOR_TEXTS.saved, data: { id, title: "New terms (draft)", is_active: false, starts_at: "2030-01-01T08:00:00.000Z", ends_at: "2030-02-01T00:00:00.000Z", sort_order: 0, is_current: false, state: "off" } });
      expect(await pendingTitles(cast.clients.member)).toEqual(["Plain"]);

      const listed = await admin.get("/api/interceptors");
      fits("get", "/api/interceptors", listed);
      expect(listed.body.data.map((i: { title: string }) => i.title)).toEqual(["New terms (draft)", "Plain"]);

      // Deleting it deletes what profiles did with it.
      await cast.clients.member.post(`/profile/interceptors/${id}/dismiss`);
      const deleted = await send(admin, "DELETE", `/api/interceptors/${id}`);
      fits("delete", "/api/interceptors/{id}", deleted);
      expect([deleted.status, deleted.body.message]).toEqual([200, INTERCEPTOR_TEXTS.deleted]);
      expect(await server.db.selectFrom("interceptor_states").selectAll().where("interceptor_id", "=", id).execute()).toEqual([]);
      for (const answer of [await send(admin, "DELETE", `/api/interceptors/${id}`), await send(admin, "PUT", `/api/interceptors/${id}`, { title: "Gone", content: "x" })]) {
        expect([answer.status, answer.body.message]).toEqual([404, INTERCEPTOR_TEXTS.notFound]);
      }
    });

    it("is for administrators only: 401 guests, 403 every other role, before reading what they sent", async () => {
      const kept = await buildInterceptor(server.db, { title: "Kept" });
      const calls: [string, (c: TestClient) => Promise<{ status: number }>][] = [
        ["list", (c) => c.get("/api/interceptors")],
        ["add", (c) => c.post("/api/interceptors", { title: "" })],
        ["change", (c) => send(c, "PUT", `/api/interceptors/${kept.id}`, { title: "Changed", content: "x" })],
        ["delete", (c) => send(c, "DELETE", `/api/interceptors/${kept.id}`)],
      ];
      for (const [name, call] of calls) {
        const statuses = await statusesByRole(cast.clients, call);
        expect([name, statuses]).toEqual([name, { guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: name === "add" ? 422 : 200 }]);
      }
      expect(await server.db.selectFrom("interceptors").select("title").execute()).toEqual([]);
      const init = await cast.clients.moderator.get("/getInitializeData");
      expect(init.body.profile.permissions.manage_interceptors).toBe(false);
      expect((await cast.clients.admin.get("/getInitializeData")).body.profile.permissions.manage_interceptors).toBe(true);
    });

    it("answers bad input with 422 and the field's message", async () => {
      const admin = cast.clients.admin;
      const cases: [unknown, string][] = [
        [{ content: "x" }, INTERCEPTOR_TEXTS.titleRequired],
        [{ title: "   ", content: "x" }, INTERCEPTOR_TEXTS.titleRequired],
        [{ title: "x".repeat(256), content: "x" }, INTERCEPTOR_TEXTS.titleTooLong],
        [{ title: "A" }, INTERCEPTOR_TEXTS.contentRequired],
        [{ title: "A", content: "x".repeat(20_001) }, INTERCEPTOR_TEXTS.contentTooLong],
        [{ title: "A", content: "<script>alert(1)</script><img src=x>" }, INTERCEPTOR_TEXTS.contentEmpty],
        [{ title: "A", content: "x", sort_order: 1.5 }, INTERCEPTOR_TEXTS.badOrder],
        [{ title: "A", content: "x", sort_order: "1" }, INTERCEPTOR_TEXTS.badOrder],
        [{ title: "A", content: "x", starts_at: "tomorrow" }, INTERCEPTOR_TEXTS.badTime],
        [{ title: "A", content: "x", starts_at: "2030-13-45T99:00" }, INTERCEPTOR_TEXTS.badTime],
        [{ title: "A", content: "x", starts_at: "2030-02-01T00:00:00Z", ends_at: "2030-01-01T00:00:00Z" }, INTERCEPTOR_TEXTS.endBeforeStart],
        [{ title: "A", content: "x", is_active: "yes" }, "is_active must be true or false."],
      ];
      for (const [body, message] of cases) {
        const answer = await admin.post("/api/interceptors", body);
        expect([JSON.stringify(body).slice(0, 60), answer.status, answer.body.message]).toEqual([JSON.stringify(body).slice(0, 60), 422, message]);
      }
      fits("post", "/api/interceptors", await admin.post("/api/interceptors", {}));
      for (const id of ["abc", "0", "99999999999"]) {
        const answer = await send(admin, "DELETE", `/api/interceptors/${id}`);
        expect([id, answer.status, answer.body.message]).toEqual([id, 422, INTERCEPTOR_TEXTS.badId]);
      }
      expect(await server.db.selectFrom("interceptors").select("id").execute()).toEqual([]);
    });
  });
});
