import type { z } from "zod";
import { ENDORSEMENT_MESSAGES, ENDORSEMENTS_MAX, EndorsementsSaveRequest } from "../../contract/index.js";
import { isPostgres, isUniqueViolation, type Db } from "../db/connection.js";
import type { Actor } from "../lib/actor.js";
import { HttpError } from "../lib/errors.js";
import { listEndorsements, publisherIdsAmong, type EndorsementRow } from "../models/endorsements.js";
import { listProfileNames } from "../models/profiles.js";
import { endorsementPolicy } from "../policies/index.js";

/** The dialog's rows as the contract reads them. */
type Row = z.output<typeof EndorsementsSaveRequest>["endorsements"][number];

const unprocessable = (message: string) => new HttpError(422, message, { endorsements: [message] });

/**
 * Applies the manage-endorsements dialog's rows to an item, checked against its endorsements as they are inside the same
 * transaction (the item's row locked on PostgreSQL; SQLite runs one writer at a time), so two saves at once cannot pass
 * the limit or change a row the other removed: a row with an id changes (type, shown publicly) or, with deleted, removes
 * that endorsement; a row without one adds an endorser. Who may be named, and which rows may be changed rather than only
 * removed, is `endorsementPolicy`'s; a profile endorses an item once.
 */
export async function saveEndorsements(db: Db, actor: Actor, contentId: number, rows: Row[]): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await trx.selectFrom("content").select("id").where("id", "=", contentId).forUpdate().execute();
      const existing = await listEndorsements(trx, contentId);
      const byId = new Map(existing.map((e) => [e.id, e]));
      const addedIds = rows.filter((r) => r.id === undefined && !r.deleted).map((r) => r.profile_id);
      const changedEndorsers = rows.filter((r) => r.id !== undefined && !r.deleted).map((r) => byId.get(r.id!)?.profile_id ?? 0);
      const names = new Map((await listProfileNames(trx, [...addedIds, ...existing.map((e) => e.profile_id)])).map((p) => [p.id, p.name]));
      const publishers = await publisherIdsAmong(trx, [...addedIds, ...changedEndorsers]);
      const mayName = (profileId: number) => endorsementPolicy.canEndorseAs(actor, profileId, publishers.has(profileId));

      const removed = new Set<number>();
      const now = new Date().toISOString();
      for (const row of rows) {
        if (row.id === undefined) continue;
        const current: EndorsementRow | undefined = byId.get(row.id);
        if (!current || current.profile_id !== row.profile_id) throw unprocessable(ENDORSEMENT_MESSAGES.endorsementNotFound);
        if (row.deleted) {
          removed.add(row.id);
          continue;
        }
        const publish = row.publish_to_public;
        if (current.type === row.type && (current.publish_to_public === 1) === publish) continue;
        if (!mayName(current.profile_id)) throw unprocessable(ENDORSEMENT_MESSAGES.onlyRemove(current.name));
        await trx.updateTable("content_endorsements").set({ type: row.type, publish_to_public: publish ? 1 : 0, updated_at: now }).where("id", "=", row.id).execute();
      }
      if (removed.size) await trx.deleteFrom("content_endorsements").where("content_id", "=", contentId).where("id", "in", [...removed]).execute();

      if (addedIds.some((id) => !names.has(id))) throw unprocessable(ENDORSEMENT_MESSAGES.profileNotFound);
      const refused = addedIds.find((id) => !mayName(id));
      if (refused !== undefined) throw unprocessable(ENDORSEMENT_MESSAGES.notPublisher(names.get(refused)!));
      const endorsers = existing.filter((e) => !removed.has(e.id)).map((e) => e.profile_id);
      for (const id of addedIds) {
        if (endorsers.includes(id)) throw unprocessable(ENDORSEMENT_MESSAGES.twice(names.get(id)!));
        endorsers.push(id);
      }
      if (endorsers.length > ENDORSEMENTS_MAX) throw unprocessable(ENDORSEMENT_MESSAGES.tooMany);
      const added = rows.filter((r) => r.id === undefined && !r.deleted);
      if (added.length) {
        await trx
          .insertInto("content_endorsements")
          .values(added.map((a) => ({ content_id: contentId, profile_id: a.profile_id, type: a.type, publish_to_public: a.publish_to_public ? 1 : 0, created_by: actor.profile!.id, created_at: now, updated_at: now })))
          .execute();
      }
    });
  } catch (err) {
    // Another save added the same endorser first (SQLite never gets here: its writers take turns).
    if (isUniqueViolation(err)) throw new HttpError(409, ENDORSEMENT_MESSAGES.conflict);
    throw err;
  }
}
