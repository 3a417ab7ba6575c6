import { beforeAll, describe, expect, it } from "vitest";
import { GROUP_JOIN_BY_REQUEST, NOTIFICATION_MESSAGES, NOTIFICATION_SETTINGS } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildGroup, buildGroupPage, buildUser, signedInClient, statusesByRole } from "../../test/factories.js";
import { linkIn } from "../../test/mailbox.js";
import { type TestClient } from "../../test/testServer.js";
import { useCast, useMailbox } from "../../test/useServer.js";

const COMMENT = "/comment/thread/comment";
const PUBLIC_URL = "http://commons.example.test";
/** A member's settings until changed: everything on but e-mail (members have no reports setting). */
const ALL_ON = { comment_replies: true, group_discussions: true, access_requests: true, access_answers: true, group_join_requests: true, group_join_answers: true, recommendations: true, report_outcomes: true, email: false };
/** A moderator's or administrator's: the same, and reports. */
const STAFF_ON = { ...ALL_ON, reports: true };
const { reports: _staffOnly, ...MEMBER_SETTINGS } = NOTIFICATION_SETTINGS;

type Listed = { id: number; kind: string; actor: { name: string; link: string } | null; subject: { title: string; link: string | null }; excerpt: string | null; discussion: { title: string } | null; read: boolean };

