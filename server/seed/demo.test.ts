import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, parseScryptCost } from "../config.js";
import { startTestServer, type TestServer } from "../test/testServer.js";
import { DEMO_ACCOUNTS } from "./demo.js";

describe("DEMO_PASSWORD_COST", () => {
  it("is unset by default, so the demo accounts are hashed at the production cost; else scrypt's N,r,p", () => {
    expect(loadConfig({}).demoPasswordCost).toBeNull();
    expect(parseScryptCost(" 1024, 8 ,1")).toEqual({ N: 1024, r: 8, p: 1 });
    for (const bad of ["1000,8,1", "1024,8", "1024,8,1,1", "1024,0,1", "x,8,1", "1,8,1"]) expect(() => parseScryptCost(bad), bad).toThrow(/DEMO_PASSWORD_COST/);
  });

  describe("on a demo-seeded server", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ seedDemo: true, env: { DEMO_PASSWORD_COST: "1024,8,1" } });
    });
    afterAll(() => server.stop());

    it("hashes the demo accounts at that cost, and they sign in with their passwords", async () => {
      const rows = await server.db.selectFrom("profiles").select(["username", "password_hash"]).where("username", "in", DEMO_ACCOUNTS.map((a) => a.username)).execute();
      expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
      for (const row of rows) expect(row.password_hash, row.username!).toMatch(/^scrypt\$1024\$8\$1\$/);
      const teacher = DEMO_ACCOUNTS.find((a) => a.username === "teacher")!;
      expect((await server.client().signIn(teacher.username, teacher.password)).status).toBe(200);
      expect((await server.client().signIn(teacher.username, "wrong password")).status).toBe(401);
    });

    it("seeds one interceptor, switched on unless DEMO_INTERCEPTOR=0 (the browser tests' setting)", async () => {
      const teacher = DEMO_ACCOUNTS.find((a) => a.username === "teacher")!;
      const client = server.client();
      await client.signIn(teacher.username, teacher.password);
      expect((await client.get("/profile/interceptors")).body.data.map((i: { title: string }) => i.title)).toEqual(["Welcome to Curriculum Commons"]);
      expect([loadConfig({}).demoInterceptor, loadConfig({ DEMO_INTERCEPTOR: "0" }).demoInterceptor]).toEqual([true, false]);
    });
  });
});
