import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, PAGE_BLOCK_MESSAGES } from "../../../contract/index.js";
import { buildContent, buildGroup, buildUser } from "../../test/factories.js";
import { useTestServer } from "../../test/useServer.js";

type Card = { title: string; model_key: string };
const titles = (body: { arrObjResponse: { data: Card[] } }) => body.arrObjResponse.data.map((d) => d.title);

/** POST /pages/block/{name}: the View All modal's pages of a content block. */
describe("POST /pages/block/{name}", () => {
  const { server } = useTestServer();
  let authorId: number, groupId: number;

  beforeAll(async () => {
    const db = server.db;
    const author = await buildUser(db);
    const leader = await buildUser(db);
    authorId = author.id;
    groupId = (await buildGroup(db, leader)).id;
    // 14 public lesson plans (two pages of 12), a resource, and a restricted one only its owner finds.
    for (let i = 1; i <= 14; i++) await buildContent(db, { ownerId: author.id, modelKey: "lesson_plan", title: `Tidepool Plan ${String(i).padStart(2, "0")}` });
    await buildContent(db, { ownerId: author.id, modelKey: "resource", title: "Tidepool Field Guide" });
    await buildContent(db, { ownerId: author.id, modelKey: "lesson_plan", title: "Tidepool Secret Plan", visibility: "restricted" });
    await buildContent(db, { ownerId: groupId, modelKey: "resource", title: "Tidepool Group Handout" });
    await buildContent(db, { ownerId: leader.id, modelKey: "resource", title: "Tidepool Leader Notes" });
  });

  const block = (body: unknown, who = server.client()) => who.post("/pages/block/content", body);

  it("answers a profile's items 12 a page, titles A to Z, in the search's answer shape, without what the asker may not see", async () => {
    const first = await block({ settings: { profile_id: authorId }, page: 1 });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("success");
    expect(first.body.arrObjResponse.total).toBe(15);
    expect(titles(first.body)).toEqual(["Tidepool Field Guide", ...Array.from({ length: 11 }, (_, i) => `Tidepool Plan ${String(i + 1).padStart(2, "0")}`)]);
    const second = await block({ settings: { profile_id: authorId }, page: 2 });
    expect(titles(second.body)).toEqual(["Tidepool Plan 12", "Tidepool Plan 13", "Tidepool Plan 14"]);
  });

  it("narrows by the block's filters and by a term, and lists a group's own items by group_id", async () => {
    const plans = await block({ settings: { profile_id: authorId }, block: [{ _types: ["lesson_plan"] }], per: 50 });
    expect(plans.body.arrObjResponse.total).toBe(14);
    expect(new Set(plans.body.arrObjResponse.data.map((d: Card) => d.model_key))).toEqual(new Set(["lesson_plan"]));
    const term = await block({ settings: { profile_id: authorId }, st: "field guide" });
    expect(titles(term.body)).toEqual(["Tidepool Field Guide"]);
    const group = await block({ settings: { group_id: groupId } });
    expect(titles(group.body)).toEqual(["Tidepool Group Handout"]);
    // No owner: the whole catalogue the asker may see, under the block's filters.
    const everyone = await block({ block: [{ _types: ["resource"] }], st: "tidepool" });
    expect(titles(everyone.body).sort()).toEqual(["Tidepool Field Guide", "Tidepool Group Handout", "Tidepool Leader Notes"]);
  });

  it("answers 404 for an unknown block, and 422 with the search's messages for bad input", async () => {
    const unknown = await server.client().post("/pages/block/sidebar", {});
    expect([unknown.status, unknown.body.message]).toEqual([404, PAGE_BLOCK_MESSAGES.unknownBlock]);
    const cases: [unknown, string][] = [
      [{ st: "ab" }, MESSAGES.minChars(3)],
      [{ block: [{ grade: [1] }] }, "Unknown filter: f[grade]."],
      [{ page: 0 }, "page must be 1 or more."],
      [{ settings: { profile_id: "me" } }, "settings ids must be whole numbers."],
      [{ block: "lesson_plan" }, "block must be a list of filters."],
    ];
    for (const [body, message] of cases) {
      const res = await block(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([422, message]);
    }
  });
});
