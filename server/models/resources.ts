import { RESOURCE_MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content, ResourceFile } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { findAttributeType, findItemsByIds } from "./attributes.js";

const reject = (field: string, message: string): never => {
  throw new HttpError(422, message, { [field]: [message] });
};

/**
 * Checks a resource's category (a top-level resource category), its subcategories (children of that
 * category only) and its pricing (a content pricing item), and returns their attribute item ids.
 */
export async function findResourceAttributes(db: Db, chosen: { category?: number; subcategories: number[]; pricing?: number }): Promise<number[]> {
  const ids: number[] = [];
  if (chosen.category !== undefined || chosen.subcategories.length) {
    const type = await findAttributeType(db, "resource_categories");
    const [category] = chosen.category !== undefined && type ? await findItemsByIds(db, [chosen.category], type.id) : [];
    if (chosen.category !== undefined && (!category || category.parent_id !== null)) reject("resource_category", RESOURCE_MESSAGES.categoryInvalid);
    if (!category && chosen.subcategories.length) reject("resource_subcategories", RESOURCE_MESSAGES.subcategoryInvalid);
    const subs = category && chosen.subcategories.length ? await findItemsByIds(db, chosen.subcategories, type!.id) : [];
    if (subs.length !== new Set(chosen.subcategories).size || subs.some((s) => s.parent_id !== category!.id)) reject("resource_subcategories", RESOURCE_MESSAGES.subcategoryInvalid);
    if (category) ids.push(category.id, ...subs.map((s) => s.id));
  }
  if (chosen.pricing !== undefined) {
    const type = await findAttributeType(db, "content_pricing");
    const [pricing] = type ? await findItemsByIds(db, [chosen.pricing], type.id) : [];
    if (!pricing) reject("content_pricing", RESOURCE_MESSAGES.pricingInvalid);
    ids.push(pricing!.id);
  }
  return ids;
}

/** The uploaded file of a resource (none for a link resource or another kind of item). */
export async function findResourceFile(db: Db, contentId: number): Promise<ResourceFile | undefined> {
  return db.selectFrom("resource_files").selectAll().where("content_id", "=", contentId).executeTakeFirst();
}

/** An uploaded resource file by storage key, with the content it belongs to. */
export async function findUploadedFile(db: Db, storageKey: string): Promise<{ file: ResourceFile; content: Content } | undefined> {
  const file = await db.selectFrom("resource_files").selectAll().where("storage_key", "=", storageKey).executeTakeFirst();
  if (!file) return undefined;
  const content = await db.selectFrom("content").selectAll().where("id", "=", file.content_id).executeTakeFirst();
  return content ? { file, content } : undefined;
}
