import type { Db } from "../db/connection.js";

/** The key naming the featured collection (its uid), which the footer carousel shows; unset: the footer has no carousel. */
export const FEATURED_COLLECTION_KEY = "featured_collection_uid";

/** Reads one configuration value (JSON), or the fallback when unset or unreadable. */
export async function getConfigValue<T>(db: Db, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom("app_config").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return fallback;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return fallback;
  }
}

/** Writes one configuration value as JSON. */
export async function setConfigValue(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("app_config")
    .values({ key, value: json })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
    .execute();
}

/** Sets a value only when the key is unset (first start); returns the stored value. */
export async function ensureConfigValue<T>(db: Db, key: string, make: () => T): Promise<T> {
  const existing = await db.selectFrom("app_config").select("value").where("key", "=", key).executeTakeFirst();
  if (existing) return JSON.parse(existing.value) as T;
  const value = make();
  await db.insertInto("app_config").values({ key, value: JSON.stringify(value) }).onConflict((oc) => oc.column("key").doNothing()).execute();
  return getConfigValue(db, key, value);
}
