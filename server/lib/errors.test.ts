import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.js";
import { setFavorite } from "../models/favorites.js";
import { buildUser } from "../test/factories.js";
import { useTestServer } from "../test/useServer.js";
import { errorHandler } from "./errors.js";

// The database's own errors, on whichever database the suite runs (SQLite, or PostgreSQL with DB_TEST=postgres).
describe("errorHandler and rows deleted meanwhile", () => {
  const { server } = useTestServer();
  const lines: Record<string, unknown>[] = [];
  let app: http.Server;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: "info" }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    const profile = await buildUser(server.db);
    const api = express();
    // A favorite of an item deleted after the request found it: the insert fails on its foreign key.
    api.post("/favorite-deleted", async () => {
      await setFavorite(server.db, profile.id, 2_000_000_000, true);
    });
    // A row read again after another request deleted it.
    api.get("/read-deleted", async () => {
      await server.db.selectFrom("content").select("id").where("id", "=", 2_000_000_000).executeTakeFirstOrThrow();
    });
    api.get("/bug", () => {
      throw new Error("a bug");
    });
    api.use(errorHandler(logger));
    app = api.listen(0, "127.0.0.1");
    await new Promise((resolve) => app.once("listening", resolve));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => app.close(resolve)));

  it("answers a write on a row deleted meanwhile as not found, and logs it as a warning", async () => {
    for (const [method, path] of [["POST", "/favorite-deleted"], ["GET", "/read-deleted"]] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect([res.status, await res.json()], path).toEqual([404, { message: MESSAGES.notFound }]);
    }
    expect(lines.map((l) => [l.level, l.msg, l.url])).toEqual([
      [40, "row deleted meanwhile", "/favorite-deleted"],
      [40, "row deleted meanwhile", "/read-deleted"],
    ]);
  });

  it("still answers any other error as a 500 with the system message, logged as an error", async () => {
    const res = await fetch(`${base}/bug`);
    expect([res.status, await res.json()]).toEqual([500, { message: MESSAGES.systemError }]);
    expect(lines.at(-1)).toMatchObject({ level: 50, msg: "unhandled error", url: "/bug" });
  });
});
