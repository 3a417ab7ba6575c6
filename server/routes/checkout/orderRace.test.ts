import { beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_TEXTS } from "../../../contract/index.js";
import { placeOrder } from "../../commands/checkout.js";
import type { Content } from "../../db/schema.js";
import { findProduct } from "../../models/products.js";
import { buildContent } from "../../test/factories.js";
import { useCast } from "../../test/useServer.js";

/**
 * Buy Now reads the product, then places the order: a Delete (or a Take off sale) by an administrator in between must
 * leave the buyer with "not for sale", not a server error (the order's foreign key) nor an order of a product no
 * longer sold. The race is played deterministically: the product row Buy Now read is kept, the product changed, then
 * the order placed with the stale row.
 */
describe("Buy Now racing a product's deletion", () => {
  const { server, cast } = useCast();
  let lesson: Content;

  beforeAll(async () => {
    lesson = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Racing Lesson", visibility: "restricted" });
  });

  const create = async (name: string, price_cents = 500) => {
    const res = await cast.clients.admin.post("/api/products", { name, short_description: "", price_cents, currency: "usd", item_ids: [lesson.id] });
    expect(res.status).toBe(201);
    return (await findProduct(server.db, res.body.data.uuid))!;
  };
  const ordersOf = async (productId: number) => server.db.selectFrom("orders").select("id").where("product_id", "=", productId).execute();

  it("places no order of a product deleted after Buy Now read it", async () => {
    for (const price of [500, 0]) {
      const stale = await create(`Gone ${price}`, price);
      expect((await cast.clients.admin.send("DELETE", `/api/products/${stale.uuid}`)).status).toBe(200);
      expect(await placeOrder(server.db, stale, cast.member.id)).toBeNull();
    }
  });

  it("places no order of a product taken off sale after Buy Now read it, and grants nothing", async () => {
    for (const price of [500, 0]) {
      const stale = await create(`Off sale ${price}`, price);
      const off = await cast.clients.admin.send("PUT", `/api/products/${stale.uuid}`, { name: stale.name, short_description: "", price_cents: price, currency: "usd", item_ids: [lesson.id], is_active: false });
      expect(off.status).toBe(200);
      expect(await placeOrder(server.db, stale, cast.member.id)).toBeNull();
      expect(await ordersOf(stale.id)).toEqual([]);
    }
    const grants = await server.db.selectFrom("content_grants").select("id").where("content_id", "=", lesson.id).where("profile_id", "=", cast.member.id).execute();
    expect(grants).toEqual([]);
  });

  it("still answers Buy Now of a deleted product with the spec's 404 over HTTP, and places a live product's order once", async () => {
    const gone = await create("Gone over HTTP");
    expect((await cast.clients.admin.send("DELETE", `/api/products/${gone.uuid}`)).status).toBe(200);
    const res = await cast.clients.member.post(`/checkout/one-click/${gone.uuid}`, {});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CHECKOUT_TEXTS.productNotFound);
    const live = await create("Live");
    const [first, second] = await Promise.all([cast.clients.member.post(`/checkout/one-click/${live.uuid}`, {}), cast.clients.member.post(`/checkout/one-click/${live.uuid}`, {})]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data.uuid).toBe(second.body.data.uuid);
    expect(await ordersOf(live.id)).toHaveLength(1);
  });

  it("a Buy Now and a Delete at once: either the order stands with its product, or there is neither (never an order answered and then cascaded away)", async () => {
    for (let round = 0; round < 15; round++) {
      const product = await create(`Contested ${round}`, round % 2 ? 0 : 700);
      const [bought, deleted] = await Promise.all([cast.clients.member.post(`/checkout/one-click/${product.uuid}`, {}), cast.clients.admin.send("DELETE", `/api/products/${product.uuid}`)]);
      const stillThere = await findProduct(server.db, product.uuid);
      const orders = await ordersOf(product.id);
      if (bought.status === 200) {
        // The buyer was shown an order: it and its product stay, and the Delete was refused.
        expect([round, deleted.status, Boolean(stillThere), orders.length]).toEqual([round, 409, true, 1]);
      } else {
        expect([round, bought.status, deleted.status, Boolean(stillThere), orders.length]).toEqual([round, 404, 200, false, 0]);
      }
    }
  });
});
