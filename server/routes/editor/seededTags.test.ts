import { describe, expect, it } from "vitest";
import type { AttributeTypeConfig, ContentTags } from "../../../contract/index.js";
import { DEMO_ACCOUNTS } from "../../seed/demo.js";
import type { TestServer } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const PATHS = { collection: "collections", outline: "outlines", project: "projects", pathway: "pathways" } as const;

/** The first demo item of a model owned by a demo account (a collection: one that carries standards), with its owner signed in. */
async function ownedDemoItem(server: TestServer, modelKey: keyof typeof PATHS) {
  const owners = await server.db.selectFrom("profiles").select(["id", "username"]).where("username", "in", ["teacher", "author", "learner"]).execute();
  let query = server.db.selectFrom("content").select(["content.id", "content.uid", "content.owner_id"]).where("model_key", "=", modelKey).where("owner_id", "in", owners.map((o) => o.id));
  if (modelKey === "collection")
    query = query.where((eb) => eb.exists(eb.selectFrom("content_attributes as ca").innerJoin("attribute_types as t", "t.id", "ca.type_id").select("ca.content_id").whereRef("ca.content_id", "=", "content.id").where("t.key", "=", "standards")));
  const item = await query.orderBy("content.id").executeTakeFirstOrThrow();
  const username = owners.find((o) => o.id === item.owner_id)!.username!;
  const client = server.client();
  expect((await client.signIn(username, DEMO_ACCOUNTS.find((a) => a.username === username)!.password)).status).toBe(200);
  return { client, link: `/${PATHS[modelKey]}/${item.uid}` };
}

describe("saving a demo-seeded item's tags as its Tags dialog does", () => {
  const { server } = useTestServer({ seedDemo: true, env: { DEMO_PASSWORD_COST: "1024,8,1" } });

  it("saves the tags of seeded collections, outlines, projects and pathways, whose seeded attributes include types their models do not take", async () => {
    for (const modelKey of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      const { client, link } = await ownedDemoItem(server, modelKey);
      const tags = (await client.get(`/api/content${link}/tags`)).body as ContentTags;
      const types = (await client.get(`/attributes/config/${modelKey}`)).body as AttributeTypeConfig[];
      // The demo gives these items content pricing (and a collection standards), which their search types do not list.
      const offModel = tags.groups.filter((g) => !types.some((t) => t.type_name === g.type_name)).map((g) => g.type_key);
      expect(offModel, modelKey).toEqual(modelKey === "collection" ? ["standards", "content_pricing"] : ["content_pricing"]);
      // The dialog sends every attribute it loaded (all of the item's), the write-ins of the types that offer one, and the keywords.
      const otherValues = tags.other_values.filter((o) => types.some((t) => t.type_id === o.type_id && t.show_other));
      const unchanged = await client.post(`${link}/tags`, { attribute_ids: tags.attribute_ids, other_values: otherValues, keywords: tags.keywords });
      expect([unchanged.status, unchanged.body.message], modelKey).toEqual([200, "Tags saved."]);
      expect(unchanged.body.tags.attribute_ids).toEqual(tags.attribute_ids);
      const added = await client.post(`${link}/tags`, { attribute_ids: tags.attribute_ids, other_values: otherValues, keywords: [...tags.keywords, "field trip"] });
      expect([added.status, added.body.tags?.attribute_ids, added.body.tags?.keywords.includes("field trip")], modelKey).toEqual([200, tags.attribute_ids, true]);
      expect((await client.get(`/api/content${link}/tags`)).body.groups).toEqual(tags.groups);
    }
  });
});
