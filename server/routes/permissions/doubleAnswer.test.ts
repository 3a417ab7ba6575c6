import { describe, expect, it } from "vitest";
import { PERMISSION_MESSAGES } from "../../../contract/index.js";
import { buildContent, buildSignedInUser } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

/**
 * An access request is answered once: two saves of the Permissions form at once (a double click, or the owner and an
 * administrator together) that both accept, or one accepting while the other declines, tell the requester once and
 * leave the request with one answer.
 */
describe("two answers to one access request at once", () => {
  const { server, cast, as } = useCastServer();

  /** A restricted item of the owner's, and a fresh requester's pending request for it. */
  async function askedFor(title: string): Promise<{ opaqueId: string; requestId: number; requester: TestClient; requesterId: number }> {
    const item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "resource", title, visibility: "restricted" });
    const [user, requester] = await buildSignedInUser(server, { name: `Rita ${title}` });
    const sent = await requester.post("/permissions/request", { uid: item.uid, requestReason: "For my class" });
    expect(sent.status).toBe(200);
    return { opaqueId: item.opaque_id, requestId: sent.body.request.id, requester, requesterId: user.id };
  }
  const answersTo = async (profileId: number) =>
    (await server.db.selectFrom("notifications").select("kind").where("profile_id", "=", profileId).where("kind", "in", ["access_accepted", "access_declined"]).execute()).map((n) => n.kind);

  it("two accepts at once: one notification, the request accepted", async () => {
    const { opaqueId, requestId, requesterId } = await askedFor("Twice Accepted");
    const [a, b] = await Promise.all([as.owner.post("/permissions", { opaque_id: opaqueId, accepted_requests: [requestId] }), as.admin.post("/permissions", { opaque_id: opaqueId, accepted_requests: [requestId] })]);
    // The first save stands; the other, made from a form whose request was answered meanwhile, is refused whole.
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)!.body.message).toBe(PERMISSION_MESSAGES.requestNotFound);
    expect(await answersTo(requesterId)).toEqual(["access_accepted"]);
    const row = await server.db.selectFrom("permission_requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow();
    expect(row.status).toBe("accepted");
  });

  it("an accept and a decline at once: the requester hears only the answer that stands", async () => {
    const { opaqueId, requestId, requesterId } = await askedFor("Accepted Or Not");
    const saves = await Promise.all([as.owner.post("/permissions", { opaque_id: opaqueId, accepted_requests: [requestId] }), as.admin.post("/permissions", { opaque_id: opaqueId, rejected_requests: [requestId] })]);
    expect(saves.map((r) => r.status).sort()).toEqual([200, 422]);
    const told = await answersTo(requesterId);
    expect(told).toHaveLength(1);
    const row = await server.db.selectFrom("permission_requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow();
    expect(told[0]).toBe(row.status === "accepted" ? "access_accepted" : "access_declined");
    // An accept that stands keeps its grant: the refused save did not replace the item's grants.
    const grant = await server.db.selectFrom("content_grants").select("id").where("scope", "=", "profile").where("profile_id", "=", requesterId).where("permission", "=", "read").execute();
    expect(grant).toHaveLength(row.status === "accepted" ? 1 : 0);
  });
});
