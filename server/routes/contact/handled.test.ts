import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_STAFF_MESSAGES, MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildUser, signedInClient } from "../../test/factories.js";
import { useCastServer } from "../../test/useServer.js";

const valid = { name: "Ada Guest", email: "ada@example.org" };

// The staff mark contact messages handled (and open again); the list shows the open ones unless asked for the handled.
describe("marking contact messages handled (POST /contact/messages/{id})", () => {
  const { server, cast, as } = useCastServer();
  const fits = apiReferenceCheck();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const message of ["First question", "Second question", "Third question"]) {
      expect((await as.guest.post("/contact/send", { ...valid, message })).status).toBe(200);
    }
    for (const m of (await as.admin.get("/contact/messages")).body.data as { id: number; message: string }[]) ids[m.message] = m.id;
  });

  const messages = async (query = "") => ((await as.moderator.get(`/contact/messages${query}`)).body.data as { message: string }[]).map((m) => m.message);

  it("lets only moderators and administrators mark a message, recording who and when; the list shows open ones unless asked for handled", async () => {
    const path = `/contact/messages/${ids["Second question"]}`;
    const guest = await as.guest.post(path, { status: "handled" });
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    fits("post", "/contact/messages/{id}", guest);
    for (const role of ["member", "owner", "leader"] as const) {
      const refused = await as[role].post(path, { status: "handled" });
      expect(refused.status, role).toBe(403);
      fits("post", "/contact/messages/{id}", refused);
    }
    expect(await messages()).toEqual(["Third question", "Second question", "First question"]);

    const handled = await as.moderator.post(path, { status: "handled" });
    expect(handled.status).toBe(200);
    fits("post", "/contact/messages/{id}", handled);
    expect(handled.body).toMatchObject({ status: "success", message: CONTACT_STAFF_MESSAGES.handled, contact_message: { id: ids["Second question"], status: "handled", handled: { by: { profile_id: cast.moderator.id, name: "Mona Moderator" } } } });
    expect(Date.now() - Date.parse(handled.body.contact_message.handled.at)).toBeLessThan(60_000);

    const open = await as.moderator.get("/contact/messages");
    fits("get", "/contact/messages", open);
    expect(open.body.total).toBe(2);
    expect(await messages()).toEqual(["Third question", "First question"]);
    expect(await messages("?status=open")).toEqual(["Third question", "First question"]);
    const done = await as.admin.get("/contact/messages?status=handled");
    expect(done.body).toMatchObject({ total: 1, data: [{ message: "Second question", status: "handled", handled: { by: { name: "Mona Moderator" } } }] });
    expect(open.body.data[0]).toMatchObject({ status: "open", handled: null });

    // Marked handled again by someone else: the first record stays.
    const again = await as.admin.post(path, { status: "handled" });
    expect(again.body.contact_message.handled).toEqual(handled.body.contact_message.handled);

    // An administrator opens it again: the record is cleared and it is back in the open list.
    const reopened = await as.admin.post(path, { status: "open" });
    expect(reopened.body).toMatchObject({ message: CONTACT_STAFF_MESSAGES.reopened, contact_message: { status: "open", handled: null } });
    expect(await messages()).toEqual(["Third question", "Second question", "First question"]);
    expect((await as.admin.get("/contact/messages?status=handled")).body).toEqual({ data: [], total: 0 });

    // Administrators mark them too, and the record names them.
    const byAdmin = await as.admin.post(`/contact/messages/${ids["First question"]}`, { status: "handled" });
    expect(byAdmin.body.contact_message.handled.by).toEqual({ profile_id: cast.admin.id, name: "Adam Admin" });
  });

  it("keeps the time once the one who marked it is gone, and answers bad requests with their messages", async () => {
    const other = await buildUser(server.db, { moderator: true, name: "Gone Moderator" });
    const client = await signedInClient(server, other);
    expect((await client.post(`/contact/messages/${ids["Third question"]}`, { status: "handled" })).status).toBe(200);
    await server.db.deleteFrom("profiles").where("id", "=", other.id).execute();
    const [third] = (await as.admin.get("/contact/messages?status=handled")).body.data.filter((m: { id: number }) => m.id === ids["Third question"]);
    expect(third.handled).toMatchObject({ at: expect.stringMatching(/^\d{4}-/), by: null });

    const badStatus = await as.moderator.post(`/contact/messages/${ids["Third question"]}`, { status: "done" });
    expect([badStatus.status, badStatus.body.message]).toEqual([422, CONTACT_STAFF_MESSAGES.statusInvalid]);
    fits("post", "/contact/messages/{id}", badStatus);
    expect((await as.moderator.post(`/contact/messages/${ids["Third question"]}`, {})).body.message).toBe(CONTACT_STAFF_MESSAGES.statusInvalid);
    expect((await as.moderator.post("/contact/messages/abc", { status: "open" })).body.message).toBe(CONTACT_STAFF_MESSAGES.idInvalid);
    expect((await as.moderator.get("/contact/messages?status=closed")).body.message).toBe(CONTACT_STAFF_MESSAGES.statusInvalid);
    const missing = await as.moderator.post("/contact/messages/999999", { status: "handled" });
    expect([missing.status, missing.body.message]).toEqual([404, MESSAGES.notFound]);
    fits("post", "/contact/messages/{id}", missing);
  });
});
