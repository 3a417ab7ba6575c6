import { spawn } from "node:child_process";
import readline from "node:readline";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/connection.js";
import { buildContent } from "./test/factories.js";
import { freshDatabase, TestClient } from "./test/testServer.js";
import { CHILD_ADMIN, serverEnv, waitFor } from "./test/childServer.js";
import { freePort } from "./test/localHttp.js";

/** A structured log line of the server (pino), as far as this test reads it. */
interface LogLine {
  pid: number;
  msg?: string;
  req?: { url?: string };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// SERVER_PROCESSES: one port served by several processes of the real server (node:cluster), on the test's
// database (SQLite or PostgreSQL). Which process answered is read from the server's own log lines.
describe("several server processes on one machine", () => {
  it("share the port, sign-ins and writes, replace a process that dies, and stop together", async () => {
    const database = await freshDatabase();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = serverEnv(database, port, { LOG_LEVEL: "info", SERVER_PROCESSES: "2" });
    const primary = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise<number | null>((resolve) => primary.once("exit", resolve));
    const lines: LogLine[] = [];
    readline.createInterface({ input: primary.stdout! }).on("line", (line) => {
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // not a log line
      }
    });
    const listening = () => [...new Set(lines.filter((l) => l.msg === "server listening").map((l) => l.pid))];
    const searchedBy = () => new Set(lines.filter((l) => l.req?.url?.startsWith("/api/search")).map((l) => l.pid));
    const db = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      const [first, second] = await waitFor(async () => listening(), (pids) => pids.length === 2);
      expect(first).not.toBe(primary.pid);

      // Written straight to the database (as a third instance would): both processes' indexes find it.
      const owner = await db.selectFrom("profiles").select("id").where("username", "=", CHILD_ADMIN.username).executeTakeFirstOrThrow();
      const item = await buildContent(db, { ownerId: owner.id, title: "Shared Lighthouse Survey" });
      const client = new TestClient(url);
      expect((await client.signIn(CHILD_ADMIN.username, CHILD_ADMIN.password)).status).toBe(200);
      expect((await client.post("/profile/favorite", { modelName: "resource", type: `resource:${item.id}`, value: true })).body).toEqual({ value: true });
      // The session and the favorite were written through one process; every process sees them. The searches go
      // at once, so they need connections of their own, which the port hands to the processes in turn (one after
      // another they could all reuse one kept-alive connection, as fetch does with a compressed answer).
      const answers = await Promise.all(Array.from({ length: 6 }, () => client.get("/api/search?query=lighthouse&f[others][]=favorites")));
      for (const res of answers) {
        expect(res.body.data.map((d: { title: string }) => d.title)).toEqual(["Shared Lighthouse Survey"]);
        expect(res.body.data[0].favorite).toBe(true);
      }
      await waitFor(async () => searchedBy(), (pids) => pids.has(first!) && pids.has(second!), 10000);

      // A process killed outright is replaced, and the port keeps answering.
      process.kill(first!, "SIGKILL");
      const after = await waitFor(async () => listening(), (pids) => pids.length === 3, 60000);
      const replacement = after.find((pid) => pid !== first && pid !== second)!;
      expect((await client.get("/api/search?query=lighthouse")).body.total).toBe(1);

      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect([second, replacement].filter((pid) => alive(pid!))).toEqual([]);
    } finally {
      if (primary.exitCode === null) primary.kill("SIGKILL");
      await db.destroy();
      await database.drop();
    }
  }, 120_000);

  // The primary's rules with stand-in workers (server/test/processesFixture.ts).
  const primaryExit = (mode: string) =>
    new Promise<number | null>((resolve) => spawn(process.execPath, ["--import", "tsx", "server/test/processesFixture.ts"], { env: { ...process.env, FIXTURE_MODE: mode }, stdio: "ignore" }).once("exit", resolve));

  it("stops with exit code 1 when a process fails before it listens, instead of starting it again and again", async () => {
    expect(await primaryExit("fail-at-start")).toBe(1);
  }, 60_000);

  it("stops with exit code 1 when processes keep dying after they listened (more than 5 replacements in a minute)", async () => {
    expect(await primaryExit("crash-after-listening")).toBe(1);
  }, 60_000);

  it("refuses a SERVER_PROCESSES it cannot use, with the rule", async () => {
    const { parseProcesses } = await import("./config.js");
    expect(parseProcesses(undefined)).toBe(1);
    expect(parseProcesses("3")).toBe(3);
    expect(parseProcesses("auto")).toBeGreaterThanOrEqual(1);
    expect(() => parseProcesses("0")).toThrow('SERVER_PROCESSES must be "auto" or a whole number from 1 to 64, not "0".');
    expect(() => parseProcesses("two")).toThrow(/not "two"/);
  });
});
