import type { KyselyPlugin } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { buildGroup, buildUser, type TestUser } from "../test/factories.js";
import { GUEST, loadActor, loadActors } from "./actor.js";
import { useTestServer } from "../test/useServer.js";

/** A plugin that counts the queries run through it. */
function queryCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      this.count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

describe("loadActors", () => {
  const { server } = useTestServer();
  let users: TestUser[];
  let groupId: number;

  beforeAll(async () => {
    users = [await buildUser(server.db, { admin: true }), await buildUser(server.db, { moderator: true, permissions: ["manage_interceptors"] })];
    for (let i = 0; i < 30; i++) users.push(await buildUser(server.db));
    groupId = (await buildGroup(server.db, users[2]!, users.slice(3, 10))).id;
    await buildGroup(server.db, users[3]!, [users[4]!]);
  });

  it("answers for every id what loadActor answers for it, guests for unknown ids and group profiles", async () => {
    const ids = [...users.map((u) => u.id), groupId, 987_654, users[0]!.id];
    const actors = await loadActors(server.db, ids);
    expect([...actors.keys()].sort((a, b) => a - b)).toEqual([...new Set(ids)].sort((a, b) => a - b));
    for (const id of ids) expect(actors.get(id)).toEqual(await loadActor(server.db, id));
    expect(actors.get(groupId)).toBe(GUEST);
    expect(actors.get(users[4]!.id)?.groups).toHaveLength(2);
  });

  it("takes the same few queries for 3 profiles as for 32", async () => {
    const few = queryCounter();
    await loadActors(server.db.withPlugin(few), users.slice(0, 3).map((u) => u.id));
    const many = queryCounter();
    await loadActors(server.db.withPlugin(many), users.map((u) => u.id));
    expect(few.count).toBe(2);
    expect(many.count).toBe(2);
    const none = queryCounter();
    expect((await loadActors(server.db.withPlugin(none), [])).size).toBe(0);
    expect(none.count).toBe(0);
  });
});
