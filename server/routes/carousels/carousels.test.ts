import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAROUSEL_TEXTS, FEATURED_MESSAGES, MESSAGES, NEWS_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { FEATURED_COLLECTION_KEY, setConfigValue } from "../../models/appConfig.js";
import { buildCollection, buildContent, buildGroup, buildNewsItem, buildSignedInClient, buildSignedInUser, buildUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("carousels", () => {
  const { server } = useTestServer();
  let ownerId: number;

  beforeAll(async () => {
    ownerId = (await buildUser(server.db)).id;
  });

  describe("news carousel (GET /api/news)", () => {
    beforeEach(async () => {
      await server.db.deleteFrom("news_items").execute();
    });

    const titles = async (client: TestClient, query = "") => {
      const answer = await client.get(`/api/news${query}`);
      expect(answer.status).toBe(200);
      return (answer.body.data as { title: string }[]).map((n) => n.title);
    };

    it("lists published news in carousel order; members also see news for members", async () => {
      await buildNewsItem(server.db, { title: "Second", sort_order: 2 });
      await buildNewsItem(server.db, { title: "First", sort_order: 1 });
      await buildNewsItem(server.db, { title: "Members only", sort_order: 3, audience: "authed" });
      await buildNewsItem(server.db, { title: "Draft", sort_order: 0, is_published: 0 });
      expect(await titles(server.client())).toEqual(["First", "Second"]);
      expect(await titles(await buildSignedInClient(server))).toEqual(["First", "Second", "Members only"]);
    });

    it("presents every field of a slide, callout settings with their defaults, and only safe addresses", async () => {
      const item = await buildNewsItem(server.db, {
        title: "Webinar recordings",
        description: "Watch them now.",
        banner_url: "/news/webinar.svg",
        link: "https://example.org/webinars",
        cta_text: "Watch",
        community_callout_settings: JSON.stringify({ title: "Recordings", background_color: "#112233", background_opacity: 0.5, button_variant: "dark", button_outline: true, text_shadow_color: "not a colour", extra: "dropped" }),
      });
      const unsafe = await buildNewsItem(server.db, { banner_url: "javascript:alert(1)", link: "//evil.example/x", community_callout_settings: "not json" });
      // Browsers read /\host as //host: another site, so neither the banner nor the link is a path on this one.
      const backslashed = await buildNewsItem(server.db, { banner_url: "/\\evil.example/x.png", link: "/\\evil.example/x" });
      const { body } = await server.client().get("/api/news");
      const shown = body.data.find((n: { id: number }) => n.id === item.id);
      expect(shown).toEqual({
        id: item.id,
        banner_url: "/news/webinar.svg",
        link: "https://example.org/webinars",
        title: "Webinar recordings",
        description: "Watch them now.",
        cta_text: "Watch",
        community_callout_settings: {
          title: "Recordings",
          description: "",
          background_color: "#112233",
          background_opacity: 0.5,
          background_blur: 0,
          background_alt_text: "",
          text_color: "#ffffff",
          text_shadow_color: "",
          button_variant: "dark",
          button_outline: true,
        },
      });
      expect(body.data.find((n: { id: number }) => n.id === unsafe.id)).toMatchObject({ banner_url: null, link: null, community_callout_settings: { background_color: "#0f172a", button_variant: "light" } });
      expect(body.data.find((n: { id: number }) => n.id === backslashed.id)).toMatchObject({ banner_url: null, link: null });
    });

    it("answers at most `limit` (10 by default) and refuses a bad limit with a message", async () => {
      for (let k = 0; k < 12; k++) await buildNewsItem(server.db, { sort_order: k });
      const guest = server.client();
      expect(await titles(guest)).toHaveLength(10);
      expect(await titles(guest, "?limit=3")).toHaveLength(3);
      for (const query of ["limit=0", "limit=21", "limit=abc", "limit=1.5", "limit[]=1"]) {
        const answer = await guest.get(`/api/news?${query}`);
        expect([query, answer.status, answer.body]).toEqual([query, 422, expect.objectContaining({ message: CAROUSEL_TEXTS.limitInvalid })]);
      }
    });
  });

  describe("managing news (GET /api/news/manage, POST /api/news, PUT and DELETE /api/news/{id})", () => {
    /** A write with the client's CSRF token, as the web app sends one. */
    const send = async (client: TestClient, method: "PUT" | "DELETE", path: string, body?: unknown) => client.request(method, path, body, { "x-csrf-token": await client.token() });

    it("lets administrators add, change, list and delete news; the carousel shows what they publish", async () => {
      await server.db.deleteFrom("news_items").execute();
      const admin = await buildSignedInClient(server, { admin: true });
      const added = await admin.post("/api/news", {
        title: "  Summer institute  ",
        description: "Three days of workshops.",
        banner_url: "https://example.org/banner.png",
        link: "/search/?st=summer",
        cta_text: "",
        community_callout_settings: { background_color: "#123456", button_outline: true },
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        title: "Summer institute",
        link: "/search/?st=summer",
        cta_text: null,
        audience: "public",
        is_published: true,
        sort_order: 0,
        community_callout_settings: { background_color: "#123456", button_outline: true, text_color: "#ffffff", button_variant: "light" },
      });
      const id = added.body.id as number;
      expect((await server.client().get("/api/news")).body.data.map((n: { id: number }) => n.id)).toEqual([id]);

      const changed = await send(admin, "PUT", `/api/news/${id}`, { title: "Summer institute (drafting)", is_published: false, audience: "authed", sort_order: 3 });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id, title: "Summer institute (drafting)", banner_url: null, is_published: false, audience: "authed", sort_order: 3 });
      expect((await server.client().get("/api/news")).body.data).toEqual([]);
      expect((await admin.get("/api/news")).body.data).toEqual([]);
      expect((await admin.get("/api/news/manage")).body.data.map((n: { id: number }) => n.id)).toEqual([id]);

      const deleted = await send(admin, "DELETE", `/api/news/${id}`);
      expect([deleted.status, deleted.body.message]).toEqual([200, NEWS_MESSAGES.deleted]);
      const again = await send(admin, "DELETE", `/api/news/${id}`);
      expect([again.status, again.body.message]).toEqual([404, NEWS_MESSAGES.notFound]);
      expect((await send(admin, "PUT", `/api/news/${id}`, { title: "Gone" })).status).toBe(404);
    });

    it("refuses guests (401) and members who are not administrators (403), before reading what they sent", async () => {
      const item = await buildNewsItem(server.db, { title: "Kept" });
      const guest = server.client();
      const member = await buildSignedInClient(server, { moderator: true });
      for (const [client, status] of [[guest, 401], [member, 403]] as const) {
        expect((await client.get("/api/news/manage")).status).toBe(status);
        expect((await client.post("/api/news", { title: "" })).status).toBe(status);
        expect((await send(client, "PUT", `/api/news/${item.id}`, { title: "Changed" })).status).toBe(status);
        const refused = await send(client, "DELETE", `/api/news/${item.id}`);
        expect([refused.status, typeof refused.body.message]).toEqual([status, "string"]);
      }
      expect((await server.db.selectFrom("news_items").select("title").where("id", "=", item.id).executeTakeFirst())?.title).toBe("Kept");
    });

    it("tells the web app who may manage news (the permissions map's manage_news, which gates the staff page)", async () => {
      const permissionsOf = async (client: TestClient) => (await client.get("/getInitializeData")).body.profile.permissions as Record<string, boolean>;
      expect((await permissionsOf(await buildSignedInClient(server, { admin: true }))).manage_news).toBe(true);
      expect((await permissionsOf(await buildSignedInClient(server, { moderator: true }))).manage_news).toBe(false);
      expect((await permissionsOf(await buildSignedInClient(server))).manage_news).toBe(false);
    });

    it("answers bad input with 422 and the field's message", async () => {
      const admin = await buildSignedInClient(server, { admin: true });
      const cases: [unknown, string][] = [
        [{}, NEWS_MESSAGES.titleRequired],
        [{ title: "   " }, NEWS_MESSAGES.titleRequired],
        [{ title: "x".repeat(256) }, NEWS_MESSAGES.titleTooLong],
        [{ title: "A", link: "javascript:alert(1)" }, NEWS_MESSAGES.badAddress],
        [{ title: "A", banner_url: "//evil.example/x.png" }, NEWS_MESSAGES.badAddress],
        // Browsers read /\host as //host: another site.
        [{ title: "A", link: "/\\evil.example/x" }, NEWS_MESSAGES.badAddress],
        [{ title: "A", community_callout_settings: { description: "x".repeat(2001) } }, NEWS_MESSAGES.calloutDescriptionTooLong],
        [{ title: "A", community_callout_settings: { background_color: "red" } }, NEWS_MESSAGES.badColor],
        [{ title: "A", community_callout_settings: { background_opacity: 2 } }, NEWS_MESSAGES.badOpacity],
        [{ title: "A", community_callout_settings: { background_blur: "lots" } }, NEWS_MESSAGES.badBlur],
      ];
      for (const [body, message] of cases) {
        const answer = await admin.post("/api/news", body);
        expect([JSON.stringify(body).slice(0, 60), answer.status, answer.body.message]).toEqual([JSON.stringify(body).slice(0, 60), 422, message]);
      }
      for (const id of ["abc", "0", "1.5", "99999999999"]) {
        const answer = await send(admin, "PUT", `/api/news/${id}`, { title: "A" });
        expect([id, answer.status, answer.body.message]).toEqual([id, 422, NEWS_MESSAGES.badId]);
      }
    });
  });

  describe("footer carousel (GET /api/carousels/featured, GET /api/carousels/collections/{uid})", () => {
    let items: Record<"open" | "members" | "granted" | "grouped", Content>;
    let collection: Content;
    let granted: [Awaited<ReturnType<typeof buildUser>>, TestClient];
    let grouped: [Awaited<ReturnType<typeof buildUser>>, TestClient];

    beforeAll(async () => {
      granted = await buildSignedInUser(server);
      grouped = await buildSignedInUser(server);
      const group = await buildGroup(server.db, await buildUser(server.db), [grouped[0]]);
      items = {
        open: await buildContent(server.db, { ownerId, title: "Open resource" }),
        members: await buildContent(server.db, { ownerId, title: "Members resource", visibility: "authed" }),
        granted: await buildContent(server.db, { ownerId, title: "Granted resource", visibility: "restricted", grantProfiles: [granted[0].id] }),
        grouped: await buildContent(server.db, { ownerId, title: "Group resource", visibility: "restricted", grantGroups: [group.id] }),
      };
      collection = await buildCollection(server.db, { ownerId, title: "Featured picks" }, [items.open, items.members, items.granted, items.grouped]);
      await setConfigValue(server.db, FEATURED_COLLECTION_KEY, collection.uid);
    });

    const shown = async (client: TestClient, path = "/api/carousels/featured") => {
      const answer = await client.get(path);
      expect(answer.status).toBe(200);
      return (answer.body.items as { title: string }[]).map((i) => i.title);
    };

    it("answers the collection's title, uid and link with its items as cards", async () => {
      const answer = await server.client().get("/api/carousels/featured");
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(["items", "link", "title", "uid"]);
      expect(answer.body).toMatchObject({ title: "Featured picks", uid: collection.uid, link: `/collections/${collection.uid}` });
      expect(answer.body.items[0]).toMatchObject({ id: items.open.id, title: "Open resource", link: `/resources/${items.open.uid}`, favorite: false, common: { type_name_singular: expect.any(String) } });
    });

    it("shows each asker only the items it may view (guests the public ones)", async () => {
      expect(await shown(server.client())).toEqual(["Open resource"]);
      expect(await shown(await buildSignedInClient(server))).toEqual(["Open resource", "Members resource"]);
      expect(await shown(granted[1])).toEqual(["Open resource", "Members resource", "Granted resource"]);
      expect(await shown(grouped[1])).toEqual(["Open resource", "Members resource", "Group resource"]);
      expect(await shown(await buildSignedInClient(server, { admin: true }))).toEqual(["Open resource", "Members resource", "Granted resource", "Group resource"]);
      // The same rule when the collection is named by its uid.
      expect(await shown(server.client(), `/api/carousels/collections/${collection.uid}`)).toEqual(["Open resource"]);
      expect(await shown(granted[1], `/api/carousels/collections/${collection.uid}`)).toEqual(["Open resource", "Members resource", "Granted resource"]);
    });

    it("answers 404 with a message when no collection is featured, and hides a featured collection its asker may not view", async () => {
      const hidden = await buildCollection(server.db, { ownerId, visibility: "authed" }, [items.open]);
      try {
        await setConfigValue(server.db, FEATURED_COLLECTION_KEY, hidden.uid);
        expect((await server.client().get("/api/carousels/featured")).status).toBe(401);
        expect(await shown(await buildSignedInClient(server))).toEqual(["Open resource"]);
        await setConfigValue(server.db, FEATURED_COLLECTION_KEY, null);
        const none = await server.client().get("/api/carousels/featured");
        expect([none.status, none.body.message]).toEqual([404, CAROUSEL_TEXTS.noFeatured]);
      } finally {
        await setConfigValue(server.db, FEATURED_COLLECTION_KEY, collection.uid);
      }
    });

    it("lets an administrator choose the featured collection (PUT /api/carousels/featured), a public one only; nobody else", async () => {
      const next = await buildCollection(server.db, { ownerId, title: "Next picks" }, [items.open]);
      const hidden = await buildCollection(server.db, { ownerId, title: "Members picks", visibility: "authed" }, [items.open]);
      const choose = (client: TestClient, uid: unknown) => client.send("PUT", "/api/carousels/featured", { uid });
      try {
        const guest = await choose(server.client(), next.uid);
        expect(guest.status).toBe(401);
        for (const client of [await buildSignedInClient(server), await buildSignedInClient(server, { moderator: true })]) {
          const refused = await choose(client, next.uid);
          expect([refused.status, refused.body.message]).toEqual([403, FEATURED_MESSAGES.forbidden]);
        }
        expect((await server.client().get("/api/carousels/featured")).body.title).toBe("Featured picks");

        const admin = await buildSignedInClient(server, { admin: true });
        const notPublic = await choose(admin, hidden.uid);
        expect([notPublic.status, notPublic.body.message]).toEqual([422, FEATURED_MESSAGES.notPublic]);
        expect((await choose(admin, "")).status).toBe(422);
        expect((await choose(admin, "no-such-uid")).status).toBe(404);
        expect((await choose(admin, items.open.uid)).status).toBe(404);

        const chosen = await choose(admin, next.uid);
        expect(chosen.body).toEqual({ status: "success", message: "Next picks is now the featured collection." });
        const footer = await server.client().get("/api/carousels/featured");
        expect([footer.body.title, footer.body.uid]).toEqual(["Next picks", next.uid]);
      } finally {
        await setConfigValue(server.db, FEATURED_COLLECTION_KEY, collection.uid);
      }
    });

    it("refuses a bad uid, and answers a collection that is missing, not a collection or not viewable as the item page does", async () => {
      const guest = server.client();
      const bad = await guest.get(`/api/carousels/collections/${"x".repeat(65)}`);
      expect([bad.status, bad.body.message]).toEqual([422, CAROUSEL_TEXTS.uidInvalid]);
      const missing = await guest.get("/api/carousels/collections/no-such-uid");
      expect([missing.status, missing.body.message]).toEqual([404, MESSAGES.notFound]);
      expect((await guest.get(`/api/carousels/collections/${items.open.uid}`)).status).toBe(404);
      const restricted = await buildCollection(server.db, { ownerId, visibility: "restricted" }, [items.open]);
      expect((await guest.get(`/api/carousels/collections/${restricted.uid}`)).status).toBe(401);
      const member = await buildSignedInClient(server);
      const refused = await member.get(`/api/carousels/collections/${restricted.uid}`);
      expect([refused.status, refused.body.message]).toEqual([404, MESSAGES.notFound]);
    });
  });
});
