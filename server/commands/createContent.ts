import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "../db/connection.js";
import type { Content, Database } from "../db/schema.js";
import { addToVocabulary } from "../search/suggest.js";

export type Visibility = "public" | "authed" | "restricted";

export interface CreateContentInput {
  modelKey: string;
  subType?: string | null;
  title: string;
  description?: string;
  tags?: string[];
  url?: string | null;
  thumbUrl?: string | null;
  ownerId: number;
  publisherId?: number | null;
  profileId?: number | null;
  visibility?: Visibility;
  isFeeBased?: boolean;
  attributeIds?: number[];
  /** Read grants to single profiles and to groups (for restricted content). */
  grantProfiles?: number[];
  grantGroups?: number[];
  createdAt?: string;
  updatedAt?: string;
}

/** The sort key of a title: lowercase, without leading articles or punctuation. */
export const titleSortKey = (title: string): string =>
  title
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/[^\p{L}\p{N} ]+/gu, "")
    .trim()
    .slice(0, 255);

/** The grant rows that express a visibility: global read for public, authed read for signed-in. */
export function visibilityGrants(visibility: Visibility): { scope: "global" | "authed"; permission: string }[] {
  if (visibility === "public") return [{ scope: "global", permission: "read" }];
  if (visibility === "authed") return [{ scope: "authed", permission: "read" }];
  return [];
}

/** Logs that a content object changed, so every instance's search index reloads it. */
export async function recordContentChange(db: Db, contentId: number): Promise<void> {
  await db.insertInto("content_changes").values({ content_id: contentId, changed_at: new Date().toISOString() }).execute();
}

/** Creates a content object with its grants, attributes and search vocabulary, in one transaction. */
export async function createContent(db: Db, input: CreateContentInput): Promise<Content> {
  return db.transaction().execute((trx) => insertContent(trx, input));
}

/** The writes of createContent, inside a transaction the caller owns (for commands that write more). */
export async function insertContent(trx: Transaction<Database>, input: CreateContentInput): Promise<Content> {
  const now = new Date().toISOString();
  const visibility = input.visibility ?? "public";
  const tags = (input.tags ?? []).join(", ");
  const item = await trx
    .insertInto("content")
    .values({
      uid: crypto.randomBytes(9).toString("base64url"),
      opaque_id: crypto.randomUUID(),
      model_key: input.modelKey,
      sub_type: input.subType ?? null,
      title: input.title,
      description: input.description ?? "",
      tags,
      url: input.url ?? null,
      thumb_url: input.thumbUrl ?? null,
      owner_id: input.ownerId,
      publisher_id: input.publisherId ?? null,
      profile_id: input.profileId ?? null,
      visibility,
      is_fee_based: input.isFeeBased ? 1 : 0,
      title_sort: titleSortKey(input.title),
      created_at: input.createdAt ?? now,
      updated_at: input.updatedAt ?? input.createdAt ?? now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const grants = [
    ...visibilityGrants(visibility).map((g) => ({ content_id: item.id, scope: g.scope, profile_id: null, permission: g.permission })),
    ...(input.grantProfiles ?? []).map((p) => ({ content_id: item.id, scope: "profile" as const, profile_id: p, permission: "read" })),
    ...(input.grantGroups ?? []).map((g) => ({ content_id: item.id, scope: "group" as const, profile_id: g, permission: "read" })),
  ];
  if (grants.length) await trx.insertInto("content_grants").values(grants).execute();
  const attributeIds = [...new Set(input.attributeIds ?? [])];
  if (attributeIds.length) {
    const items = await trx.selectFrom("attribute_items").select(["id", "type_id"]).where("id", "in", attributeIds).execute();
    if (items.length) await trx.insertInto("content_attributes").values(items.map((a) => ({ content_id: item.id, attr_item_id: a.id, type_id: a.type_id }))).execute();
  }
  await addToVocabulary(trx, input.title, tags);
  await recordContentChange(trx, item.id);
  return item;
}
