import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { describe, expect, it } from "vitest";
import { buildContent, buildUser } from "../test/factories.js";
import { useTestServer } from "../test/useServer.js";
import { releaseLock, takeLock } from "./editLocks.js";

/** Runs `between` once, after the first insert this plugin's queries make and before the next query starts. */
class AfterFirstInsert implements KyselyPlugin {
  private insertId: QueryId | undefined;
  constructor(private readonly between: () => Promise<void>) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === "InsertQueryNode" && !this.insertId) this.insertId = queryId;
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (queryId === this.insertId) await this.between();
    return result;
  }
}

describe("takeLock", () => {
  const { server } = useTestServer();

  it("takes the lock again when it is released between its write and its read", async () => {
    const owner = await buildUser(server.db);
    const plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan" });
    // Another instance releasing the lock right after this one wrote it (the editor's Unlock there): its own connection,
    // since this one's is held until the plugin returns.
    const other = await server.startInstance();
    const racing = server.db.withPlugin(new AfterFirstInsert(() => releaseLock(other.db, plan.model_key, plan.id)));
    const lock = await takeLock(racing, plan.model_key, plan.id, owner.id, 900);
    expect(lock.profile_id).toBe(owner.id);
    const row = await server.db.selectFrom("edit_locks").select("profile_id").where("content_id", "=", plan.id).executeTakeFirst();
    expect(row?.profile_id).toBe(owner.id);
  });
});
