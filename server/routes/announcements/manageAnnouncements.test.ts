import { beforeEach, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_MANAGE_TEXTS as T, MESSAGES, NEWS_MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildAnnouncement, buildAttribute, statusesByRole } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe("managing system announcements (GET /api/announcements/manage, POST, PUT, DELETE /api/announcements/{id}, POST .../end)", () => {
  const { server, cast } = useCast();
  const fits = apiReferenceCheck();

  beforeEach(async () => {
    await server.db.deleteFrom("content").where("model_key", "=", "cms_page").execute();
  });

  /** The titles of the banners `client` is shown now. */
  const bannersOf = async (client: TestClient) => ((await client.get("/api/announcements?limit=20")).body.data as { title: string }[]).map((a) => a.title);
  /** How many changes search has been told of for an item. */
  const changesOf = async (id: number) => (await server.db.selectFrom("content_changes").select("id").where("content_id", "=", id).execute()).length;

  const meetingEvent = {
    title: "  Spring planning webinar  ",
    type: "event",
    description: "An hour on the new materials.",
    content: '<p onclick="x()">Join <strong>us</strong>.</p><script>alert(1)</script><h2>Agenda</h2><img src="x.png">',
    link: "https://example.org/register",
    cta_text: "Register",
    start_time: at(-HOUR),
    end_time: "",
    event_start_time: "2030-03-01T17:00:00+01:00",
    event_end_time: "2030-03-01T18:00:00+01:00",
    is_sticky: true,
    priority: 7,
    show_snooze: false,
    show_dismiss: true,
    audience: "authed",
    meeting_zoom_id: "857 4635-2311",
    meeting_join_url: "https://us02web.zoom.us/j/85746352311?pwd=abc",
  };

  it("lets an administrator create one with a meeting: its page is an announcement item, search hears of it, signed-in members see its banner", async () => {
    const admin = cast.clients.admin;
    const created = await admin.post("/api/announcements", meetingEvent);
    fits("post", "/api/announcements", created);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: T.created,
      data: {
        title: "Spring planning webinar",
        type: "event",
        content: "<p>Join <strong>us</strong>.</p>Agenda",
        link: "https://example.org/register",
        cta_text: "Register",
        end_time: null,
        event_start_time: "2030-03-01T16:00:00.000Z",
        event_end_time: "2030-03-01T17:00:00.000Z",
        all_day: false,
        is_sticky: true,
        priority: 7,
        show_snooze: false,
        show_dismiss: true,
        audience: "authed",
        state: "current",
        meeting: { zoom_id: "85746352311", join_url: "https://us02web.zoom.us/j/85746352311?pwd=abc" },
      },
    });
    const id = created.body.data.id as number;
    const item = await server.db.selectFrom("content").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([item.model_key, item.sub_type, item.owner_id, item.visibility]).toEqual(["cms_page", "announcement", cast.admin.id, "authed"]);
    expect(created.body.data.url).toBe(`/announcements/${item.uid}`);
    expect(await changesOf(id)).toBe(1);

    expect(await bannersOf(server.client())).toEqual([]);
    const banner = (await cast.clients.member.get("/api/announcements")).body.data.find((a: { id: number }) => a.id === id);
    expect(banner).toMatchObject({ title: "Spring planning webinar", meeting: { zoom_id: "85746352311" } });
    fits("get", "/api/announcements", await cast.clients.member.get("/api/announcements"));
  });

  it("keeps a thumbnail with its alternative text and the callout's settings; banners carry them, with defaults for the rest", async () => {
    const admin = cast.clients.admin;
    const body = {
      title: "Summer institute",
      type: "information",
      thumbnail_url: " /news/summer.svg ",
      community_callout_settings: { title: "Join us in July", background_color: "#14532d", background_opacity: 0.6, background_alt_text: " Teachers around a table ", text_color: "#ffffff", button_variant: "dark" },
    };
    const created = await admin.post("/api/announcements", body);
    fits("post", "/api/announcements", created);
    expect(created.status).toBe(201);
    const settings = { title: "Join us in July", description: "", background_color: "#14532d", background_opacity: 0.6, background_blur: 0, background_alt_text: "Teachers around a table", text_color: "#ffffff", text_shadow_color: "", button_variant: "dark", button_outline: false };
    expect(created.body.data).toMatchObject({ thumbnail_url: "/news/summer.svg", community_callout_settings: settings });
    const banner = ((await server.client().get("/api/announcements")).body.data as { title: string }[]).find((a) => a.title === "Summer institute");
    expect(banner).toMatchObject({ thumbnail_url: "/news/summer.svg", community_callout_settings: settings });
    fits("get", "/api/announcements", await server.client().get("/api/announcements"));
    // PUT replaces them: left out, the thumbnail is none and the settings their defaults.
    const id = created.body.data.id as number;
    const replaced = await admin.send("PUT", `/api/announcements/${id}`, { title: "Summer institute", type: "information" });
    expect(replaced.body.data).toMatchObject({ thumbnail_url: null, community_callout_settings: { title: "", background_color: "#0f172a", background_opacity: 0.8, background_alt_text: "", button_variant: "light" } });
    // A stored address that went bad, or settings that are not JSON, read as none and the defaults.
    await server.db.updateTable("announcements").set({ thumbnail_url: "javascript:alert(1)", community_callout_settings: "not json" }).where("content_id", "=", id).execute();
    expect((await admin.get("/api/announcements/manage")).body.data[0]).toMatchObject({ thumbnail_url: null, community_callout_settings: { background_color: "#0f172a" } });
  });

  it("keeps an all-day event's days, and no event times for other types", async () => {
    const admin = cast.clients.admin;
    const allDay = await admin.post("/api/announcements", { title: "Open day", type: "event", all_day: true, event_start_time: "2030-05-02", event_end_time: "2030-05-02", audience: "public" });
    expect(allDay.body.data).toMatchObject({ all_day: true, event_start_time: "2030-05-02T00:00:00.000Z", event_end_time: "2030-05-02T00:00:00.000Z", meeting: null, content: "" });
    // An empty editor's paragraph (what the rich-text editor sends when nothing was written) is no content.
    const empty = await admin.post("/api/announcements", { title: "Empty", type: "others", content: '<p class="rt-p"><br></p>' });
    expect(empty.body.data.content).toBe("");
    const info = await admin.post("/api/announcements", { title: "Info", type: "information", all_day: true, event_start_time: "garbage" });
    expect(info.status).toBe(201);
    expect(info.body.data).toMatchObject({ all_day: false, event_start_time: null, event_end_time: null });
    expect(await bannersOf(server.client())).toEqual(expect.arrayContaining(["Open day", "Info"]));
  });

  it("lists 25 a page, by state across the pages: shown now, then to come, then ended", async () => {
    const admin = cast.clients.admin;
    const build = (title: string, banner: { start_time?: string; end_time?: string } = {}) => buildAnnouncement(server.db, { ownerId: cast.owner.id, title }, banner);
    for (let i = 1; i <= 24; i++) await build(`Now ${String(i).padStart(2, "0")}`);
    await build("Later", { start_time: at(HOUR) });
    // Changed last, listed last: the state comes first.
    await build("Over A", { start_time: at(-2 * HOUR), end_time: at(-HOUR) });
    await build("Over B", { end_time: at(-HOUR) });

    const first = await admin.get("/api/announcements/manage");
    fits("get", "/api/announcements/manage", first);
    expect([first.body.total, first.body.page, first.body.per, first.body.data.length]).toEqual([27, 1, 25, 25]);
    const states = (res: typeof first) => res.body.data.map((a: { state: string }) => a.state);
    expect(states(first)).toEqual([...Array(24).fill("current"), "scheduled"]);
    // The latest changed first within a state (ties by id, the latest made first).
    expect(first.body.data[0].title).toBe("Now 24");
    const second = await admin.get("/api/announcements/manage?page=2");
    expect([second.body.total, second.body.data.map((a: { title: string }) => a.title)]).toEqual([27, ["Over B", "Over A"]]);
    expect((await admin.get("/api/announcements/manage?page=3")).body.data).toEqual([]);
    const bad = await admin.get("/api/announcements/manage?page=0");
    fits("get", "/api/announcements/manage", bad);
    expect(bad.status).toBe(422);
  });

  it("lists every announcement by state, edits one (audience too), ends one now and deletes one", async () => {
    const admin = cast.clients.admin;
    const shown = (await admin.post("/api/announcements", { title: "Shown", type: "information", audience: "public" })).body.data.id as number;
    const later = (await admin.post("/api/announcements", { title: "Later", type: "question", start_time: at(HOUR), end_time: at(2 * HOUR) })).body.data.id as number;
    const seeded = await buildAnnouncement(server.db, { ownerId: cast.owner.id, title: "Over" }, { start_time: at(-2 * HOUR), end_time: at(-HOUR) });

    const listed = await admin.get("/api/announcements/manage");
    fits("get", "/api/announcements/manage", listed);
    expect(listed.body.data.map((a: { title: string; state: string }) => [a.title, a.state])).toEqual([
      ["Shown", "current"],
      ["Later", "scheduled"],
      ["Over", "ended"],
    ]);

    const changed = await admin.send("PUT", `/api/announcements/${shown}`, { title: "Shown to members", type: "error", description: "New text", audience: "authed", priority: -3 });
    fits("put", "/api/announcements/{id}", changed);
    expect(changed.body).toMatchObject({ message: T.saved, data: { id: shown, title: "Shown to members", type: "error", description: "New text", audience: "authed", priority: -3, state: "current" } });
    expect(await bannersOf(server.client())).toEqual([]);
    expect(await bannersOf(cast.clients.member)).toEqual(["Shown to members"]);
    const grants = await server.db.selectFrom("content_grants").select(["scope", "permission"]).where("content_id", "=", shown).execute();
    expect(grants).toEqual([{ scope: "authed", permission: "read" }]);
    expect(await changesOf(shown)).toBe(2);

    const ended = await admin.post(`/api/announcements/${shown}/end`);
    fits("post", "/api/announcements/{id}/end", ended);
    expect(ended.body).toMatchObject({ message: T.ended, data: { id: shown, state: "ended" } });
    expect(Date.parse(ended.body.data.end_time)).toBeLessThanOrEqual(Date.now());
    expect(await bannersOf(cast.clients.member)).toEqual([]);
    expect(await changesOf(shown)).toBe(3);
    // Ending an ended one keeps its end.
    const again = await admin.post(`/api/announcements/${seeded.id}/end`);
    expect(again.body.data.end_time).toBe((await server.db.selectFrom("announcements").select("end_time").where("content_id", "=", seeded.id).executeTakeFirstOrThrow()).end_time);

    // One still to come is not ended (its end would go before its start, listing it as ended on a day it never showed): 409, unchanged.
    const early = await admin.post(`/api/announcements/${later}/end`);
    fits("post", "/api/announcements/{id}/end", early);
    expect([early.status, early.body.message]).toEqual([409, T.notStarted]);
    expect(await server.db.selectFrom("announcements").select("end_time").where("content_id", "=", later).executeTakeFirstOrThrow()).toEqual({ end_time: listed.body.data[1].end_time });
    expect((await admin.get("/api/announcements/manage")).body.data.find((a: { id: number }) => a.id === later)).toMatchObject({ state: "scheduled" });
    expect(await changesOf(later)).toBe(1);

    // Deleting takes its page and the comments on it.
    const thread = await server.db.insertInto("comment_threads").values({ content_id: later, created_at: at(0), updated_at: at(0) }).returning("id").executeTakeFirstOrThrow();
    await server.db
      .insertInto("comments")
      .values({ opaque_id: crypto.randomUUID(), thread_id: thread.id, parent_id: null, creator_id: cast.member.id, title: null, content: "See you there", is_html: 0, created_at: at(0), updated_at: at(0), edited_at: null, deleted_at: null, last_activity_at: at(0) })
      .execute();
    const deleted = await admin.send("DELETE", `/api/announcements/${later}`);
    fits("delete", "/api/announcements/{id}", deleted);
    expect([deleted.status, deleted.body.message]).toEqual([200, T.deleted]);
    expect(await server.db.selectFrom("content").select("id").where("id", "=", later).execute()).toEqual([]);
    expect(await server.db.selectFrom("announcements").select("content_id").where("content_id", "=", later).execute()).toEqual([]);
    expect(await changesOf(later)).toBe(2);
    expect(await server.db.selectFrom("comment_threads").select("id").where("content_id", "=", later).execute()).toEqual([]);
    expect(await server.db.selectFrom("comments").select("id").where("thread_id", "=", thread.id).execute()).toEqual([]);
    for (const answer of [await admin.send("DELETE", `/api/announcements/${later}`), await admin.send("PUT", `/api/announcements/${later}`, { title: "Gone", type: "information" }), await admin.post(`/api/announcements/${later}/end`)]) {
      expect([answer.status, answer.body.message]).toEqual([404, T.notFound]);
    }
    // A content item that is not an announcement is none either.
    const page = (await server.db.selectFrom("content").select("id").where("model_key", "!=", "cms_page").limit(1).executeTakeFirst())?.id ?? 999_999;
    expect((await admin.send("DELETE", `/api/announcements/${page}`)).status).toBe(404);
  });

  it("is for administrators only: 401 guests, 403 every other role (moderators too), before reading what they sent", async () => {
    const kept = await buildAnnouncement(server.db, { ownerId: cast.owner.id, title: "Kept" }, {});
    const calls: [string, (c: TestClient) => Promise<{ status: number }>][] = [
      ["list", (c) => c.get("/api/announcements/manage")],
      ["add", (c) => c.post("/api/announcements", { title: "" })],
      ["change", (c) => c.send("PUT", `/api/announcements/${kept.id}`, { title: "Changed", type: "information" })],
      ["end", (c) => c.post(`/api/announcements/${kept.id}/end`)],
    ];
    for (const [name, call] of calls) {
      const statuses = await statusesByRole(cast.clients, call);
      expect([name, statuses]).toEqual([name, { guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: name === "add" ? 422 : 200 }]);
    }
    const refused = await cast.clients.moderator.post("/api/announcements", meetingEvent);
    expect([refused.status, refused.body.message]).toEqual([403, MESSAGES.forbidden]);
    fits("post", "/api/announcements", refused);
    expect([(await server.client().get("/api/announcements/manage")).body.message]).toEqual([MESSAGES.signInRequired]);
    const deletions = await statusesByRole(cast.clients, (c) => c.send("DELETE", `/api/announcements/${kept.id}`));
    expect(deletions).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: 200 });
    expect(await server.db.selectFrom("content").select("title").where("model_key", "=", "cms_page").execute()).toEqual([]);
    expect((await cast.clients.moderator.get("/getInitializeData")).body.profile.permissions.manage_announcements).toBe(false);
    expect((await cast.clients.member.get("/getInitializeData")).body.profile.permissions.manage_announcements).toBe(false);
    expect((await cast.clients.admin.get("/getInitializeData")).body.profile.permissions.manage_announcements).toBe(true);
  });

  it("answers bad input with 422, the field's message and field errors, never a 500", async () => {
    const admin = cast.clients.admin;
    const ok = { title: "A", type: "information" };
    const cases: [unknown, string, string][] = [
      [{ type: "information" }, "title", T.titleRequired],
      [{ ...ok, title: "   " }, "title", T.titleRequired],
      [{ ...ok, title: "x".repeat(256) }, "title", T.titleTooLong],
      [{ title: "A" }, "type", T.badType],
      [{ ...ok, type: "news" }, "type", T.badType],
      [{ ...ok, description: "x".repeat(1001) }, "description", T.descriptionTooLong],
      [{ ...ok, content: "x".repeat(20_001) }, "content", T.contentTooLong],
      [{ ...ok, link: "javascript:alert(1)" }, "link", T.badLink],
      [{ ...ok, link: "//evil.example" }, "link", T.badLink],
      [{ ...ok, cta_text: "Go" }, "link", T.ctaWithoutLink],
      [{ ...ok, link: "/x", cta_text: "x".repeat(256) }, "cta_text", T.ctaTooLong],
      [{ ...ok, start_time: "tomorrow" }, "start_time", T.badTime],
      [{ ...ok, end_time: "2030-13-45T99:00" }, "end_time", T.badTime],
      [{ ...ok, start_time: "2030-02-01T00:00:00Z", end_time: "2030-01-01T00:00:00Z" }, "end_time", T.endBeforeStart],
      [{ ...ok, type: "event" }, "event_start_time", T.eventStartRequired],
      [{ ...ok, type: "event", event_start_time: "soon" }, "event_start_time", T.badTime],
      [{ ...ok, type: "event", event_start_time: "2030-01-01T10:00:00Z", event_end_time: "2030-01-01T09:00:00Z" }, "event_end_time", T.endBeforeStart],
      [{ ...ok, type: "event", all_day: true, event_start_time: "2030-02-30" }, "event_start_time", T.badDay],
      [{ ...ok, type: "event", all_day: true, event_start_time: "2030-02-03", event_end_time: "2030-02-02" }, "event_end_time", T.endBeforeStart],
      [{ ...ok, type: "event", event_start_time: 5 }, "event_start_time", T.badTime],
      [{ ...ok, priority: 1.5 }, "priority", T.badPriority],
      [{ ...ok, priority: 1001 }, "priority", T.badPriority],
      [{ ...ok, audience: "friends" }, "audience", T.badAudience],
      [{ ...ok, meeting_zoom_id: "12ab", meeting_join_url: "https://zoom.us/j/1" }, "meeting_zoom_id", T.badZoomId],
      [{ ...ok, meeting_zoom_id: "85746352311", meeting_join_url: "https://evil.example/j/1" }, "meeting_join_url", T.badJoinUrl],
      [{ ...ok, meeting_zoom_id: "85746352311", meeting_join_url: "http://zoom.us/j/1" }, "meeting_join_url", T.badJoinUrl],
      [{ ...ok, meeting_zoom_id: "85746352311" }, "meeting_join_url", T.meetingIncomplete],
      [{ ...ok, meeting_join_url: "https://zoom.us/j/85746352311" }, "meeting_zoom_id", T.meetingIncomplete],
      [{ ...ok, is_sticky: "yes" }, "is_sticky", "is_sticky must be true or false."],
      [{ ...ok, thumbnail_url: "javascript:alert(1)" }, "thumbnail_url", T.badThumbnail],
      [{ ...ok, thumbnail_url: "//evil.example/x.png" }, "thumbnail_url", T.badThumbnail],
      [{ ...ok, community_callout_settings: { background_alt_text: "x".repeat(501) } }, "community_callout_settings.background_alt_text", T.altTooLong],
      [{ ...ok, community_callout_settings: { background_color: "red" } }, "community_callout_settings.background_color", NEWS_MESSAGES.badColor],
      [{ ...ok, community_callout_settings: { text_color: "#12345" } }, "community_callout_settings.text_color", NEWS_MESSAGES.badColor],
      [{ ...ok, community_callout_settings: { background_opacity: 2 } }, "community_callout_settings.background_opacity", NEWS_MESSAGES.badOpacity],
      [{ ...ok, community_callout_settings: { background_blur: -1 } }, "community_callout_settings.background_blur", NEWS_MESSAGES.badBlur],
      [{ ...ok, community_callout_settings: { description: "x".repeat(2001) } }, "community_callout_settings.description", NEWS_MESSAGES.calloutDescriptionTooLong],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.post("/api/announcements", body);
      const label = JSON.stringify(body).slice(0, 80);
      expect([label, answer.status, answer.body.message, answer.body.errors?.[field]?.[0]]).toEqual([label, 422, message, message]);
    }
    fits("post", "/api/announcements", await admin.post("/api/announcements", {}));
    fits("post", "/api/announcements", await admin.post("/api/announcements", "not json at all"));
    for (const id of ["abc", "0", "99999999999"]) {
      const answer = await admin.send("DELETE", `/api/announcements/${id}`);
      expect([id, answer.status, answer.body.message]).toEqual([id, 422, T.badId]);
    }
    expect(await server.db.selectFrom("content").select("id").where("model_key", "=", "cms_page").execute()).toEqual([]);
  });

  it("keeps an announcement's core attributes (grades and subjects): set on POST, replaced by a list on PUT, kept when left out, refused when of another type", async () => {
    const admin = cast.clients.admin;
    const grade = await buildAttribute(server.db, "grades", "Core grade A");
    const subject = await buildAttribute(server.db, "subjects", "Core subject B");
    const industry = await buildAttribute(server.db, "industries", "Not core C");
    const manage = await admin.get("/api/announcements/manage");
    fits("get", "/api/announcements/manage", manage);
    expect(manage.body.core_attribute_types.map((t: { key: string }) => t.key)).toEqual(["grades", "subjects"]);

    const created = await admin.post("/api/announcements", { title: "Tagged", type: "information", attribute_ids: [subject, grade] });
    fits("post", "/api/announcements", created);
    expect(created.status).toBe(201);
    const names = (body: { data: { core_attributes: { name: string; type_key: string }[] } }) => body.data.core_attributes.map((a) => `${a.type_key}:${a.name}`);
    expect(names(created.body)).toEqual(["grades:Core grade A", "subjects:Core subject B"]);
    const id = created.body.data.id as number;
    const banner = (await server.client().get("/api/announcements?limit=20")).body.data.find((a: { id: number }) => a.id === id);
    expect(banner.core_attributes.map((a: { name: string }) => a.name)).toEqual(["Core grade A", "Core subject B"]);

    const kept = await admin.send("PUT", `/api/announcements/${id}`, { title: "Tagged", type: "information" });
    expect(names(kept.body)).toEqual(["grades:Core grade A", "subjects:Core subject B"]);
    const replaced = await admin.send("PUT", `/api/announcements/${id}`, { title: "Tagged", type: "information", attribute_ids: [subject] });
    expect([replaced.status, names(replaced.body)]).toEqual([200, ["subjects:Core subject B"]]);
    const listed = (await admin.get("/api/announcements/manage")).body.data.find((a: { id: number }) => a.id === id);
    expect(listed.core_attributes.map((a: { id: number }) => a.id)).toEqual([subject]);

    for (const ids of [[industry], [grade, 99_999_999], ["x"]]) {
      const refused = await admin.send("PUT", `/api/announcements/${id}`, { title: "Tagged", type: "information", attribute_ids: ids });
      const field = Object.keys(refused.body.errors ?? {})[0] ?? "";
      expect([JSON.stringify(ids), refused.status, field.startsWith("attribute_ids"), typeof refused.body.message]).toEqual([JSON.stringify(ids), 422, true, "string"]);
    }
    const wrongType = await admin.post("/api/announcements", { title: "Wrong", type: "information", attribute_ids: [industry] });
    expect([wrongType.status, wrongType.body.message]).toEqual([422, T.badCoreAttribute]);
    fits("post", "/api/announcements", wrongType);
    const stored = await server.db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", id).execute();
    expect(stored.map((r) => r.attr_item_id)).toEqual([subject]);
    // Only administrators set them: a moderator's PUT with a list changes nothing.
    const moderator = await cast.clients.moderator.send("PUT", `/api/announcements/${id}`, { title: "Tagged", type: "information", attribute_ids: [] });
    expect(moderator.status).toBe(403);
    expect((await server.db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", id).execute()).length).toBe(1);
  });
});
