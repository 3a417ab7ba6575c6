import type { Db } from "../db/connection.js";
import type { TourStop } from "../../contract/index.js";

/** A tour row as stored (configuration is JSON text). */
export type GuidedTourRow = { id: number; name: string; configuration: string };

/** The tour with this name, if any. */
export function findTourByName(db: Db, name: string): Promise<GuidedTourRow | undefined> {
  return db.selectFrom("guided_tours").select(["id", "name", "configuration"]).where("name", "=", name).executeTakeFirst();
}

/** The tour with this id, if any. */
export function findTourById(db: Db, id: number): Promise<GuidedTourRow | undefined> {
  return db.selectFrom("guided_tours").select(["id", "name", "configuration"]).where("id", "=", id).executeTakeFirst();
}

/** Replaces a tour's name and stops, noting who did it. */
export async function updateTour(db: Db, id: number, tour: { name: string; configuration: TourStop[] }, profileId: number): Promise<void> {
  await db
    .updateTable("guided_tours")
    .set({ name: tour.name, configuration: JSON.stringify(tour.configuration), updated_by: profileId, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Adds a tour unless one of that name exists (seeding: an administrator's edits are kept). */
export async function ensureTour(db: Db, name: string, configuration: TourStop[]): Promise<void> {
  await db
    .insertInto("guided_tours")
    .values({ name, configuration: JSON.stringify(configuration), updated_by: null, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}
