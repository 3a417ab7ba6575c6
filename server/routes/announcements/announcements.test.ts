import { beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_TEXTS } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildAnnouncement, buildGroup, buildSignedInClient, buildSignedInUser, buildUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe("system announcements (GET /api/announcements)", () => {
  const { server } = useTestServer();
  let authorId: number;

  beforeAll(async () => {
    authorId = (await buildUser(server.db, { admin: true })).id;
  });

  /** The ids among `items` that `client` is shown, in the answer's order. */
  const shownOf = async (client: TestClient, items: Content[]) => {
    const answer = await client.get("/api/announcements?limit=20");
    expect(answer.status).toBe(200);
    const wanted = new Set(items.map((i) => i.id));
    return (answer.body.data as { id: number }[]).map((a) => a.id).filter((id) => wanted.has(id));
  };

  it("lists only announcements whose window holds the present moment", async () => {
    const current = await buildAnnouncement(server.db, { ownerId: authorId }, { start_time: at(-HOUR), end_time: at(HOUR) });
    const openEnded = await buildAnnouncement(server.db, { ownerId: authorId }, { start_time: null, end_time: null });
    const past = await buildAnnouncement(server.db, { ownerId: authorId }, { start_time: at(-2 * HOUR), end_time: at(-HOUR) });
    const future = await buildAnnouncement(server.db, { ownerId: authorId }, { start_time: at(HOUR), end_time: at(2 * HOUR) });
    const futureOpenEnd = await buildAnnouncement(server.db, { ownerId: authorId }, { start_time: at(HOUR), end_time: null });
    const shown = await shownOf(server.client(), [current, openEnded, past, future, futureOpenEnd]);
    expect(shown.sort()).toEqual([current.id, openEnded.id].sort());
  });

  it("shows each role what the content view rule lets it see", async () => {
    const [owner, ownerClient] = await buildSignedInUser(server);
    const [granted, grantedClient] = await buildSignedInUser(server);
    const [groupMember, groupClient] = await buildSignedInUser(server);
    const group = await buildGroup(server.db, owner, [groupMember]);
    const publicOne = await buildAnnouncement(server.db, { ownerId: owner.id, visibility: "public" });
    const membersOnly = await buildAnnouncement(server.db, { ownerId: owner.id, visibility: "authed" });
    const forOne = await buildAnnouncement(server.db, { ownerId: owner.id, visibility: "restricted", grantProfiles: [granted.id] });
    const forGroup = await buildAnnouncement(server.db, { ownerId: owner.id, visibility: "restricted", grantGroups: [group.id] });
    const all = [publicOne, membersOnly, forOne, forGroup];
    const ids = (...items: Content[]) => items.map((i) => i.id).sort();

    expect((await shownOf(server.client(), all)).sort()).toEqual(ids(publicOne));
    expect((await shownOf(await buildSignedInClient(server), all)).sort()).toEqual(ids(publicOne, membersOnly));
    expect((await shownOf(grantedClient, all)).sort()).toEqual(ids(publicOne, membersOnly, forOne));
    expect((await shownOf(groupClient, all)).sort()).toEqual(ids(publicOne, membersOnly, forGroup));
    expect((await shownOf(ownerClient, all)).sort()).toEqual(ids(...all));
    expect((await shownOf(await buildSignedInClient(server, { moderator: true }), all)).sort()).toEqual(ids(publicOne, membersOnly));
    expect((await shownOf(await buildSignedInClient(server, { admin: true }), all)).sort()).toEqual(ids(...all));
  });

  it("puts sticky announcements first, then the highest priority, then the latest started", async () => {
    const low = await buildAnnouncement(server.db, { ownerId: authorId }, { priority: 1, start_time: at(-HOUR) });
    const high = await buildAnnouncement(server.db, { ownerId: authorId }, { priority: 50, start_time: at(-HOUR) });
    const stickyLow = await buildAnnouncement(server.db, { ownerId: authorId }, { priority: 0, is_sticky: 1, start_time: at(-HOUR) });
    const highOlder = await buildAnnouncement(server.db, { ownerId: authorId }, { priority: 50, start_time: at(-5 * HOUR) });
    const stickyHigh = await buildAnnouncement(server.db, { ownerId: authorId }, { priority: 9, is_sticky: 1, start_time: at(-HOUR) });
    expect(await shownOf(server.client(), [low, high, stickyLow, highOlder, stickyHigh])).toEqual([stickyHigh.id, stickyLow.id, high.id, highOlder.id, low.id]);
  });

  it("presents the banner's fields, the content sanitized and only safe links", async () => {
    const item = await buildAnnouncement(
      server.db,
      { ownerId: authorId, title: "Spring webinar", description: "Plan the spring term with us." },
      {
        type: "event",
        priority: 3,
        cta_text: "Register",
        link: "https://example.org/register",
        show_snooze: 0,
        event_start_time: "2027-02-10T17:00:00.000Z",
        all_day: 0,
        content: '<p onclick="alert(1)">Join us <strong>live</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      },
    );
    // A meeting link that is not an https Zoom link (written past the API) is never shown: no meeting.
    const unsafe = await buildAnnouncement(server.db, { ownerId: authorId }, { link: "javascript:alert(1)", type: "not-a-type", meeting_zoom_id: "85746352311", meeting_join_url: "javascript:alert(1)" });
    const answer = await server.client().get("/api/announcements?limit=20");
    const shown = answer.body.data.find((a: { id: number }) => a.id === item.id);
    expect(shown).toMatchObject({
      id: item.id,
      type: "event",
      title: "Spring webinar",
      description: "Plan the spring term with us.",
      content: "<p>Join us <strong>live</strong>.</p>",
      link: "https://example.org/register",
      cta_text: "Register",
      event_start_time: "2027-02-10T17:00:00.000Z",
      all_day: false,
      is_sticky: false,
      priority: 3,
      show_snooze: false,
      show_dismiss: true,
      url: `/announcements/${item.uid}`,
      meeting: null,
      thumbnail_url: null,
    });
    expect(Object.keys(shown).sort()).toEqual(
      ["id", "type", "title", "description", "content", "link", "cta_text", "start_time", "end_time", "event_start_time", "event_end_time", "all_day", "is_sticky", "priority", "show_snooze", "show_dismiss", "url", "meeting", "thumbnail_url", "community_callout_settings", "core_attributes"].sort(),
    );
    expect(answer.body.data.find((a: { id: number }) => a.id === unsafe.id)).toMatchObject({ link: null, type: "others", meeting: null });
  });

  it("answers at most `limit` (5 by default) and refuses a bad limit with a message", async () => {
    for (let k = 0; k < 6; k++) await buildAnnouncement(server.db, { ownerId: authorId });
    const guest = server.client();
    expect((await guest.get("/api/announcements")).body.data).toHaveLength(5);
    expect((await guest.get("/api/announcements?limit=2")).body.data).toHaveLength(2);
    for (const query of ["limit=0", "limit=21", "limit=abc", "limit=1.5", "limit[]=1", "limit[a]=1"]) {
      const answer = await guest.get(`/api/announcements?${query}`);
      expect([query, answer.status, answer.body.message]).toEqual([query, 422, ANNOUNCEMENT_TEXTS.limitInvalid]);
    }
  });
});
