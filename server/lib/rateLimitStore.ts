import { sql } from "kysely";
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import type { Db } from "../db/connection.js";

/** express-rate-limit counters in the database, so a limit holds across every server instance. */
export class DatabaseRateLimitStore implements Store {
  private windowMs = 60_000;
  /** Keys are namespaced so several limiters can share the table. */
  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db.selectFrom("rate_limits").select(["hits", "reset_at"]).where("key", "=", this.prefix + key).executeTakeFirst();
    if (!row || Number(row.reset_at) <= Date.now()) return undefined;
    return { totalHits: row.hits, resetTime: new Date(Number(row.reset_at)) };
  }

  /** One atomic upsert: a new window starts when the old one has passed. */
  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const resetAt = now + this.windowMs;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key: this.prefix + key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(["hits", "reset_at"])
      .executeTakeFirstOrThrow();
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) };
  }

  async decrement(key: string): Promise<void> {
    await this.db.updateTable("rate_limits").set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` }).where("key", "=", this.prefix + key).execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", this.prefix + key).execute();
  }
}
