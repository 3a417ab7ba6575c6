import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";

/** The original of a copy, with its owner's name and when the copy was made; undefined when the item is no copy (or the original is gone). */
export async function findCopySource(db: Db, contentId: number): Promise<{ source: Content & { owner_name: string }; copied_at: string } | undefined> {
  const row = await db
    .selectFrom("content_copies")
    .innerJoin("content", "content.id", "content_copies.source_id")
    .innerJoin("profiles as owner", "owner.id", "content.owner_id")
    .selectAll("content")
    .select(["owner.name as owner_name", "content_copies.created_at as copied_at"])
    .where("content_copies.content_id", "=", contentId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { copied_at, ...source } = row;
  return { source, copied_at };
}