// Notifications: what subscriptions, group discussions and access requests tell whom, and the settings that stop them.
describe("notifications", () => {
  const mailbox = useMailbox();
  const { server, cast, as } = useCast(() => ({ env: { SMTP_URL: mailbox.url, PUBLIC_URL } }));
  let lesson: Content, groupPage: Content;
  const fits = apiReferenceCheck();

  const listOf = async (c: TestClient, page = 1) => {
    const res = await c.get(`/api/notifications?page=${page}`);
    expect(res.status).toBe(200);
    fits("get", "/api/notifications", res);
    return res.body as { data: Listed[]; meta: { current_page: number; last_page: number; total: number }; unread_count: number };
  };
  const unread = async (c: TestClient) => (await c.get("/api/notifications/unread")).body.unread_count as number;
  const comment = (c: TestClient, item: Content, text: string, extra: Record<string, unknown> = {}) => c.post(COMMENT, { opaque_id: item.opaque_id, comment: text, ...extra });

  beforeAll(async () => {
    lesson = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Volcano Week" });
    groupPage = await buildGroupPage(server.db, cast.leader, cast.group, "Science Team");
  });

  it("tells a comment's author and its subscribers of a reply, not the replier, with who said what where", async () => {
    const top = await comment(as.owner, lesson, "What did your class build?");
    expect(top.status).toBe(201);
    const subscribed = await as.member.post(`${COMMENT}/subscribe`, { opaque_id: lesson.opaque_id, comment_id: top.body.id, action: "subscribe" });
    expect(subscribed.status).toBe(200);
    const before = await unread(as.member);

    expect((await comment(as.admin, lesson, "<p>A <strong>baking-soda</strong> volcano.</p>", { reply_to: top.body.id, is_html: true })).status).toBe(201);

    for (const client of [as.owner, as.member]) {
      const [latest] = (await listOf(client)).data;
      // A reply on an item's Discuss card leads to the item, in no group discussion.
      expect(latest).toMatchObject({ kind: "comment_reply", actor: { name: "Adam Admin", link: `/profiles/${cast.admin.uid}` }, subject: { title: "Volcano Week", link: `/lesson-plans/${lesson.uid}` }, excerpt: "A baking-soda volcano.", discussion: null, read: false });
    }
    expect(await unread(as.member)).toBe(before + 1);
    // The replier hears nothing of their own reply; nor does anyone who did not subscribe.
    expect((await listOf(as.admin)).data.filter((n) => n.kind === "comment_reply")).toEqual([]);
    expect((await listOf(as.groupie)).data).toEqual([]);
  });

  it("stops telling a subscriber who can no longer read the discussion", async () => {
    const secret = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Draft Plan", visibility: "restricted" });
    const grant = { content_id: secret.id, scope: "profile" as const, profile_id: cast.member.id, permission: "read" };
    await server.db.insertInto("content_grants").values(grant).execute();
    const top = await comment(as.member, secret, "Can I use this next week?");
    expect(top.status).toBe(201);
    await server.db.deleteFrom("content_grants").where("content_id", "=", secret.id).execute();
    const before = (await listOf(as.member)).meta.total;
    expect((await comment(as.owner, secret, "Not yet.", { reply_to: top.body.id })).status).toBe(201);
    expect((await listOf(as.member)).meta.total).toBe(before);
  });

  it("with many subscribers, tells exactly those who may still read the discussion (by grant, by group, as admin)", async () => {
    const secret = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Crowded Plan", visibility: "restricted" });
    const people = async (n: number, name: string) => Promise.all(Array.from({ length: n }, (_, i) => buildUser(server.db, { name: `${name} ${i + 1}` })));
    const granted = await people(14, "Granted");
    const inGroup = await people(7, "Grouped");
    const revoked = await people(9, "Revoked");
    const admins = [await buildUser(server.db, { admin: true, name: "Second Admin" })];
    const readingGroup = await buildGroup(server.db, inGroup[0]!, inGroup.slice(1));
    const outsideGroup = await buildGroup(server.db, revoked[0]!, revoked.slice(1));
    await server.db
      .insertInto("content_grants")
      .values([
        ...[...granted, ...revoked].map((p) => ({ content_id: secret.id, scope: "profile" as const, profile_id: p.id, permission: "read" })),
        { content_id: secret.id, scope: "group" as const, profile_id: readingGroup.id, permission: "read" },
      ])
      .execute();
    const top = await comment(as.owner, secret, "Who has tried this one?");
    expect(top.status).toBe(201);
    // Subscribed while they could read it (and a group profile, which is nobody's inbox); then some lose their grant.
    const subscribers = [...granted, ...inGroup, ...revoked, ...admins, outsideGroup];
    await server.db
      .insertInto("comment_subscriptions")
      .values(subscribers.map((p) => ({ comment_id: top.body.id as number, profile_id: p.id })))
      .execute();
    await server.db.deleteFrom("content_grants").where("content_id", "=", secret.id).where("profile_id", "in", revoked.map((p) => p.id)).execute();

    const replier = granted[0]!;
    expect((await comment(await signedInClient(server, replier), secret, "We did, it works.", { reply_to: top.body.id })).status).toBe(201);

    const told = await server.db.selectFrom("notifications").select("profile_id").where("kind", "=", "comment_reply").where("subject_link", "=", `/lesson-plans/${secret.uid}`).execute();
    const expected = [cast.owner, ...granted.slice(1), ...inGroup, ...admins].map((p) => p.id);
    expect(told.map((t) => t.profile_id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it("tells a group's members of a new discussion, but not the one who started it nor outsiders", async () => {
    const started = await as.groupie.post(COMMENT, { opaque_id: groupPage.opaque_id, context: "group", title: "Field trip in May", comment: "Who is coming?" });
    expect(started.status).toBe(201);
    const [latest] = (await listOf(as.leader)).data;
    // It leads to the thread: the group's page with the discussion open.
    expect(latest).toMatchObject({
      kind: "group_discussion",
      actor: { name: "Gus Groupie" },
      subject: { title: "Science Team", link: `/groups/${groupPage.uid}?discussion=${started.body.id}` },
      excerpt: "Field trip in May",
      discussion: { title: "Field trip in May" },
    });
    expect((await listOf(as.groupie)).data.some((n) => n.kind === "group_discussion")).toBe(false);
    expect((await listOf(as.member)).data.some((n) => n.kind === "group_discussion")).toBe(false);
  });

  it("leads a reply in a group's discussion to its thread (a reply to a reply too), named by its title now; gone, or to a reader who lost the group, unnamed", async () => {
    const [starter, replier, other] = await Promise.all([buildUser(server.db, { name: "Tess Starter" }), buildUser(server.db, { name: "Ravi Replier" }), buildUser(server.db, { name: "Ola Other" })]);
    const group = await buildGroup(server.db, starter, [replier, other]);
    const page = await buildGroupPage(server.db, starter, group, "Quiet Gardeners", { restricted: true });
    const [starterClient, replierClient, otherClient] = await Promise.all([signedInClient(server, starter), signedInClient(server, replier), signedInClient(server, other)]);
    const inGroup = (c: TestClient, extra: Record<string, unknown>) => c.post(COMMENT, { opaque_id: page.opaque_id, context: "group", ...extra });
    const thread = await inGroup(starterClient, { title: "Compost bins", comment: "Which bin works best?" });
    expect(thread.status).toBe(201);
    expect((await otherClient.post(`${COMMENT}/subscribe`, { opaque_id: page.opaque_id, context: "group", comment_id: thread.body.id, action: "subscribe" })).status).toBe(200);
    const reply = await inGroup(replierClient, { comment: "The rotating one.", reply_to: thread.body.id });
    expect(reply.status).toBe(201);
    // A reply to that reply goes under the same thread, and so does its notification's link.
    expect((await inGroup(otherClient, { comment: "Agreed, rotating.", reply_to: reply.body.id })).status).toBe(201);

    const threadLink = `/groups/${page.uid}?discussion=${thread.body.id}`;
    const replyOf = async (c: TestClient, excerpt: string) => (await listOf(c)).data.find((n) => n.kind === "comment_reply" && n.excerpt === excerpt);
    expect(await replyOf(starterClient, "The rotating one.")).toMatchObject({ actor: { name: "Ravi Replier" }, subject: { title: "Quiet Gardeners", link: threadLink }, discussion: { title: "Compost bins" } });
    expect(await replyOf(starterClient, "Agreed, rotating.")).toMatchObject({ subject: { link: threadLink }, discussion: { title: "Compost bins" } });
    expect(await replyOf(otherClient, "The rotating one.")).toMatchObject({ subject: { link: threadLink }, discussion: { title: "Compost bins" } });
    // The link opens the thread that the discussion call loads by that id.
    const opened = await replierClient.get(`/comment/thread/discussion?opaque_id=${page.opaque_id}&context=group&comment_id=${thread.body.id}`);
    expect([opened.status, opened.body.comments[0].title]).toEqual([200, "Compost bins"]);

    // Renamed, the thread's new title.
    expect((await starterClient.send("PUT", COMMENT, { opaque_id: page.opaque_id, context: "group", comment_id: thread.body.id, title: "Compost bins compared", comment: "Which bin works best?" })).status).toBe(200);
    expect((await replyOf(starterClient, "The rotating one."))?.discussion).toEqual({ title: "Compost bins compared" });

    // Out of the "Only members" group: neither the group nor the thread is named to her, and no words from inside.
    await server.db.deleteFrom("group_members").where("group_id", "=", group.id).where("profile_id", "=", other.id).execute();
    const lost = (await listOf(otherClient)).data.find((n) => n.kind === "comment_reply");
    expect(lost).toMatchObject({ subject: { title: "this group", link: threadLink }, excerpt: null, discussion: null });
    expect(JSON.stringify((await listOf(otherClient)).data)).not.toContain("Compost");

    // Deleted (kept for its replies, its title gone): the notification still leads there, naming no thread.
    expect((await starterClient.send("DELETE", COMMENT, { opaque_id: page.opaque_id, context: "group", comment_id: thread.body.id })).status).toBe(200);
    expect(await replyOf(starterClient, "The rotating one.")).toMatchObject({ subject: { title: "Quiet Gardeners", link: threadLink }, discussion: null });
    fits("get", "/api/notifications", await starterClient.get("/api/notifications"));
  });

  it("mails a reply in a group's discussion with the thread's title and its link", async () => {
    const [starter, replier] = await Promise.all([buildUser(server.db, { name: "Mae Mailed", email: "mae@example.com", emailVerified: true }), buildUser(server.db, { name: "Rex Replier" })]);
    const group = await buildGroup(server.db, starter, [replier]);
    const page = await buildGroupPage(server.db, starter, group, "Pond Watchers");
    const starterClient = await signedInClient(server, starter);
    expect((await starterClient.send("PUT", "/notification-settings", { subscriber: { email: true } })).status).toBe(200);
    const thread = await starterClient.post(COMMENT, { opaque_id: page.opaque_id, context: "group", title: "Frog  spawn\ncount", comment: "How many clumps?" });
    mailbox.received.length = 0;
    expect((await (await signedInClient(server, replier)).post(COMMENT, { opaque_id: page.opaque_id, context: "group", comment: "Eleven clumps.", reply_to: thread.body.id })).status).toBe(201);
    const mail = await mailbox.next("mae@example.com");
    expect(mail.subject).toBe('Rex Replier replied to "Frog spawn count" in "Pond Watchers"');
    expect(linkIn(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/groups/${page.uid}?discussion=${thread.body.id}`);
  });

  it("tells an owner of an access request and the requester of the answer, either way", async () => {
    const asked = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Locked Plan", visibility: "restricted" });
    const requester = await buildUser(server.db, { name: "Rita Requester" });
    const requesterClient = await signedInClient(server, requester);
    const sent = await as.member.post("/permissions/request", { opaque_id: asked.opaque_id, requestReason: "For my class" });
    const other = await requesterClient.post("/permissions/request", { opaque_id: asked.opaque_id });
    expect([sent.status, other.status]).toEqual([200, 200]);
    const forOwner = (await listOf(as.owner)).data.filter((n) => n.kind === "access_request");
    expect(forOwner.slice(0, 2)).toMatchObject([
      { actor: { name: "Rita Requester" }, subject: { title: "Locked Plan", link: `/lesson-plans/${asked.uid}?permission_request=${other.body.request.id}` }, excerpt: null },
      { actor: { name: "Milo Member" }, subject: { link: `/lesson-plans/${asked.uid}?permission_request=${sent.body.request.id}` }, excerpt: "For my class" },
    ]);

    const decided = await as.owner.post("/permissions", { opaque_id: asked.opaque_id, accepted_requests: [sent.body.request.id], rejected_requests: [other.body.request.id] });
    expect(decided.status).toBe(200);
    expect((await listOf(as.member)).data[0]).toMatchObject({ kind: "access_accepted", actor: { name: "Olga Owner" }, subject: { title: "Locked Plan" } });
    const declined = (await listOf(requesterClient)).data[0]!;
    expect(declined).toMatchObject({ kind: "access_declined", actor: { name: "Olga Owner" }, subject: { link: `/lesson-plans/${asked.uid}` } });
    // The requester still may not view the item, whose title it was never shown (the request card names only its type
    // and owner): the answer names the item by its type, never by its title.
    expect((await requesterClient.get(`/api/content/lesson-plans/${asked.uid}`)).status).toBe(404);
    expect(declined.subject.title).toBe("this Lesson Plan");
    expect(JSON.stringify(await listOf(requesterClient))).not.toContain("Locked Plan");
  });

  it("keeps each setting at its default (on, e-mail off) until its owner changes it, and then says nothing of that kind", async () => {
    const fresh = await signedInClient(server, await buildUser(server.db, { name: "Nora New" }));
    const initial = await fresh.get("/notification-settings");
    expect(initial.status).toBe(200);
    fits("get", "/notification-settings", initial);
    expect(initial.body).toEqual({ settings: MEMBER_SETTINGS, subscriber: ALL_ON });

    const saved = await as.leader.send("PUT", "/notification-settings", { subscriber: { group_discussions: false } });
    expect(saved.status).toBe(200);
    fits("put", "/notification-settings", saved);
    expect(saved.body).toMatchObject({ status: "success", message: NOTIFICATION_MESSAGES.settingsSaved, subscriber: { ...ALL_ON, group_discussions: false } });
    expect((await as.leader.get("/notification-settings")).body.subscriber).toEqual({ ...ALL_ON, group_discussions: false });
    // Another profile's settings are its own.
    expect((await as.groupie.get("/notification-settings")).body.subscriber).toEqual(ALL_ON);

    const before = (await listOf(as.leader)).meta.total;
    expect((await as.groupie.post(COMMENT, { opaque_id: groupPage.opaque_id, context: "group", title: "Bake sale", comment: "Cakes?" })).status).toBe(201);
    expect((await listOf(as.leader)).meta.total).toBe(before);

    await as.leader.send("PUT", "/notification-settings", { subscriber: { group_discussions: true } });
    expect((await as.groupie.post(COMMENT, { opaque_id: groupPage.opaque_id, context: "group", title: "Science fair", comment: "Posters?" })).status).toBe(201);
    expect((await listOf(as.leader)).data[0]).toMatchObject({ kind: "group_discussion", excerpt: "Science fair" });
  });

  it("refuses bad settings with the message and changes nothing", async () => {
    await as.moderator.send("PUT", "/notification-settings", { subscriber: { access_answers: false } });
    for (const body of [{}, { subscriber: { weekly_digest: true } }, { subscriber: { comment_replies: "no" } }, { subscriber: [] }]) {
      const res = await as.moderator.send("PUT", "/notification-settings", body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.settingsInvalid);
    }
    expect((await as.moderator.get("/notification-settings")).body.subscriber).toEqual({ ...STAFF_ON, access_answers: false });
  });

  it("lists reports among the settings of moderators and administrators only, and refuses it to others", async () => {
    for (const role of ["moderator", "admin"] as const) {
      const res = await as[role].get("/notification-settings");
      fits("get", "/notification-settings", res);
      expect(Object.keys(res.body.settings), role).toEqual(Object.keys(NOTIFICATION_SETTINGS));
      expect(res.body.settings.reports, role).toEqual(NOTIFICATION_SETTINGS.reports);
    }
    for (const role of ["owner", "member", "leader", "groupie"] as const) {
      const res = await as[role].get("/notification-settings");
      expect(Object.keys(res.body.settings), role).toEqual(Object.keys(MEMBER_SETTINGS));
      expect(Object.keys(res.body.subscriber), role).not.toContain("reports");
    }
    const refused = await as.member.send("PUT", "/notification-settings", { subscriber: { email: true, reports: true } });
    expect(refused.status).toBe(422);
    fits("put", "/notification-settings", refused);
    expect(refused.body.message).toBe(NOTIFICATION_MESSAGES.settingNotYours("reports"));
    // Nothing of the refused request was saved.
    expect((await as.member.get("/notification-settings")).body.subscriber.email).toBe(false);
    expect(await server.db.selectFrom("notification_settings").select("setting").where("profile_id", "=", cast.member.id).where("setting", "=", "reports").execute()).toEqual([]);
  });

  it("tells the moderators and administrators who may open it of a report of an item, a comment or a feed post, never the reporter or members", async () => {
    const reportsOf = async (c: TestClient) => (await listOf(c)).data.filter((n) => n.kind === "content_reported");
    const counts = async () => Promise.all([as.moderator, as.admin, as.owner, as.member, as.leader].map(async (c) => (await reportsOf(c)).length));
    const [mod0 = 0, admin0 = 0] = await counts();

    const flagged = await as.member.post("/profile/flag", { type: `lesson_plan:${lesson.id}`, value: "broken", message: "  The video link is dead.  " });
    expect(flagged.status).toBe(200);
    for (const c of [as.moderator, as.admin]) {
      expect((await reportsOf(c))[0]).toMatchObject({ actor: { name: "Milo Member", link: `/profiles/${cast.member.uid}` }, subject: { title: "Volcano Week", link: "/moderation/reports" }, excerpt: 'The item reported as "Broken link or content": The video link is dead.', read: false });
    }

    const top = await comment(as.owner, lesson, "Bring safety goggles.");
    expect((await as.member.post(`${COMMENT}/flag`, { opaque_id: lesson.opaque_id, comment_id: top.body.id, value: "inappropriate", message: "Off topic." })).status).toBe(200);
    expect((await reportsOf(as.moderator))[0]).toMatchObject({ subject: { title: "Volcano Week", link: "/moderation/reports" }, excerpt: 'A comment reported as "Inappropriate content": Off topic.' });

    const posted = await as.groupie.post(`/feeds/by-type/profile/${groupPage.id}`, { content: "Buy my raffle tickets" });
    expect(posted.status).toBe(201);
    expect((await as.leader.post(`/feeds/posts/${posted.body.id}/flag`, { value: "inappropriate", message: "Advertising." })).status).toBe(200);
    expect((await reportsOf(as.admin))[0]).toMatchObject({ actor: { name: "Lea Leader" }, subject: { title: "Science Team", link: "/moderation/reports" }, excerpt: 'A feed post reported as "Inappropriate content": Advertising.' });

    // A restricted item the moderator may not open: the administrator hears of it, the moderator does not.
    const secret = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Private Plan", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: secret.id, scope: "profile", profile_id: cast.member.id, permission: "read" }).execute();
    expect((await as.member.post("/profile/flag", { type: `lesson_plan:${secret.id}`, value: "inappropriate", message: "Copied from a book." })).status).toBe(200);
    expect((await reportsOf(as.admin))[0]).toMatchObject({ subject: { title: "Private Plan" } });

    expect(await counts()).toEqual([mod0 + 3, admin0 + 4, 0, 0, 0]);
    // A moderator's own report goes to the other staff.
    expect((await as.moderator.post("/profile/flag", { type: `lesson_plan:${lesson.id}`, value: "awesome", message: "Great one." })).status).toBe(200);
    expect(await counts()).toEqual([mod0 + 3, admin0 + 5, 0, 0, 0]);
  });

  it("does not tell a moderator who turned reports off", async () => {
    expect((await as.moderator.send("PUT", "/notification-settings", { subscriber: { reports: false } })).status).toBe(200);
    const before = await Promise.all([as.moderator, as.admin].map(async (c) => (await listOf(c)).meta.total));
    // Someone who has not reported it yet (the member's open report of it would only be updated).
    expect((await as.leader.post("/profile/flag", { type: `lesson_plan:${lesson.id}`, value: "inappropriate", message: "Again." })).status).toBe(200);
    expect(await Promise.all([as.moderator, as.admin].map(async (c) => (await listOf(c)).meta.total))).toEqual([before[0], before[1]! + 1]);
    await as.moderator.send("PUT", "/notification-settings", { subscriber: { reports: true } });
  });

  it("mails a notification to a profile that turned e-mail on and has a confirmed address: what happened, the absolute link, how to stop; nobody else", async () => {
    const [withMail, mailOff, noAddress, unconfirmed] = await Promise.all([
      buildUser(server.db, { name: "Erin Email", email: "erin@example.com", emailVerified: true }),
      buildUser(server.db, { name: "Quinn Quiet", email: "quinn@example.com", emailVerified: true }),
      buildUser(server.db, { name: "Nat Noaddress" }),
      buildUser(server.db, { name: "Una Unconfirmed", email: "una@example.com" }),
    ]);
    for (const person of [withMail, noAddress, unconfirmed]) {
      const turnedOn = await (await signedInClient(server, person)).send("PUT", "/notification-settings", { subscriber: { email: true } });
      expect(turnedOn.body.subscriber).toEqual({ ...ALL_ON, email: true });
    }
    const top = await comment(as.owner, lesson, "Which volcano did you model?");
    await server.db
      .insertInto("comment_subscriptions")
      .values([withMail, mailOff, noAddress, unconfirmed].map((p) => ({ comment_id: top.body.id as number, profile_id: p.id })))
      .execute();
    mailbox.received.length = 0;

    expect((await comment(as.member, lesson, "<p>Mount <em>Etna</em>, with baking soda.</p>", { reply_to: top.body.id, is_html: true })).status).toBe(201);

    const mail = await mailbox.next("erin@example.com");
    expect(mail.subject).toBe('Milo Member replied in the discussion of "Volcano Week"');
    expect(mail.text).toContain("Hello Erin Email,");
    expect(mail.text).toContain('"Mount Etna, with baking soda."');
    expect(linkIn(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/lesson-plans/${lesson.uid}`);
    expect(mail.text).toContain('"E-mail me my notifications" is on');
    expect(mail.text.split("\n")).toContain(`${PUBLIC_URL}/notifications`);
    // Every recipient is told on the page; only Erin by mail (Quinn has e-mail off, Nat no address, Una an address she never confirmed).
    for (const person of [withMail, mailOff, noAddress, unconfirmed]) {
      expect((await listOf(await signedInClient(server, person))).data[0], person.name).toMatchObject({ kind: "comment_reply", excerpt: "Mount Etna, with baking soda." });
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(mailbox.received.flatMap((m) => m.envelopeTo).sort()).toEqual(["erin@example.com"]);
  });

  it("mails a recommendation with the sender, the item and the note; to a recipient who may not view the item, its type only", async () => {
    const [viewer, outsider] = await Promise.all([
      buildUser(server.db, { name: "Vera Viewer", email: "vera@example.com", emailVerified: true }),
      buildUser(server.db, { name: "Oscar Outside", email: "oscar@example.com", emailVerified: true }),
    ]);
    for (const person of [viewer, outsider]) expect((await (await signedInClient(server, person)).send("PUT", "/notification-settings", { subscriber: { email: true } })).status).toBe(200);
    const reef = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Hidden Reef", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: reef.id, scope: "profile", profile_id: viewer.id, permission: "read" }).execute();
    mailbox.received.length = 0;
    const sent = await as.owner.post("/profile/postRecommend", { opaque_id: reef.opaque_id, targetProfiles: [viewer.id, outsider.id], recommend_note: "Try the reef survey", update_permissions: false });
    expect(sent.status).toBe(200);

    const toViewer = await mailbox.next("vera@example.com");
    expect(toViewer.subject).toBe('Olga Owner recommended "Hidden Reef"');
    expect(toViewer.text).toContain('"Try the reef survey"');
    expect(linkIn(toViewer, PUBLIC_URL)).toBe(`${PUBLIC_URL}/lesson-plans/${reef.uid}`);
    const toOutsider = await mailbox.next("oscar@example.com");
    expect(toOutsider.subject).toBe('Olga Owner recommended "this Lesson Plan"');
    expect(toOutsider.text).not.toContain("Hidden Reef");
    // The link leads to the item's page, where one who may not view it may ask for access.
    expect(linkIn(toOutsider, PUBLIC_URL)).toBe(`${PUBLIC_URL}/lesson-plans/${reef.uid}`);
  });

  it("mails a requester declined for an item shared by link without its link (the link would let them in)", async () => {
    const asker = await buildUser(server.db, { name: "Dora Declined", email: "dora@example.com", emailVerified: true });
    const askerClient = await signedInClient(server, asker);
    expect((await askerClient.send("PUT", "/notification-settings", { subscriber: { email: true } })).status).toBe(200);
    const asked = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Shared Then Declined", visibility: "restricted" });
    const sent = await askerClient.post("/permissions/request", { uid: asked.uid, requestReason: "Please" });
    expect(sent.status).toBe(200);
    mailbox.received.length = 0;
    expect((await as.owner.post("/permissions", { opaque_id: asked.opaque_id, link: ["read"], rejected_requests: [sent.body.request.id] })).status).toBe(200);
    const mail = await mailbox.next("dora@example.com");
    expect(mail.subject).toBe('Olga Owner declined your request for access to "this Lesson Plan"');
    expect(mail.text).not.toContain("Open it here");
    expect(mail.text).not.toContain(asked.uid);
    expect((await listOf(askerClient)).data[0]).toMatchObject({ kind: "access_declined", subject: { title: "this Lesson Plan", link: null } });
  });

  it("marks one's own notifications read, by id or all, never another's", async () => {
    const mine = (await listOf(as.owner)).data;
    const [newest] = mine;
    const [othersNewest] = (await listOf(as.member)).data;
    if (!newest || !othersNewest) throw new Error("the earlier tests leave notifications for both");
    const othersId = othersNewest.id;
    expect(mine.length).toBeGreaterThan(1);
    const marked = await as.owner.post("/api/notifications/read", { ids: [newest.id, othersId] });
    expect(marked.status).toBe(200);
    fits("post", "/api/notifications/read", marked);
    expect(marked.body.unread_count).toBe(mine.filter((n) => !n.read).length - 1);
    expect((await listOf(as.owner)).data.find((n) => n.id === newest.id)?.read).toBe(true);
    expect((await listOf(as.member)).data.find((n) => n.id === othersId)?.read).toBe(false);

    expect((await as.owner.post("/api/notifications/read", { all: true })).body.unread_count).toBe(0);
    expect(await unread(as.owner)).toBe(0);
    expect((await listOf(as.owner)).data.every((n) => n.read)).toBe(true);

    for (const body of [{}, { ids: [] }, { ids: ["1"] }, { all: false }, { ids: [1], all: true }]) {
      const res = await as.owner.post("/api/notifications/read", body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.idsInvalid);
    }
  });

  it("names the item as it is now: renamed, its new title; to each role that may no longer open it, its type only and no words from inside; removed, as removed", async () => {
    const item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Reef Survey" });
    const roles = ["owner", "member", "leader", "groupie", "moderator", "admin"] as const;
    const profiles = { owner: cast.owner, member: cast.member, leader: cast.leader, groupie: cast.groupie, moderator: cast.moderator, admin: cast.admin };
    // A reply for each role, as the discussion's subscribers are told of one (all but the owner, who replied).
    const top = await comment(as.member, item, "Which reef did you survey?");
    await server.db
      .insertInto("comment_subscriptions")
      .values(roles.filter((r) => r !== "owner" && r !== "member").map((r) => ({ comment_id: top.body.id as number, profile_id: profiles[r].id })))
      .execute();
    expect((await comment(as.owner, item, "The one by the old pier.", { reply_to: top.body.id })).status).toBe(201);
    const sentTo = await server.db.selectFrom("notifications").select(["id", "profile_id"]).where("subject_id", "=", item.id).where("kind", "=", "comment_reply").execute();
    const aboutItem = async (role: (typeof roles)[number]) => (await listOf(as[role])).data.find((n) => n.id === sentTo.find((t) => t.profile_id === profiles[role].id)?.id);
    const readers = roles.filter((r) => r !== "owner");
    for (const role of readers) expect(await aboutItem(role), role).toMatchObject({ subject: { title: "Reef Survey", link: `/lesson-plans/${item.uid}` }, excerpt: "The one by the old pier." });

    // Renamed: every reader sees the new title.
    await server.db.updateTable("content").set({ title: "Pier Reef Survey" }).where("id", "=", item.id).execute();
    for (const role of readers) expect((await aboutItem(role))?.subject.title, role).toBe("Pier Reef Survey");

    // Restricted to the group: its leader and member, the administrator (and the owner) still see it; the member and the moderator, who may not open it, see its type only.
    await server.db.updateTable("content").set({ visibility: "restricted" }).where("id", "=", item.id).execute();
    await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "group", profile_id: cast.group.id, permission: "read" }).execute();
    for (const role of ["leader", "groupie", "admin"] as const) expect((await aboutItem(role))?.subject.title, role).toBe("Pier Reef Survey");
    for (const role of ["member", "moderator"] as const) {
      const told = await aboutItem(role);
      expect(told, role).toMatchObject({ subject: { title: "this Lesson Plan", link: `/lesson-plans/${item.uid}` }, excerpt: null });
      expect(JSON.stringify((await listOf(as[role])).data), role).not.toContain("Reef Survey");
    }
    // Granted to the member: the title is hers to see again.
    await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "profile", profile_id: cast.member.id, permission: "read" }).execute();
    expect(await aboutItem("member")).toMatchObject({ subject: { title: "Pier Reef Survey" }, excerpt: "The one by the old pier." });

    // Removed: said so, with no link and no words from inside.
    await server.db.updateTable("notifications").set({ subject_id: item.id + 100_000 }).where("subject_id", "=", item.id).execute();
    for (const role of readers) expect(await aboutItem(role), role).toMatchObject({ subject: { title: "an item since removed", link: null }, excerpt: null });
    fits("get", "/api/notifications", await as.member.get("/api/notifications"));
  });

  it("an access request's notification follows the item's title and keeps its link to the request; a report's keeps leading to the Reports page", async () => {
    const asked = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Kelp Forests", visibility: "restricted" });
    const sent = await as.member.post("/permissions/request", { opaque_id: asked.opaque_id, requestReason: "For my class" });
    expect(sent.status).toBe(200);
    await server.db.updateTable("content").set({ title: "Kelp Forests of the North" }).where("id", "=", asked.id).execute();
    const [told] = (await listOf(as.owner)).data.filter((n) => n.kind === "access_request");
    expect(told).toMatchObject({ subject: { title: "Kelp Forests of the North", link: `/lesson-plans/${asked.uid}?permission_request=${sent.body.request.id}` }, excerpt: "For my class" });

    expect((await as.member.post("/profile/flag", { type: `lesson_plan:${lesson.id}`, value: "broken", message: "Renamed soon." })).status).toBe(200);
    await server.db.updateTable("content").set({ title: "Volcano Week (revised)" }).where("id", "=", lesson.id).execute();
    const [report] = (await listOf(as.admin)).data.filter((n) => n.kind === "content_reported");
    expect(report).toMatchObject({ subject: { title: "Volcano Week (revised)", link: "/moderation/reports" } });
    await server.db.updateTable("content").set({ title: "Volcano Week" }).where("id", "=", lesson.id).execute();
  });

  it("pages newest first, 20 a page", async () => {
    const reader = await buildUser(server.db, { name: "Paula Pages" });
    const client = await signedInClient(server, reader);
    const values = Array.from({ length: 23 }, (_, i) => ({ profile_id: reader.id, kind: "access_request", actor_id: cast.owner.id, subject_title: `Item ${i + 1}`, subject_link: "/lesson-plans/x", excerpt: null, created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), read_at: null }));
    await server.db.insertInto("notifications").values(values).execute();
    const first = await listOf(client);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, total: 23 });
    expect(first.unread_count).toBe(23);
    expect(first.data.map((n) => n.subject.title).slice(0, 2)).toEqual(["Item 23", "Item 22"]);
    expect((await listOf(client, 2)).data.map((n) => n.subject.title)).toEqual(["Item 3", "Item 2", "Item 1"]);
    expect((await client.get("/api/notifications?page=0")).body.message).toBe(NOTIFICATION_MESSAGES.pageInvalid);
  });

  it("tells who asked to join a group only to whom may still answer it: a leader removed or made a member since sees that someone asked, no name", async () => {
    const [stays, stepsDown, requester] = await Promise.all([buildUser(server.db, { name: "Sia Stays" }), buildUser(server.db, { name: "Dev Demoted" }), buildUser(server.db, { name: "Rhea Requester" })]);
    const [staysClient, stepsDownClient, requesterClient] = await Promise.all([signedInClient(server, stays), signedInClient(server, stepsDown), signedInClient(server, requester)]);
    /** A group both lead that takes requests, its page, and the request to join it: what each leader is shown of it. */
    const askToJoin = async (title: string, restricted: boolean) => {
      const group = await buildGroup(server.db, stays);
      await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: stepsDown.id, role: "leader" }).execute();
      await server.db.updateTable("profiles").set({ join_permission: GROUP_JOIN_BY_REQUEST }).where("id", "=", group.id).execute();
      const page = await buildGroupPage(server.db, stays, group, title, { restricted });
      // An "Only members" group is asked by its link (its page's uid), as an outsider meets it.
      expect((await requesterClient.post(`/groups/${restricted ? page.uid : page.id}/join-request`)).status).toBe(201);
      const shown = async (c: TestClient) => (await listOf(c)).data.find((n) => n.kind === "group_join_request" && n.subject.link?.includes(page.uid));
      return { group, page, shown };
    };

    const open = await askToJoin("Open Anglers", false);
    for (const c of [staysClient, stepsDownClient]) expect(await open.shown(c)).toMatchObject({ actor: { name: "Rhea Requester" }, subject: { title: "Open Anglers" }, excerpt: null });
    // Made a member: the group is still theirs to read, but its requests are not theirs to answer.
    await server.db.updateTable("group_members").set({ role: "member" }).where("group_id", "=", open.group.id).where("profile_id", "=", stepsDown.id).execute();
    expect(await open.shown(stepsDownClient)).toMatchObject({ kind: "group_join_request", actor: null, subject: { title: "Open Anglers" }, excerpt: null });
    expect(await open.shown(staysClient)).toMatchObject({ actor: { name: "Rhea Requester" } });

    const hidden = await askToJoin("Quiet Anglers", true);
    expect(await hidden.shown(stepsDownClient)).toMatchObject({ actor: { name: "Rhea Requester" }, subject: { title: "Quiet Anglers" } });
    // Removed from an "Only members" group: neither its name nor who asked to join it.
    await server.db.deleteFrom("group_members").where("group_id", "=", hidden.group.id).where("profile_id", "=", stepsDown.id).execute();
    expect(await hidden.shown(stepsDownClient)).toMatchObject({ actor: null, subject: { title: "this group" }, excerpt: null });
    const all = JSON.stringify((await listOf(stepsDownClient)).data);
    expect(all).not.toContain("Rhea Requester");
    expect(all).not.toContain("Quiet Anglers");
    expect(await hidden.shown(staysClient)).toMatchObject({ actor: { name: "Rhea Requester" }, subject: { title: "Quiet Anglers" } });
  });

  it("shows a report's reporter and note only to a reviewer who may still open the item and review reports", async () => {
    const item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Tide Pools" });
    const [reviewer, reporter] = await Promise.all([buildUser(server.db, { name: "Rory Reviewer" }), buildUser(server.db, { name: "Pat Reporter" })]);
    await server.db.updateTable("profiles").set({ is_moderator: 1 }).where("id", "=", reviewer.id).execute();
    const [reviewerClient, reporterClient] = await Promise.all([signedInClient(server, reviewer), signedInClient(server, reporter)]);
    expect((await reporterClient.post("/profile/flag", { type: `lesson_plan:${item.id}`, value: "inappropriate", message: "Names a pupil." })).status).toBe(200);
    const sent = await server.db.selectFrom("notifications").select(["id", "profile_id"]).where("subject_id", "=", item.id).where("kind", "=", "content_reported").execute();
    const shown = async (c: TestClient, profileId: number) => (await listOf(c)).data.find((n) => n.id === sent.find((s) => s.profile_id === profileId)?.id);
    const full = { actor: { name: "Pat Reporter" }, subject: { title: "Tide Pools", link: "/moderation/reports" }, excerpt: 'The item reported as "Inappropriate content": Names a pupil.' };
    for (const [c, p] of [[reviewerClient, reviewer], [as.moderator, cast.moderator], [as.admin, cast.admin]] as const) expect(await shown(c, p.id)).toMatchObject(full);

    // Restricted to its owner: the moderators may no longer open it; the administrator still reviews it.
    await server.db.updateTable("content").set({ visibility: "restricted" }).where("id", "=", item.id).execute();
    for (const [c, p] of [[reviewerClient, reviewer], [as.moderator, cast.moderator]] as const) {
      expect(await shown(c, p.id)).toMatchObject({ kind: "content_reported", actor: null, subject: { title: "this Lesson Plan" }, excerpt: null });
      const all = JSON.stringify((await listOf(c)).data);
      expect(all).not.toContain("Names a pupil");
      expect(all).not.toContain("Pat Reporter");
    }
    expect(await shown(as.admin, cast.admin.id)).toMatchObject({ ...full, subject: { title: "Tide Pools" } });

    // Public again, but the reviewer is no longer a moderator: the item is theirs to read, the report is not theirs to review.
    await server.db.updateTable("content").set({ visibility: "public" }).where("id", "=", item.id).execute();
    expect(await shown(as.moderator, cast.moderator.id)).toMatchObject(full);
    await server.db.updateTable("profiles").set({ is_moderator: 0 }).where("id", "=", reviewer.id).execute();
    expect(await shown(reviewerClient, reviewer.id)).toMatchObject({ actor: null, subject: { title: "Tide Pools" }, excerpt: null });
  });

  it("is for signed-in profiles only", async () => {
    const calls = {
      list: (c: TestClient) => c.get("/api/notifications"),
      unread: (c: TestClient) => c.get("/api/notifications/unread"),
      read: (c: TestClient) => c.post("/api/notifications/read", { all: true }),
      settings: (c: TestClient) => c.get("/notification-settings"),
      save: (c: TestClient) => c.send("PUT", "/notification-settings", { subscriber: {} }),
    };
    for (const call of Object.values(calls)) {
      expect(await statusesByRole(as, call)).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
    }
  });
});
