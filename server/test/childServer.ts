/** Reads until `done` holds (every 100 ms), or throws after `ms` with the last value read. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The admin account serverEnv creates. */
export const CHILD_ADMIN = { username: "chief", password: "chief-password-1" } as const;

/**
 * The environment of the real server started as its own process (`node --import tsx server/index.ts`) on a
 * test's database: the given port on 127.0.0.1, no demo data, the CHILD_ADMIN account, sign-in not rate limited.
 */
export function serverEnv(database: { dataDir: string; databaseUrl?: string }, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: "0",
    ADMIN_USERNAME: CHILD_ADMIN.username,
    ADMIN_PASSWORD: CHILD_ADMIN.password,
    AUTH_RATE_LIMIT: "1000",
    RECOMMEND_RATE_LIMIT: "1000",
    ...extra,
  };
}
