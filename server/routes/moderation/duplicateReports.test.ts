import { describe, expect, it, vi } from "vitest";
import { CONTENT_ACTION_MESSAGES } from "../../../contract/index.js";
import { buildContent, type RoleCast } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

type Role = keyof RoleCast["clients"];
type Report = { kind: string; reason: string; message: string; status: string; id: number; reporter: { name: string } };

// Reporting the same thing again while one's first report of it is open: the same thanks, one entry in the
// moderators' queue (with the latest reason and message), and no second notice to the staff. Once the report is
// resolved, a new one queues again; another person's report is their own entry.
describe("reporting the same thing twice", () => {
  const { server, cast, as, resource, groupPage } = useCastServer();

  const openReports = async (kind: string): Promise<Report[]> => {
    const res = await as.admin.get("/api/moderation/reports?status=open");
    expect(res.status).toBe(200);
    return (res.body.data as Report[]).filter((r) => r.kind === kind);
  };
  const reportNotices = async (c: TestClient): Promise<number> => {
    const res = await c.get("/api/notifications");
    expect(res.status).toBe(200);
    return (res.body.data as { kind: string }[]).filter((n) => n.kind === "content_reported").length;
  };

  /** Reports twice, then checks the queue holds one entry of that reporter with the second reason, and that the other staff member heard once. */
  async function reportsTwice(kind: string, reporter: Role, report: (c: TestClient, value: string, message: string) => Promise<{ status: number; body: unknown }>, listener: TestClient) {
    const before = (await openReports(kind)).length;
    const heard = await reportNotices(listener);
    const first = await report(as[reporter], "broken", "First look.");
    const second = await report(as[reporter], "inappropriate", "Second look.");
    for (const res of [first, second]) expect([res.status, res.body], reporter).toEqual([200, { status: "success", message: CONTENT_ACTION_MESSAGES.flagThanks }]);
    const mine = (await openReports(kind)).filter((r) => r.reporter.name === cast[reporter as Exclude<Role, "guest">].name);
    expect(mine.map((r) => [r.reason, r.message]), reporter).toEqual([["inappropriate", "Second look."]]);
    expect((await openReports(kind)).length, reporter).toBe(before + 1);
    expect(await reportNotices(listener), reporter).toBe(heard + 1);
    return mine[0]!;
  }

  const flagItem = (c: TestClient, value: string, message: string) => c.post("/profile/flag", { type: `resource:${resource.id}`, value, message });

  it("queues an item once per reporter while the report is open, for a member, a moderator and an administrator", async () => {
    await reportsTwice("content", "member", flagItem, as.moderator);
    await reportsTwice("content", "moderator", flagItem, as.admin);
    await reportsTwice("content", "admin", flagItem, as.moderator);
    // Three people, three entries.
    expect((await openReports("content")).length).toBe(3);
  });

  it("queues a comment once per reporter while the report is open", async () => {
    const comment = await as.owner.post("/comment/thread/comment", { opaque_id: resource.opaque_id, comment: "Buy cheap pens" });
    expect(comment.status).toBe(201);
    const flagComment = (c: TestClient, value: string, message: string) => c.post("/comment/thread/comment/flag", { opaque_id: resource.opaque_id, comment_id: comment.body.id, value, message });
    await reportsTwice("comment", "member", flagComment, as.moderator);
    await reportsTwice("comment", "moderator", flagComment, as.admin);
    expect((await openReports("comment")).length).toBe(2);
  });

  it("queues a feed post once per reporter while the report is open", async () => {
    const post = await as.groupie.post(`/feeds/by-type/profile/${groupPage.id}`, { content: "Off-topic advert" });
    expect(post.status).toBe(201);
    const flagPost = (c: TestClient, value: string, message: string) => c.post(`/feeds/posts/${post.body.id}/flag`, { value, message });
    await reportsTwice("post", "leader", flagPost, as.moderator);
    await reportsTwice("post", "admin", flagPost, as.moderator);
    expect((await openReports("post")).length).toBe(2);
  });

  it("tells a repeated report from a new one when both come in the same millisecond", async () => {
    // The clock stands still, so both reports are written with the same created_at: the second must still be an
    // update (one entry, one notice), not taken for a new report because the times match.
    const other = await buildContent(server.db, { ownerId: cast.owner.id, title: "Frozen Clock" });
    const flagOther = (c: TestClient, value: string, message: string) => c.post("/profile/flag", { type: `resource:${other.id}`, value, message });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      await reportsTwice("content", "groupie", flagOther, as.moderator);
    } finally {
      vi.useRealTimers();
    }
  });

  it("queues a new report once the first is resolved", async () => {
    const [first] = (await openReports("content")).filter((r) => r.reporter.name === cast.member.name);
    expect((await as.moderator.post(`/api/moderation/reports/content/${first!.id}`, { status: "resolved" })).status).toBe(200);
    expect((await flagItem(as.member, "awesome", "Again.")).status).toBe(200);
    const mine = (await openReports("content")).filter((r) => r.reporter.name === cast.member.name);
    expect(mine.map((r) => r.reason)).toEqual(["awesome"]);
    expect(mine[0]!.id).not.toBe(first!.id);
  });
});
