import type { Db } from "../db/connection.js";

/** Thrown when another instance took the job over (this one stalled past its lease). */
export class LeaseLost extends Error {
  constructor() {
    super("the import's lease was lost");
  }
}

/** Thrown between batches when the instance is shutting down: the job is handed back, not failed. */
export class JobStopped extends Error {
  constructor() {
    super("the server is stopping");
  }
}

/**
 * One instance's hold on one import. Every write of a job first renews the lease inside its own
 * transaction (a conditional update that also locks the import's row), so a batch commits only
 * while this instance still holds the job: two instances never process the same rows.
 */
export class Lease {
  private timer: NodeJS.Timeout | null = null;
  lost = false;

  constructor(
    private db: Db,
    readonly importId: number,
    readonly owner: string,
    private leaseMs: number,
  ) {}

  /** Claims a claimable import for owner; null when another instance got there first. */
  static async claim(db: Db, importId: number, owner: string, leaseMs: number): Promise<Lease | null> {
    const now = Date.now();
    const result = await db
      .updateTable("bulk_imports")
      .set((eb) => ({ lease_owner: owner, lease_until: now + leaseMs, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", importId)
      .where("status", "in", ["created", "processing"])
      .where("error", "is", null)
      .where("lease_until", "<", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? new Lease(db, importId, owner, leaseMs) : null;
  }

  /** Renews the lease through db (a transaction, to lock the row first); throws LeaseLost if it is gone. */
  async renew(db: Db = this.db): Promise<void> {
    const result = await db
      .updateTable("bulk_imports")
      .set({ lease_until: Date.now() + this.leaseMs })
      .where("id", "=", this.importId)
      .where("lease_owner", "=", this.owner)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      this.lost = true;
      throw new LeaseLost();
    }
  }

  /** Keeps renewing in the background while the job works between writes. */
  startHeartbeat(): void {
    this.timer = setInterval(() => void this.renew().catch(() => undefined), Math.max(200, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  /** Stops the heartbeat and, unless lost, gives the job back (or keeps it when done). */
  async release(fields: { error?: string | null } = {}): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.lost) return;
    await this.db
      .updateTable("bulk_imports")
      .set({ lease_owner: null, lease_until: 0, ...(fields.error !== undefined ? { error: fields.error, updated_at: new Date().toISOString() } : {}) })
      .where("id", "=", this.importId)
      .where("lease_owner", "=", this.owner)
      .execute();
  }
}

/**
 * Takes a periodic job's turn for `holdMs` (its period) when no instance holds it: a conditional update that exactly
 * one claimant wins, as an import's claim. True when `owner` got the turn; the turn is never handed back, so the job
 * runs at most once per period across every instance on the database (and again after a crashed holder's period ends).
 */
export async function claimTurn(db: Db, name: string, owner: string, holdMs: number): Promise<boolean> {
  await db.insertInto("job_leases").values({ name, lease_owner: null, lease_until: 0 }).onConflict((oc) => oc.column("name").doNothing()).execute();
  const now = Date.now();
  const result = await db.updateTable("job_leases").set({ lease_owner: owner, lease_until: now + holdMs }).where("name", "=", name).where("lease_until", "<", now).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
