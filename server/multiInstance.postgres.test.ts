import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./boot.js";
import { recordContentChange } from "./commands/createContent.js";
import { loadConfig } from "./config.js";
import { DEMO_ACCOUNTS } from "./seed/demo.js";
import { DEFAULT_SEARCH_TYPES } from "./seed/defaults.js";
import { buildContent, buildUser } from "./test/factories.js";
import { TestClient, freshDatabase } from "./test/testServer.js";
import { useTestServer } from "./test/useServer.js";

// Several instances on one PostgreSQL database (run by the PostgreSQL leg only: *.postgres.test.ts, see vitest.config.ts).
// PostgreSQL numbers change-log rows when they are written, not when their transactions commit: a search in
// between must not skip the earlier row for good (SQLite runs one writer at a time, so it cannot happen there).
describe("the search change log on PostgreSQL", () => {
  const { server } = useTestServer({ env: { SEARCH_CACHE: "1" } });
  let other: RunningServer;
  const titles = (body: { data: { title: string }[] }) => body.data.map((d) => d.title).sort();

  beforeAll(async () => {
    other = await server.startInstance();
  });

  it("finds a write whose transaction commits after a later write was already searched for", async () => {
    const owner = await buildUser(server.db);
    const item = await buildContent(server.db, { ownerId: owner.id, title: "Ibex Mountain Guide" });
    const guest = new TestClient(server.url);
    expect((await guest.get("/api/search?query=quokka")).body.total).toBe(0);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let logged!: () => void;
    const wasLogged = new Promise<void>((resolve) => (logged = resolve));
    // A slow writer: its change is logged, its transaction still open.
    const slow = server.db.transaction().execute(async (trx) => {
      await trx.updateTable("content").set({ title: "Quokka Mountain Guide" }).where("id", "=", item.id).execute();
      await recordContentChange(trx, item.id);
      logged();
      await released;
    });
    await wasLogged;
    // A quicker write through the other instance, searched for before the slow one commits.
    await buildContent(other.db, { ownerId: owner.id, title: "Wombat Burrow Notes" });
    expect(titles((await guest.get("/api/search?query=wombat")).body)).toEqual(["Wombat Burrow Notes"]);
    release();
    await slow;
    expect(titles((await guest.get("/api/search?query=quokka")).body)).toEqual(["Quokka Mountain Guide"]);
    expect(titles((await guest.at(other.url).get("/api/search?query=quokka")).body)).toEqual(["Quokka Mountain Guide"]);
  });
});

describe("two instances started at once on an empty PostgreSQL database", () => {
  it("both start; the defaults and the demo catalogue are written once", async () => {
    const database = await freshDatabase();
    const config = loadConfig({ PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl!, SEED_DEMO: "1", WEB_DIR: `${database.dataDir}/no-web` });
    const started = await Promise.allSettled([startServer(config, pino({ level: "silent" })), startServer(config, pino({ level: "silent" }))]);
    try {
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(["started", "started"]);
      const [a, b] = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value);
      const db = a!.db;
      const accounts = await db.selectFrom("profiles").select("username").where("username", "is not", null).execute();
      expect(accounts.length).toBe(DEMO_ACCOUNTS.length);
      expect((await db.selectFrom("search_types").select("type").execute()).length).toBe(DEFAULT_SEARCH_TYPES.length);
      const totals = await Promise.all([a!, b!].map(async (s) => (await new TestClient(s.url).get("/api/search")).body.total));
      expect(totals[1]).toBe(totals[0]);
      expect(totals[0]).toBeGreaterThan(0);
    } finally {
      for (const s of started) if (s.status === "fulfilled") await s.value.close();
      await database.drop();
    }
    // Two servers seeding the demo catalogue at once: on a busy two-core machine it has taken just over the default 30 s.
  }, 90_000);
});
