import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { recordContentChange } from "./createContent.js";

/**
 * Gives an item to a new owner and drops its edit lock (the old owner may no longer edit); search sees it at once.
 * A group's page is owned by its leader (commands/createGroup.ts), so giving it to a person hands the group over: the
 * new owner leads it (and may post to its feed) and the previous owner stays on as a member. What the item granted the
 * new owner before goes: an owner has every permission, and a grant to the owner is no row of the Permissions form.
 */
export async function changeOwner(db: Db, item: Content, newOwnerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("content").set({ owner_id: newOwnerId, updated_at: new Date().toISOString() }).where("id", "=", item.id).execute();
    await trx.deleteFrom("content_grants").where("content_id", "=", item.id).where("scope", "=", "profile").where("profile_id", "=", newOwnerId).execute();
    await trx.deleteFrom("edit_locks").where("content_id", "=", item.id).where("model_key", "=", item.model_key).execute();
    const groupId = item.model_key === "profile" && item.sub_type === "group" ? item.profile_id : null;
    const newOwner = groupId === null ? undefined : await trx.selectFrom("profiles").select("kind").where("id", "=", newOwnerId).executeTakeFirst();
    if (groupId !== null && newOwner?.kind === "user") {
      await trx.updateTable("group_members").set({ role: "member" }).where("group_id", "=", groupId).where("profile_id", "=", item.owner_id).where("role", "=", "leader").execute();
      await trx
        .insertInto("group_members")
        .values({ group_id: groupId, profile_id: newOwnerId, role: "leader" })
        .onConflict((oc) => oc.columns(["group_id", "profile_id"]).doUpdateSet({ role: "leader" }))
        .execute();
    }
    await recordContentChange(trx, item.id);
  });
}
