import { describe, expect, it } from "vitest";
import { buildOpenApi } from "../../../contract/openapi.js";
import { MESSAGES, TOUR_MESSAGES } from "../../../contract/index.js";
import { setConfigValue } from "../../models/appConfig.js";
import { DEFAULT_TOURS } from "../../seed/defaults.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

/** PUT JSON with the CSRF token (a guest sends none: it has no session to borrow). */
const put = async (client: TestClient, path: string, body: unknown) => client.request("PUT", path, body, { "x-csrf-token": await client.token() });

const stops = [
  { selector: '[data-tour="permissions-table"]', title: "The table", content: "Who may read and edit." },
  { selector: ".dialog__actions", title: "Save", content: "Nothing changes until you save." },
];

describe("guided tours (GET /system/guided-tour/by-name, PUT /system/guided-tour/{id})", () => {
  const { server, cast } = useCast();
  let tourId: number;

  it("gives every installation the default tours, to guests too, with edit allowed only to administrators", async () => {
    const permissionsTour = DEFAULT_TOURS.find((t) => t.name === "manage-permissions-modal")!;
    const guest = await cast.clients.guest.get("/system/guided-tour/by-name?name=manage-permissions-modal&fresh=1700000000");
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({ id: expect.any(Number), name: "manage-permissions-modal", configuration: permissionsTour.configuration, abilities: { edit: false } });
    tourId = guest.body.id;
    for (const role of ["member", "owner", "moderator"] as const) expect((await cast.clients[role].get("/system/guided-tour/by-name?name=manage-permissions-modal")).body.abilities, role).toEqual({ edit: false });
    expect((await cast.clients.admin.get("/system/guided-tour/by-name?name=manage-permissions-modal")).body.abilities).toEqual({ edit: true });
    expect((await cast.clients.guest.get("/system/guided-tour/by-name?name=manage-content-endorsements-modal")).body.configuration.length).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 for an unknown name and 422 without one", async () => {
    const unknown = await cast.clients.guest.get("/system/guided-tour/by-name?name=no-such-modal");
    expect([unknown.status, unknown.body.message]).toEqual([404, TOUR_MESSAGES.notFound]);
    const missing = await cast.clients.guest.get("/system/guided-tour/by-name");
    expect([missing.status, missing.body.message]).toEqual([422, TOUR_MESSAGES.nameRequired]);
  });

  it("lets an administrator replace a tour's stops, and no one else", async () => {
    const body = { name: "manage-permissions-modal", configuration: stops };
    expect([(await put(cast.clients.guest, `/system/guided-tour/${tourId}`, body)).status, (await put(cast.clients.guest, `/system/guided-tour/${tourId}`, body)).body.message]).toEqual([401, MESSAGES.signInRequired]);
    for (const role of ["member", "owner", "leader", "moderator"] as const) expect((await put(cast.clients[role], `/system/guided-tour/${tourId}`, body)).status, role).toBe(403);
    const saved = await put(cast.clients.admin, `/system/guided-tour/${tourId}`, { name: " manage-permissions-modal ", configuration: [{ ...stops[0], title: "  The table  " }, stops[1]] });
    expect([saved.status, saved.body]).toEqual([200, { id: tourId, name: "manage-permissions-modal", configuration: stops, abilities: { edit: true } }]);
    expect((await cast.clients.member.get("/system/guided-tour/by-name?name=manage-permissions-modal")).body.configuration).toEqual(stops);
    const row = await server.db.selectFrom("guided_tours").select(["updated_by"]).where("id", "=", tourId).executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(cast.admin.id);
    expect((await put(cast.clients.admin, "/system/guided-tour/999999", body)).status).toBe(404);
  });

  it("keeps a stop without a selector (one about the whole dialog), left out, empty or blank, as an empty selector", async () => {
    const general = { title: "This dialog", content: "Everything here is about who may see the item." };
    const saved = await put(cast.clients.admin, `/system/guided-tour/${tourId}`, {
      name: "manage-permissions-modal",
      configuration: [general, { ...general, title: "Blank", selector: "   " }, { ...general, title: "Empty", selector: "" }, stops[0]],
    });
    const expected = [{ ...general, selector: "" }, { ...general, title: "Blank", selector: "" }, { ...general, title: "Empty", selector: "" }, stops[0]];
    expect([saved.status, saved.body.configuration]).toEqual([200, expected]);
    expect((await cast.clients.guest.get("/system/guided-tour/by-name?name=manage-permissions-modal")).body.configuration).toEqual(expected);
    expect((await put(cast.clients.admin, `/system/guided-tour/${tourId}`, { name: "manage-permissions-modal", configuration: stops })).status).toBe(200);
  });

  it("refuses bad input with 422 and a message, changing nothing", async () => {
    const other = (await cast.clients.guest.get("/system/guided-tour/by-name?name=manage-content-endorsements-modal")).body;
    const cases: [unknown, string][] = [
      [{ name: "manage-permissions-modal", configuration: [{ ...stops[0], title: "  " }] }, TOUR_MESSAGES.titleRequired],
      [{ name: "manage-permissions-modal", configuration: [{ selector: "#x", title: "T" }] }, TOUR_MESSAGES.contentRequired],
      [{ name: "manage-permissions-modal", configuration: [{ ...stops[0], selector: 7 }] }, TOUR_MESSAGES.selectorText],
      [{ name: "manage-permissions-modal", configuration: [{ ...stops[0], selector: "x".repeat(501) }] }, TOUR_MESSAGES.selectorTooLong],
      [{ name: "manage-permissions-modal", configuration: [{ ...stops[0], content: "x".repeat(2001) }] }, TOUR_MESSAGES.contentTooLong],
      [{ name: "manage-permissions-modal", configuration: Array.from({ length: 31 }, () => stops[0]) }, TOUR_MESSAGES.tooManyStops],
      [{ name: "manage-permissions-modal", configuration: "stops" }, TOUR_MESSAGES.stopsRequired],
      [{ name: "", configuration: stops }, TOUR_MESSAGES.nameRequired],
      [{ name: other.name, configuration: stops }, TOUR_MESSAGES.nameTaken],
    ];
    for (const [body, message] of cases) {
      const res = await put(cast.clients.admin, `/system/guided-tour/${tourId}`, body);
      expect([res.status, res.body.message], JSON.stringify(body).slice(0, 80)).toEqual([422, message]);
    }
    for (const id of ["0", "abc", "1.5"]) expect((await put(cast.clients.admin, `/system/guided-tour/${id}`, { name: "x", configuration: stops })).status, id).toBe(422);
    expect((await cast.clients.guest.get("/system/guided-tour/by-name?name=manage-permissions-modal")).body.configuration).toEqual(stops);
  });

  it("refuses every edit while the edit-enabled flag (feature guided_tour_edit) is off, and says so in abilities", async () => {
    await setConfigValue(server.db, "settings", { features: { guided_tour_edit: false } });
    try {
      expect((await cast.clients.guest.get("/app/config")).body.features.guided_tour_edit).toBe(false);
      const tour = await cast.clients.admin.get("/system/guided-tour/by-name?name=manage-permissions-modal");
      expect([tour.status, tour.body.abilities]).toEqual([200, { edit: false }]);
      const res = await put(cast.clients.admin, `/system/guided-tour/${tourId}`, { name: "manage-permissions-modal", configuration: stops });
      expect([res.status, res.body.message]).toEqual([403, MESSAGES.forbidden]);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
    expect((await cast.clients.guest.get("/app/config")).body.features.guided_tour_edit).toBe(true);
  });

  it("answers as the API reference documents", async () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths["/system/guided-tour/by-name"]!.get!.responses)).toEqual(expect.arrayContaining(["200", "404", "422"]));
    expect(Object.keys(doc.paths["/system/guided-tour/{id}"]!.put!.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "422"]));
  });
});
