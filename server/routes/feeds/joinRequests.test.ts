import { beforeAll, describe, expect, it } from "vitest";
import { FEED_MESSAGES, GROUP_JOIN_ANYONE, GROUP_JOIN_BY_REQUEST, GROUP_JOIN_INVITATION_ONLY, GROUP_JOIN_REQUEST_MESSAGES, GROUP_MEMBER_MESSAGES, GROUP_MEMBERS_SHOWN, listPageMessage } from "../../../contract/index.js";
import type { Content, Profile } from "../../db/schema.js";
import { buildGroup, buildGroupPage, buildSignedInUser, buildUser, statusesByRole } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

const ask = (page: Content) => `/groups/${page.id}/join-request`;
const requests = (page: Content) => `/groups/${page.id}/join-requests`;
const feedOf = (page: Content) => `/feeds/by-type/profile/${page.id}`;

describe("requests to join a group", () => {
  const { server, cast, as } = useCastServer();
  /** Leads a group of their own, not the one asked to join. */
  let otherLeader: TestClient;
  const fits = apiReferenceCheck();

  beforeAll(async () => {
    const [someone, client] = await buildSignedInUser(server, { name: "Ola Otherleader" });
    await buildGroup(server.db, someone);
    otherLeader = client;
  });

  /** A fresh group led by the cast's leader with the groupie in it, its join permission set, and its page. */
  async function groupJoinedBy(joinPermission: number, title: string, options: { restricted?: boolean } = {}): Promise<{ group: Profile; page: Content }> {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    await server.db.updateTable("profiles").set({ join_permission: joinPermission }).where("id", "=", group.id).execute();
    return { group, page: await buildGroupPage(server.db, cast.leader, group, title, options) };
  }

  /** The client's notifications, newest first. */
  async function notificationsOf(client: TestClient) {
    return (await client.get("/api/notifications")).body.data as { kind: string; actor: { name: string } | null; subject: { title: string; link: string } }[];
  }

  it("lets a signed-in reader who is not in a 'Request to join' group ask, once, and tells its leaders", async () => {
    const { page } = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Ask First Club");
    const before = (await notificationsOf(as.leader)).length;
    const statuses = await statusesByRole({ ...as, owner: otherLeader }, (c) => c.post(ask(page)));
    // owner stands in for another group's leader: a reader like any other here.
    expect(statuses).toEqual({ owner: 201, member: 201, leader: 403, groupie: 403, moderator: 201, admin: 201, guest: 401 });
    const refused = await as.groupie.post(ask(page));
    expect(refused.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.alreadyIn);
    fits("post", "/groups/{modelId}/join-request", refused);

    const again = await as.member.post(ask(page));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.pending);
    fits("post", "/groups/{modelId}/join-request", again);

    // One notification per request that was sent (four), none for the refused second one.
    const told = await notificationsOf(as.leader);
    expect(told.length - before).toBe(4);
    expect(told[0]).toMatchObject({ kind: "group_join_request", subject: { title: "Ask First Club", link: expect.stringContaining(page.uid) } });
    expect(told.map((n) => n.actor?.name)).toContain("Milo Member");
  });

  it("shows the asker where they stand in the feed's abilities, and lets them withdraw", async () => {
    const { page } = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Withdraw Club");
    const first = (await as.member.get(feedOf(page))).body;
    expect(first.abilities).toMatchObject({ join: false, request_join: true, post: false });
    expect(first.join_requested_at).toBeNull();
    const sent = await as.member.post(ask(page));
    expect(sent.status).toBe(201);
    fits("post", "/groups/{modelId}/join-request", sent);
    expect(sent.body).toMatchObject({ message: GROUP_JOIN_REQUEST_MESSAGES.sent, requested_at: expect.any(String) });
    const pending = (await as.member.get(feedOf(page))).body;
    expect(pending.abilities.request_join).toBe(false);
    expect(pending.join_requested_at).toBe(sent.body.requested_at);
    // Members and leaders have nothing to ask.
    expect((await as.groupie.get(feedOf(page))).body.abilities.request_join).toBe(false);

    expect((await as.guest.send("DELETE", ask(page))).status).toBe(401);
    // Someone else's request is not theirs to withdraw: the groupie has none.
    expect((await as.groupie.send("DELETE", ask(page))).status).toBe(404);
    const withdrawn = await as.member.send("DELETE", ask(page));
    expect(withdrawn.status).toBe(200);
    fits("delete", "/groups/{modelId}/join-request", withdrawn);
    expect(withdrawn.body).toEqual({ status: "success", message: GROUP_JOIN_REQUEST_MESSAGES.withdrawn, requested_at: null });
    const none = await as.member.send("DELETE", ask(page));
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.noneToWithdraw);
    fits("delete", "/groups/{modelId}/join-request", none);
    expect((await as.member.get(feedOf(page))).body).toMatchObject({ abilities: { request_join: true }, join_requested_at: null });
  });

  it("refuses requests to 'Invitation only' and open groups with a clear message, and hides 'Only members' groups", async () => {
    const invitation = await groupJoinedBy(GROUP_JOIN_INVITATION_ONLY, "Invite Club");
    const refused = await as.member.post(ask(invitation.page));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.invitationOnly);
    fits("post", "/groups/{modelId}/join-request", refused);
    expect((await as.member.get(feedOf(invitation.page))).body.abilities).toMatchObject({ join: false, request_join: false });

    const open = await groupJoinedBy(GROUP_JOIN_ANYONE, "Open Club");
    const openRefused = await as.member.post(ask(open.page));
    expect(openRefused.status).toBe(403);
    expect(openRefused.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.openToAll);
    // Asking never opened joining to a request-to-join group.
    const byRequest = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "No Shortcut Club");
    expect((await as.member.post(`/groups/${byRequest.page.id}/membership`)).body.message).toBe(FEED_MESSAGES.joinForbidden);

    const hidden = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Hidden Club", { restricted: true });
    const notFound = await as.member.post(ask(hidden.page));
    expect(notFound.status).toBe(404);
    fits("post", "/groups/{modelId}/join-request", notFound);
  });

  it("lets an 'Invitation only' group with can_request_join take requests, as the feed's abilities and the members answer say; the flag opens nothing else", async () => {
    const invitation = await groupJoinedBy(GROUP_JOIN_INVITATION_ONLY, "Invite Or Ask Club");
    await server.db.updateTable("profiles").set({ can_request_join: 1 }).where("id", "=", invitation.group.id).execute();
    expect((await as.member.get(feedOf(invitation.page))).body.abilities).toMatchObject({ join: false, request_join: true });
    expect((await as.groupie.get(`/groups/${invitation.page.id}/members`)).body).toMatchObject({ join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: true });
    const statuses = await statusesByRole({ ...as, owner: otherLeader }, (c) => c.post(ask(invitation.page)));
    expect(statuses).toEqual({ owner: 201, member: 201, leader: 403, groupie: 403, moderator: 201, admin: 201, guest: 401 });
    // Still not joined at once: its leaders choose.
    expect((await as.member.post(`/groups/${invitation.page.id}/membership`)).status).toBe(403);

    // An open group with the flag is still joined, not asked.
    const open = await groupJoinedBy(GROUP_JOIN_ANYONE, "Open Anyway Club");
    await server.db.updateTable("profiles").set({ can_request_join: 1 }).where("id", "=", open.group.id).execute();
    expect((await as.member.get(feedOf(open.page))).body.abilities).toMatchObject({ join: true, request_join: false });
    expect((await as.member.post(ask(open.page))).body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.openToAll);
  });

  it("takes can_request_join from the group form and from its leaders' join-permission choice (left as it is when omitted)", async () => {
    const made = await as.leader.post("/groups", { name: "Form Flag Club", description: "Ask us.", join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: true });
    expect(made.status).toBe(200);
    const page = await server.db.selectFrom("content").selectAll().where("title", "=", "Form Flag Club").executeTakeFirstOrThrow();
    expect((await as.member.get(feedOf(page))).body.abilities.request_join).toBe(true);
    expect((await as.member.post(ask(page))).status).toBe(201);

    const path = `/groups/${page.id}/join-permission`;
    const closed = await as.leader.send("PUT", path, { join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: false });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(GROUP_MEMBER_MESSAGES.joinPermissionSaved("Invitation only"));
    fits("put", "/groups/{modelId}/join-permission", closed);
    expect((await as.leader.get(`/groups/${page.id}/members`)).body).toMatchObject({ join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: false });
    expect((await as.groupie.get(feedOf(page))).body.abilities.request_join).toBe(false);
    const [, asker] = await buildSignedInUser(server, { name: "Late Asker" });
    expect((await asker.post(ask(page))).body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.invitationOnly);

    const reopened = await as.leader.send("PUT", path, { join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: true });
    expect(reopened.body.message).toBe(GROUP_MEMBER_MESSAGES.joinPermissionSaved("Invitation only, taking requests to join"));
    // Omitted: kept as it is.
    expect((await as.leader.send("PUT", path, { join_permission: GROUP_JOIN_INVITATION_ONLY })).status).toBe(200);
    expect((await as.leader.get(`/groups/${page.id}/members`)).body.can_request_join).toBe(true);
    const bad = await as.leader.send("PUT", path, { join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: "yes" });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(GROUP_MEMBER_MESSAGES.canRequestJoinInvalid);
    // Only its leaders and administrators set it: a moderator does not.
    const refused = await as.moderator.send("PUT", path, { join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: false });
    expect(refused.status).toBe(403);
    expect((await as.leader.get(`/groups/${page.id}/members`)).body.can_request_join).toBe(true);
  });

  it("lets an outsider who followed the link of an 'Only members' group meet it by its uid (name and a way in, nothing else) and ask to join; by its id it stays hidden", async () => {
    const hidden = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Quiet Tide Club", { restricted: true });
    const byLink = `/groups/${hidden.page.uid}`;
    const met = await as.member.get(`${byLink}/joining`);
    expect(met.status).toBe(200);
    fits("get", "/groups/{modelId}/joining", met);
    expect(met.body).toEqual({ name: "Quiet Tide Club", role: null, reads_page: false, abilities: { join: false, request_join: true }, join_requested_at: null, join_mode: "request" });
    expect(await statusesByRole(as, (c) => c.get(`${byLink}/joining`))).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
    expect((await as.groupie.get(`${byLink}/joining`)).body).toMatchObject({ role: "member", reads_page: true, abilities: { join: false, request_join: false } });
    // Its page, people and feed stay its members': by the id, nothing is found.
    expect((await as.member.get(`/api/content${byLink}`)).status).toBe(404);
    expect((await as.member.get(`/groups/${hidden.page.id}/members`)).status).toBe(404);
    expect((await as.member.get(feedOf(hidden.page))).status).toBe(404);
    expect((await as.member.get(`/groups/${hidden.page.id}/joining`)).status).toBe(404);
    expect((await as.member.post(ask(hidden.page))).status).toBe(404);

    const sent = await as.member.post(`${byLink}/join-request`);
    expect(sent.status).toBe(201);
    fits("post", "/groups/{modelId}/join-request", sent);
    expect((await as.member.get(`${byLink}/joining`)).body).toMatchObject({ abilities: { request_join: false }, join_requested_at: sent.body.requested_at });
    expect((await as.leader.get(`/groups/${hidden.page.id}/members`)).body.requests).toEqual([expect.objectContaining({ id: cast.member.id })]);
    // The leaders close asking meanwhile: the asker still meets the group, to withdraw.
    await server.db.updateTable("profiles").set({ join_permission: GROUP_JOIN_INVITATION_ONLY }).where("id", "=", hidden.group.id).execute();
    expect((await as.member.get(`${byLink}/joining`)).body).toMatchObject({ abilities: { request_join: false }, join_requested_at: sent.body.requested_at });
    expect((await as.member.send("DELETE", `${byLink}/join-request`)).status).toBe(200);
    // Then, by invitation only and with nothing of theirs waiting, it is not found; can_request_join opens it again.
    expect((await as.member.get(`${byLink}/joining`)).status).toBe(404);
    expect((await as.member.post(`${byLink}/join-request`)).status).toBe(404);
    await server.db.updateTable("profiles").set({ can_request_join: 1 }).where("id", "=", hidden.group.id).execute();
    expect((await as.member.get(`${byLink}/joining`)).body.abilities).toEqual({ join: false, request_join: true });
  });

  it("tells a reader of the group's page, by its id, how they get in: the join mode beside their abilities, as the top of its page shows them", async () => {
    const joining = (page: Content) => `/groups/${page.id}/joining`;
    const invitation = await groupJoinedBy(GROUP_JOIN_INVITATION_ONLY, "Closed Door Club");
    const closed = await as.member.get(joining(invitation.page));
    expect(closed.status).toBe(200);
    fits("get", "/groups/{modelId}/joining", closed);
    // A leader adds its members: nothing to do but read that.
    expect(closed.body).toEqual({ name: "Closed Door Club", role: null, reads_page: true, abilities: { join: false, request_join: false }, join_requested_at: null, join_mode: "invitation" });
    expect((await as.groupie.get(joining(invitation.page))).body).toMatchObject({ role: "member", join_mode: "invitation" });
    // Its leaders open it to requests: the mode says so, and the reader may ask.
    expect((await as.leader.send("PUT", `/groups/${invitation.page.id}/join-permission`, { join_permission: GROUP_JOIN_INVITATION_ONLY, can_request_join: true })).status).toBe(200);
    expect((await as.member.get(joining(invitation.page))).body).toMatchObject({ abilities: { join: false, request_join: true }, join_mode: "request" });
    const open = await groupJoinedBy(GROUP_JOIN_ANYONE, "Open Door Club");
    expect((await as.member.get(joining(open.page))).body).toMatchObject({ role: null, reads_page: true, abilities: { join: true, request_join: false }, join_mode: "anyone" });
    // A guest reads a public group's page, and its mode, but may do nothing.
    expect((await as.guest.get(joining(open.page))).body).toMatchObject({ role: null, abilities: { join: false, request_join: false }, join_mode: "anyone" });
  });

  it("lets an outsider who followed the link of an 'Only members' group open to anyone join it at once, and then open its page", async () => {
    const hidden = await groupJoinedBy(GROUP_JOIN_ANYONE, "Open Door Hideout", { restricted: true });
    const byLink = `/groups/${hidden.page.uid}`;
    expect((await as.member.get(`${byLink}/joining`)).body).toMatchObject({ reads_page: false, abilities: { join: true, request_join: false } });
    expect((await as.member.post(`/groups/${hidden.page.id}/membership`)).status).toBe(404);
    expect((await as.guest.post(`${byLink}/membership`)).status).toBe(401);
    const joined = await as.member.post(`${byLink}/membership`);
    expect(joined.status).toBe(200);
    fits("post", "/groups/{modelId}/membership", joined);
    expect((await as.member.get(`/api/content${byLink}`)).status).toBe(200);
    expect((await as.member.get(`${byLink}/joining`)).body).toMatchObject({ role: "member", reads_page: true });
  });

  it("lists pending requests to the group's leaders and administrators only, who approve them: the person becomes a member and is told", async () => {
    const { page } = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Approve Club");
    await as.member.post(ask(page));
    await as.moderator.post(ask(page));
    const listed = await as.leader.get(`/groups/${page.id}/members`);
    expect(listed.body.requests_total).toBe(2);
    expect(listed.body.requests).toEqual([
      { id: cast.member.id, name: "Milo Member", link: `/profiles/${cast.member.uid}`, created_at: expect.any(String) },
      { id: cast.moderator.id, name: "Mona Moderator", link: `/profiles/${cast.moderator.uid}`, created_at: expect.any(String) },
    ]);
    fits("get", "/groups/{modelId}/members", listed);
    expect((await as.admin.get(`/groups/${page.id}/members`)).body.requests_total).toBe(2);
    for (const client of [as.groupie, as.member, as.moderator, otherLeader]) expect((await client.get(`/groups/${page.id}/members`)).body).toMatchObject({ requests: [], requests_total: 0 });
    // A guest lists no one at all (the people are for signed-in readers).
    expect((await as.guest.get(`/groups/${page.id}/members`)).status).toBe(401);

    const approve = `${requests(page)}/${cast.member.id}/approve`;
    const statuses = await statusesByRole({ ...as, leader: otherLeader, owner: as.member, admin: as.groupie }, (c) => c.post(approve));
    // Keys stand for: leader another group's leader, owner the requester themself, admin a plain member of the group.
    expect(statuses).toEqual({ owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: 403, guest: 401 });
    const forbidden = await as.moderator.post(approve);
    expect(forbidden.body.message).toBe(GROUP_MEMBER_MESSAGES.manageForbidden);
    fits("post", "/groups/{modelId}/join-requests/{profileId}/approve", forbidden);

    const approved = await as.leader.post(approve);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.approved);
    fits("post", "/groups/{modelId}/join-requests/{profileId}/approve", approved);
    expect((await as.member.get(`/groups/${page.id}/members`)).body.viewer_role).toBe("member");
    expect((await as.member.get(feedOf(page))).body).toMatchObject({ abilities: { post: true, request_join: false, leave: true }, join_requested_at: null });
    expect((await notificationsOf(as.member))[0]).toMatchObject({ kind: "group_join_approved", actor: { name: "Lea Leader" }, subject: { title: "Approve Club" } });

    const twice = await as.leader.post(approve);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.notRequested);
    fits("post", "/groups/{modelId}/join-requests/{profileId}/approve", twice);
    expect((await as.leader.post(`${requests(page)}/abc/approve`)).status).toBe(404);

    // An administrator who is not in the group answers too.
    expect((await as.admin.post(`${requests(page)}/${cast.moderator.id}/approve`)).status).toBe(200);
    expect((await as.leader.get(`/groups/${page.id}/members`)).body).toMatchObject({ requests: [], requests_total: 0, total: 4 });
  });

  it(`pages the pending requests to join with requests_page, ${GROUP_MEMBERS_SHOWN} a page, oldest first, apart from the people's page`, async () => {
    const { group, page } = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Busy Club");
    const askers = [];
    for (let i = 0; i < 60; i++) askers.push(await buildUser(server.db, { name: `Asker ${String(i).padStart(2, "0")}` }));
    // Oldest first: the later the number, the later the request (named in reverse, so the order is not the names').
    await server.db
      .insertInto("group_join_requests")
      .values(askers.map((a, i) => ({ group_id: group.id, profile_id: a.id, created_at: new Date(Date.UTC(2026, 0, 1, 0, 59 - i)).toISOString() })))
      .execute();
    const names = (body: { requests: { name: string }[] }) => body.requests.map((r) => r.name);
    const askersFrom = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Asker ${String(59 - from - i).padStart(2, "0")}`);

    const first = await as.leader.get(`/groups/${page.id}/members`);
    expect(first.body).toMatchObject({ requests_total: 60, requests_page: 1, total: 2, page: 1 });
    expect(names(first.body)).toEqual(askersFrom(0, 50));
    const second = await as.leader.get(`/groups/${page.id}/members?requests_page=2`);
    fits("get", "/groups/{modelId}/members", second);
    expect(second.body).toMatchObject({ requests_total: 60, requests_page: 2, total: 2, page: 1 });
    expect(names(second.body)).toEqual(askersFrom(50, 60));
    // The people's page is its own: page 2 of 2 people is empty, the requests' page 2 is not.
    const both = await as.admin.get(`/groups/${page.id}/members?page=2&requests_page=2`);
    expect(both.body).toMatchObject({ data: [], total: 2, page: 2, requests_page: 2, requests_total: 60 });
    expect(both.body.requests).toHaveLength(10);
    expect((await as.leader.get(`/groups/${page.id}/members?requests_page=3`)).body).toMatchObject({ requests: [], requests_total: 60, requests_page: 3 });
    for (const bad of ["0", "x", "-2", "1.5"]) {
      const refused = await as.leader.get(`/groups/${page.id}/members?requests_page=${bad}`);
      expect([refused.status, refused.body.message], bad).toEqual([422, listPageMessage("requests_page")]);
    }
    // Those who may not answer them see none on any page.
    for (const client of [as.groupie, as.member]) expect((await client.get(`/groups/${page.id}/members?requests_page=2`)).body).toMatchObject({ requests: [], requests_total: 0 });
    expect((await as.guest.get(`/groups/${page.id}/members?requests_page=2`)).status).toBe(401);
  });

  it("declines a request: it goes, the person stays out and is told, by the group's name only while they may view its page", async () => {
    const { page } = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Decline Club");
    await as.member.post(ask(page));
    const decline = `${requests(page)}/${cast.member.id}`;
    expect((await as.groupie.send("DELETE", decline)).status).toBe(403);
    expect((await otherLeader.send("DELETE", decline)).status).toBe(403);
    expect((await as.guest.send("DELETE", decline)).status).toBe(401);
    const declined = await as.leader.send("DELETE", decline);
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe(GROUP_JOIN_REQUEST_MESSAGES.declined);
    fits("delete", "/groups/{modelId}/join-requests/{profileId}", declined);
    expect((await as.member.get(`/groups/${page.id}/members`)).body.viewer_role).toBeNull();
    expect((await notificationsOf(as.member))[0]).toMatchObject({ kind: "group_join_declined", actor: { name: "Lea Leader" }, subject: { title: "Decline Club" } });
    const again = await as.leader.send("DELETE", decline);
    expect(again.status).toBe(404);
    fits("delete", "/groups/{modelId}/join-requests/{profileId}", again);
    // They may ask again.
    expect((await as.member.post(ask(page))).status).toBe(201);

    // The page became "Only members" while the request waited: the declined requester is not told the group's name.
    await server.db.updateTable("content").set({ visibility: "restricted" }).where("id", "=", page.id).execute();
    await server.db.insertInto("content_grants").values({ content_id: page.id, scope: "group", profile_id: page.profile_id!, permission: "read" }).execute();
    expect((await as.leader.send("DELETE", decline)).status).toBe(200);
    const hidden = (await notificationsOf(as.member))[0]!;
    expect(hidden).toMatchObject({ kind: "group_join_declined", subject: { title: "this group" } });
    expect(JSON.stringify(hidden)).not.toContain("Decline Club");
  });

  it("marks the leaders' notifications of a request read once it is approved, declined, withdrawn or the asker is added, whoever answered it", async () => {
    // Two leaders (the cast's leader and the groupie, made one), both told of every request.
    const { group, page } = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Settled Club");
    await server.db.updateTable("group_members").set({ role: "leader" }).where("group_id", "=", group.id).where("profile_id", "=", cast.groupie.id).execute();
    // The same asker's request to another group of the leader's, left waiting.
    const elsewhere = await groupJoinedBy(GROUP_JOIN_BY_REQUEST, "Still Waiting Club");
    const [, added] = await buildSignedInUser(server, { name: "Ada Addedbyhand" });
    const leaders = [as.leader, as.groupie];
    const unread = async (c: TestClient) => (await c.get("/api/notifications/unread")).body.unread_count as number;
    const before = await Promise.all(leaders.map(unread));

    for (const asker of [as.member, as.moderator, otherLeader, added]) expect((await asker.post(ask(page))).status).toBe(201);
    expect((await as.member.post(ask(elsewhere.page))).status).toBe(201);
    expect(await unread(as.leader)).toBe(before[0]! + 5);
    expect(await unread(as.groupie)).toBe(before[1]! + 4);

    /** Whether each leader's notification of the named person's request to this group is still new (undefined: none). */
    const isNew = async (name: string, title = "Settled Club") =>
      Promise.all(
        leaders.map(async (c) => {
          const listed = (await c.get("/api/notifications")).body.data as { kind: string; read: boolean; actor: { name: string } | null; subject: { title: string } }[];
          return listed.find((n) => n.kind === "group_join_request" && n.actor?.name === name && n.subject.title === title)?.read === false;
        }),
      );
    expect(await isNew("Milo Member")).toEqual([true, true]);

    // One leader approves: both leaders' notifications of it are read; the other requests stay new.
    expect((await as.groupie.post(`${requests(page)}/${cast.member.id}/approve`)).status).toBe(200);
    expect(await isNew("Milo Member")).toEqual([false, false]);
    expect(await isNew("Mona Moderator")).toEqual([true, true]);
    expect(await isNew("Milo Member", "Still Waiting Club")).toEqual([true, false]);
    expect(await unread(as.leader)).toBe(before[0]! + 4);

    // An administrator declines, the asker withdraws, a leader adds the last one by hand: each is settled too.
    expect((await as.admin.send("DELETE", `${requests(page)}/${cast.moderator.id}`)).status).toBe(200);
    expect(await isNew("Mona Moderator")).toEqual([false, false]);
    expect((await otherLeader.send("DELETE", ask(page))).status).toBe(200);
    expect(await isNew("Ola Otherleader")).toEqual([false, false]);
    const addedId = (await server.db.selectFrom("profiles").select("id").where("name", "=", "Ada Addedbyhand").executeTakeFirstOrThrow()).id;
    expect((await as.leader.post(`/groups/${page.id}/members`, { profile_id: addedId })).status).toBe(201);
    expect(await isNew("Ada Addedbyhand")).toEqual([false, false]);

    // Only the other group's request is new now.
    expect(await unread(as.leader)).toBe(before[0]! + 1);
    expect(await unread(as.groupie)).toBe(before[1]!);
    // Asking again is news again.
    expect((await as.moderator.post(ask(page))).status).toBe(201);
    expect(await unread(as.groupie)).toBe(before[1]! + 1);
  });
});
