import type { Db } from "../db/connection.js";

/** A fixed moment, so the seed is the same on every machine. */
const AT = "2026-11-01T09:00:00.000Z";

/**
 * Two demo products over restricted demo items the learner (Sam Carter) may not open, so `npm start` shows Buy Now on
 * their pages when signed in as the learner: a pack of three lesson plans and resources, and one of them on its own.
 * Items chosen by id among those not shared with the learner's group, so the same ones on every machine.
 */
export async function seedDemoProducts(db: Db, by: { learner: number; learnerGroup: number }): Promise<void> {
  const sharedWithLearner = db.selectFrom("content_grants").select("content_id").where((eb) => eb.or([eb("profile_id", "=", by.learner), eb("profile_id", "=", by.learnerGroup)]));
  const items = await db
    .selectFrom("content")
    .select(["id", "title"])
    .where("visibility", "=", "restricted")
    .where("model_key", "in", ["lesson_plan", "resource"])
    .where("owner_id", "!=", by.learner)
    .where("id", "not in", sharedWithLearner)
    .orderBy("id")
    .limit(3)
    .execute();
  if (!items.length) return;
  const products = [
    { name: "Classroom Essentials Pack", short_description: `${items.length} ready-to-teach items for a unit, with a site licence for your school.`, price_cents: 4900, items },
    { name: `Single item: ${items[0]!.title}`.slice(0, 255), short_description: "This one item, for one teacher.", price_cents: 500, items: items.slice(0, 1) },
  ];
  for (const [i, p] of products.entries()) {
    const row = await db
      .insertInto("products")
      .values({ uuid: `00000000-0000-4000-8000-00000000000${i + 1}`, name: p.name, short_description: p.short_description, price_cents: p.price_cents, currency: "USD", is_active: 1, created_at: AT, updated_at: AT })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("product_items")
      .values(p.items.map((item) => ({ product_id: row.id, content_id: item.id })))
      .execute();
  }
}
