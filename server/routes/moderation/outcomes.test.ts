import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, REPORT_NOTE_MAX } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

interface Listed {
  kind: string;
  id: number;
  message: string;
  outcome: string | null;
  note: string | null;
  deleted_at: string | null;
  excerpt: string | null;
}

// Resolving a report with its outcome: recorded with the report, shown in the resolved list, told to the reporter
// (never who reviewed it), and for a comment "removed" deletes it.
describe("the outcomes of reports", () => {
  const { server, as, resource, groupPage } = useCastServer();
  const fits = apiReferenceCheck();
  const byMessage = async (status: "open" | "resolved") => new Map(((await as.admin.get(`/api/moderation/reports?status=${status}`)).body.data as Listed[]).map((r) => [r.message, r]));
  const notifications = async (c: TestClient) => (await c.get("/api/notifications")).body.data as { kind: string; actor: unknown; subject: { title: string; link: string | null }; excerpt: string }[];
  let commentId = 0;

  beforeAll(async () => {
    expect((await as.member.post("/profile/flag", { type: `resource:${resource.id}`, value: "broken", message: "The link goes nowhere." })).status).toBe(200);
    const comment = await as.owner.post("/comment/thread/comment", { opaque_id: resource.opaque_id, comment: "Buy cheap pens" });
    commentId = comment.body.id;
    expect((await as.member.post("/comment/thread/comment/flag", { opaque_id: resource.opaque_id, comment_id: commentId, value: "inappropriate", message: "Spam." })).status).toBe(200);
    const post = await as.groupie.post(`/feeds/by-type/profile/${groupPage.id}`, { content: "Off-topic advert" });
    expect((await as.leader.post(`/feeds/posts/${post.body.id}/flag`, { value: "inappropriate", message: "An advert." })).status).toBe(200);
  });

  it("records No action needed with a note, shows both in the resolved list, and tells the reporter without naming the reviewer", async () => {
    const report = (await byMessage("open")).get("The link goes nowhere.")!;
    const path = `/api/moderation/reports/content/${report.id}`;
    for (const role of ["member", "owner", "leader"] as const) expect((await as[role].post(path, { status: "resolved", outcome: "none" })).status, role).toBe(403);
    expect((await as.guest.post(path, { status: "resolved", outcome: "none" })).status).toBe(401);

    const resolved = await as.moderator.post(path, { status: "resolved", outcome: "none", note: "  The link works for me.  " });
    expect(resolved.status).toBe(200);
    fits("post", "/api/moderation/reports/{kind}/{id}", resolved);
    expect(resolved.body.report).toMatchObject({ status: "resolved", outcome: "none", note: "The link works for me.", review: { reviewer: { name: "Mona Moderator" } } });
    expect((await byMessage("resolved")).get("The link goes nowhere.")).toMatchObject({ outcome: "none", note: "The link works for me." });

    const [told] = await notifications(as.member);
    expect(told).toMatchObject({ kind: "report_resolved", actor: null, subject: { title: "Volcano Model", link: `/resources/${resource.uid}` }, excerpt: 'No action needed. You reported this item: "The link goes nowhere."' });
    expect(JSON.stringify(told)).not.toMatch(/Mona|works for me/);
    fits("get", "/api/notifications", await as.member.get("/api/notifications"));

    // Resolved again by someone else: nothing changes, nobody is told twice.
    expect((await as.admin.post(path, { status: "resolved", outcome: "removed" })).body.report).toMatchObject({ outcome: "none", review: { reviewer: { name: "Mona Moderator" } } });
    expect((await notifications(as.member)).filter((n) => n.kind === "report_resolved")).toHaveLength(1);

    // Opened again: outcome and note are cleared, the reporter is not told.
    expect((await as.admin.post(path, { status: "open" })).body.report).toMatchObject({ status: "open", outcome: null, note: null });
    expect((await notifications(as.member)).filter((n) => n.kind === "report_resolved")).toHaveLength(1);
  });

  it("deletes a reported comment resolved as removed, and records (only) the outcome of a removed feed post", async () => {
    const reports = await byMessage("open");
    const comment = reports.get("Spam.")!;
    const removed = await as.moderator.post(`/api/moderation/reports/comment/${comment.id}`, { status: "resolved", outcome: "removed" });
    expect(removed.status).toBe(200);
    expect(removed.body.report).toMatchObject({ outcome: "removed", note: null, deleted_at: expect.stringMatching(/^\d{4}-/) });
    // Deleted as its author's Delete would: gone from the discussion, with a "deleted" history entry by the moderator.
    const row = await server.db.selectFrom("comments").select(["deleted_at"]).where("id", "=", commentId).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const history = await as.admin.get(`/comment/thread/comment/history?opaque_id=${resource.opaque_id}&comment_id=${commentId}`);
    expect(history.body.data.map((h: { event: string; profile: { name: string } }) => [h.event, h.profile.name])).toContainEqual(["deleted", "Mona Moderator"]);
    expect((await notifications(as.member))[0]).toMatchObject({ kind: "report_resolved", actor: null, excerpt: 'Content removed or hidden. You reported a comment: "Spam."' });

    const post = reports.get("An advert.")!;
    const recorded = await as.admin.post(`/api/moderation/reports/post/${post.id}`, { status: "resolved", outcome: "removed", note: "Asked the leader to take it down." });
    expect(recorded.body.report).toMatchObject({ kind: "post", outcome: "removed", note: "Asked the leader to take it down.", excerpt: "Off-topic advert" });
    expect((await notifications(as.leader))[0]).toMatchObject({ kind: "report_resolved", actor: null, subject: { title: "Science Team" }, excerpt: 'Content removed or hidden. You reported a feed post: "An advert."' });
  });

  it("tells no reporter who turned the setting off, and refuses a bad outcome or note with its message", async () => {
    expect((await as.member.send("PUT", "/notification-settings", { subscriber: { report_outcomes: false } })).status).toBe(200);
    expect((await as.member.get("/notification-settings")).body.settings.report_outcomes).toMatchObject({ label: "Outcomes of my reports" });
    const report = (await byMessage("resolved")).get("The link goes nowhere.") ?? (await byMessage("open")).get("The link goes nowhere.")!;
    const before = (await notifications(as.member)).length;
    expect((await as.moderator.post(`/api/moderation/reports/content/${report.id}`, { status: "resolved" })).body.report).toMatchObject({ status: "resolved", outcome: "none" });
    expect((await notifications(as.member)).length).toBe(before);

    const path = `/api/moderation/reports/content/${report.id}`;
    const badOutcome = await as.moderator.post(path, { status: "resolved", outcome: "banned" });
    expect([badOutcome.status, badOutcome.body.message]).toEqual([422, MODERATION_MESSAGES.outcomeInvalid]);
    fits("post", "/api/moderation/reports/{kind}/{id}", badOutcome);
    const long = await as.moderator.post(path, { status: "resolved", outcome: "none", note: "x".repeat(REPORT_NOTE_MAX + 1) });
    expect([long.status, long.body.message]).toEqual([422, MODERATION_MESSAGES.noteTooLong]);
    expect(long.body.message).toBe("The note may be at most 500 characters.");
    expect((await as.moderator.post(path, { status: "resolved", note: 42 })).body.message).toBe(MODERATION_MESSAGES.noteInvalid);
    expect((await as.moderator.post(path, { status: "resolved", note: "x".repeat(REPORT_NOTE_MAX) })).status).toBe(200);
  });
});
