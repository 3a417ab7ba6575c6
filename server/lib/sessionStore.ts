import session from "express-session";
import type { Db } from "../db/connection.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** express-session store on our database, so sessions survive restarts and are shared by every instance. */
export class DatabaseSessionStore extends session.Store {
  constructor(private readonly db: Db) {
    super();
  }

  private expiry(sess: session.SessionData): number {
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : NaN;
    return Number.isFinite(expires) ? expires : Date.now() + DAY_MS;
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    this.db
      .selectFrom("sessions")
      .select(["data", "expires_at"])
      .where("sid", "=", sid)
      .executeTakeFirst()
      .then((row) => cb(null, row && Number(row.expires_at) > Date.now() ? (JSON.parse(row.data) as session.SessionData) : null), cb);
  }

  override set(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    const row = { sid, data: JSON.stringify(sess), expires_at: this.expiry(sess), profile_id: sess.profileId ?? null };
    this.db
      .insertInto("sessions")
      .values(row)
      .onConflict((oc) => oc.column("sid").doUpdateSet({ data: row.data, expires_at: row.expires_at, profile_id: row.profile_id }))
      .execute()
      .then(() => cb?.(), (err) => cb?.(err));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.db
      .deleteFrom("sessions")
      .where("sid", "=", sid)
      .execute()
      .then(() => cb?.(), (err) => cb?.(err));
  }

  override touch(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    this.db
      .updateTable("sessions")
      .set({ expires_at: this.expiry(sess) })
      .where("sid", "=", sid)
      .execute()
      .then(() => cb?.(), (err) => cb?.(err));
  }

  /** Deletes expired sessions; returns how many. */
  async prune(): Promise<number> {
    const result = await this.db.deleteFrom("sessions").where("expires_at", "<", Date.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * Ends every session of a profile (after a password change), on every instance at once: they all read sessions from
 * this table. A session written before migration 032 has no profile column until its next write (which may never
 * come: sessions are not resaved unchanged), so those that name the profile in their data are ended too: the rows
 * without a profile whose JSON holds `"profileId":{id}` (a prefix of it: 12 also finds 123), checked by parsing.
 */
export async function endSessionsOf(db: Db, profileId: number): Promise<number> {
  const result = await db.deleteFrom("sessions").where("profile_id", "=", profileId).executeTakeFirst();
  const unmarked = await db.selectFrom("sessions").select(["sid", "data"]).where("profile_id", "is", null).where("data", "like", `%"profileId":${Math.trunc(profileId)}%`).execute();
  const older = unmarked.filter((row) => namesProfile(row.data, profileId)).map((row) => row.sid);
  let ended = Number(result.numDeletedRows);
  for (let i = 0; i < older.length; i += 500) {
    const deleted = await db.deleteFrom("sessions").where("sid", "in", older.slice(i, i + 500)).where("profile_id", "is", null).executeTakeFirst();
    ended += Number(deleted.numDeletedRows);
  }
  return ended;
}

/** True when a session's stored data is that of this profile (unreadable data names no one). */
function namesProfile(data: string, profileId: number): boolean {
  try {
    return (JSON.parse(data) as session.SessionData).profileId === profileId;
  } catch {
    return false;
  }
}
