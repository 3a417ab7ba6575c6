import type { Insertable, Updateable } from "kysely";
import type { InterceptorScheduleState } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { InterceptorRow, InterceptorsTable, InterceptorStatesTable } from "../db/schema.js";

/** Adds an interceptor. */
export async function insertInterceptor(db: Db, row: Insertable<InterceptorsTable>): Promise<InterceptorRow> {
  return db.insertInto("interceptors").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Every interceptor, switched off and out of window too, in queue order (sort_order, then the oldest first). */
export async function listAllInterceptors(db: Db): Promise<InterceptorRow[]> {
  return db.selectFrom("interceptors").selectAll().orderBy("sort_order").orderBy("id").execute();
}

/** One interceptor, or undefined. */
export async function findInterceptor(db: Db, id: number): Promise<InterceptorRow | undefined> {
  return db.selectFrom("interceptors").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Replaces an interceptor's fields; answers the saved row, or undefined when there is none with that id. */
export async function updateInterceptor(db: Db, id: number, changes: Updateable<InterceptorsTable>): Promise<InterceptorRow | undefined> {
  return db.updateTable("interceptors").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Deletes an interceptor (what profiles did with it goes with it, by the foreign key); answers whether there was one. */
export async function deleteInterceptor(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("interceptors").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether an interceptor is shown at `now`: switched on, started (or open-started) and not yet ended (or open-ended). */
export function isCurrent(row: Pick<InterceptorRow, "is_active" | "starts_at" | "ends_at">, now: string): boolean {
  return row.is_active === 1 && (row.starts_at === null || row.starts_at <= now) && (row.ends_at === null || row.ends_at > now);
}

/** Where an interceptor stands at `now`: switched off, shown now, not yet started, or ended. */
export function scheduleState(row: Pick<InterceptorRow, "is_active" | "starts_at" | "ends_at">, now: string): InterceptorScheduleState {
  if (row.is_active !== 1) return "off";
  if (row.starts_at !== null && row.starts_at > now) return "scheduled";
  return isCurrent(row, now) ? "current" : "ended";
}

/**
 * The interceptors a profile has still to go through at `now`, in queue order: current ones it has neither dismissed
 * nor deferred past `now`.
 */
export async function listPendingInterceptors(db: Db, profileId: number, now: string): Promise<InterceptorRow[]> {
  return db
    .selectFrom("interceptors")
    .leftJoin("interceptor_states as s", (join) => join.onRef("s.interceptor_id", "=", "interceptors.id").on("s.profile_id", "=", profileId))
    .selectAll("interceptors")
    .where("interceptors.is_active", "=", 1)
    .where((eb) => eb.or([eb("interceptors.starts_at", "is", null), eb("interceptors.starts_at", "<=", now)]))
    .where((eb) => eb.or([eb("interceptors.ends_at", "is", null), eb("interceptors.ends_at", ">", now)]))
    .where((eb) => eb.or([eb("s.state", "is", null), eb.and([eb("s.state", "=", "deferred"), eb("s.deferred_until", "<=", now)])]))
    .orderBy("interceptors.sort_order")
    .orderBy("interceptors.id")
    .execute();
}

/** Records what a profile did with an interceptor (replacing what it did before). */
export async function setInterceptorState(db: Db, row: Insertable<InterceptorStatesTable>): Promise<void> {
  const { profile_id: _profileId, interceptor_id: _interceptorId, ...rest } = row;
  await db
    .insertInto("interceptor_states")
    .values(row)
    .onConflict((oc) => oc.columns(["profile_id", "interceptor_id"]).doUpdateSet(rest))
    .execute();
}
