import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedUrl, requestLog } from "./requestLog.js";

describe("request log", () => {
  const lines: Record<string, unknown>[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: "info" }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    const app = express();
    app.use(requestLog(logger, { ignore: (url) => url.startsWith("/assets/") }));
    app.get("/ok", (req, res) => {
      req.log.info({ note: "inside" }, "handler ran");
      res.json({ ok: true });
    });
    app.get("/boom", (_req, res) => res.status(500).json({ message: "failed" }));
    app.get("/unset", (_req, res) => res.status(503).json({ message: "Not set up on this site." }));
    app.get("/assets/app.js", (_req, res) => res.send("js"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("logs one line per request with its status and time, and never its headers", async () => {
    await fetch(`${base}/ok?x=1`, { headers: { cookie: "sid=secret-session", authorization: "Bearer secret-token" } });
    await fetch(`${base}/boom`);
    await fetch(`${base}/unset`);
    await fetch(`${base}/assets/app.js`);
    await settle();
    const requests = lines.filter((l) => l.req);
    expect(requests.map((l) => [l.msg, (l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode, l.level])).toEqual([
      ["request completed", "/ok?x=1", 200, 30],
      ["request errored", "/boom", 500, 50],
      // A service the site has not set up is a warning, not an error.
      ["request unavailable", "/unset", 503, 40],
    ]);
    expect(typeof requests[0]!.responseTime).toBe("number");
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
    // req.log is the server's logger.
    expect(lines.some((l) => l.msg === "handler ran" && l.note === "inside")).toBe(true);
  });

  it("still logs errored requests when the info level is off, and nothing else", async () => {
    const quiet: Record<string, unknown>[] = [];
    const logger = pino({ level: "warn" }, new Writable({ write: (chunk, _enc, done) => (quiet.push(JSON.parse(String(chunk))), done()) }));
    const app = express();
    app.use(requestLog(logger, { ignore: () => false }));
    app.get("/ok", (_req, res) => res.json({ ok: true }));
    app.get("/boom", (_req, res) => res.status(500).json({ message: "failed" }));
    const quietServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => quietServer.once("listening", resolve));
    const url = `http://127.0.0.1:${(quietServer.address() as AddressInfo).port}`;
    await fetch(`${url}/ok`);
    await fetch(`${url}/boom`);
    await settle();
    await new Promise((resolve) => quietServer.close(resolve));
    expect(quiet.map((l) => [l.msg, (l.res as { statusCode: number }).statusCode])).toEqual([["request errored", 500]]);
  });

  it("leaves a reset link's token out of the logged URL", () => {
    expect(loggedUrl("/auth/reset?token=abc-DEF_123")).toBe("/auth/reset?token=[redacted]");
    expect(loggedUrl("/x?a=1&TOKEN=secret&b=2")).toBe("/x?a=1&TOKEN=[redacted]&b=2");
    expect(loggedUrl("/x?mytoken=kept")).toBe("/x?mytoken=kept");
  });

  it("leaves an OAuth callback's code and state out of the logged URL", () => {
    expect(loggedUrl("/system/third-party-accounts/zoom/callback?code=zoom-code-123&state=abc")).toBe("/system/third-party-accounts/zoom/callback?code=[redacted]&state=[redacted]");
    expect(loggedUrl("/auth/sso/demo/callback?state=s1&code=c1&iss=x")).toBe("/auth/sso/demo/callback?state=[redacted]&code=[redacted]&iss=x");
    expect(loggedUrl("/x?zipcode=kept")).toBe("/x?zipcode=kept");
  });
});
