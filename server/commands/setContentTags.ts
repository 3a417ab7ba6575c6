import { TAGGING_MESSAGES, type Author } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { withAuthors } from "../lib/extraData.js";
import { findItemsByIds, type AttributeType } from "../models/attributes.js";
import { otherMaxLength } from "../presenters/attribute.js";
import { addToVocabulary } from "../search/suggest.js";
import { recordContentChange } from "./createContent.js";

/**
 * Checks a choice of attributes among `types`: each exists and is of one of them, and each type's leaf-only and single
 * rules hold (422 on `attribute_ids` otherwise, with `unknownMessage` for one that is not of those types). Answers the
 * chosen items with their types.
 */
export async function checkAttributeChoice(db: Db, types: AttributeType[], ids: number[], unknownMessage: string = TAGGING_MESSAGES.unknownAttribute) {
  const items = await findItemsByIds(db, ids);
  const byId = new Map(types.map((t) => [t.id, t]));
  if (items.length !== new Set(ids).size || items.some((i) => !byId.has(i.type_id))) throw new HttpError(422, unknownMessage, { attribute_ids: [unknownMessage] });
  for (const type of byId.values()) {
    const chosen = items.filter((i) => i.type_id === type.id);
    const problem =
      type.leaf_only === 1 && chosen.some((i) => i.is_leaf !== 1) ? TAGGING_MESSAGES.leafOnly(type.name.toLowerCase()) : type.single === 1 && chosen.length > 1 ? TAGGING_MESSAGES.single(type.name.toLowerCase()) : null;
    if (problem) throw new HttpError(422, problem, { attribute_ids: [problem] });
  }
  return items.map((i) => ({ id: i.id, type_id: i.type_id }));
}

/**
 * Splits a tag save's attribute ids into those the item already carries of types its model does not take (kept as they
 * are: seeded or imported before, or left from a type an administrator has since taken off the model's search type; the
 * editor shows no tab for them, so it sends them back unchanged, and refusing them would block every save of the item's
 * tags) and the rest, which `checkAttributeChoice` checks against the model's types. docs/design.md, "Attributes of a type the item's model does not take".
 */
export function splitCarriedOffModel(types: AttributeType[], carried: { id: number; type_id: number }[], ids: number[]) {
  const modelTypes = new Set(types.map((t) => t.id));
  const offModel = new Map(carried.filter((a) => !modelTypes.has(a.type_id)).map((a) => [a.id, a]));
  const unique = [...new Set(ids)];
  return { kept: unique.flatMap((id) => offModel.get(id) ?? []).map((a) => ({ id: a.id, type_id: a.type_id })), rest: unique.filter((id) => !offModel.has(id)) };
}

/**
 * Checks write-in ("Other") values (already trimmed, empty ones dropped, one per type) against `types`: each is of one of
 * them that offers a write-in (show_other) and within its maximum (422 on `other_values` otherwise).
 */
export function checkOtherValues(types: AttributeType[], values: { type_id: number; value: string }[]): { type_id: number; value: string }[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  for (const o of values) {
    const type = byId.get(o.type_id);
    const problem = !type
      ? TAGGING_MESSAGES.otherUnknownType
      : type.show_other !== 1
        ? TAGGING_MESSAGES.otherNotOffered(type.name)
        : o.value.length > otherMaxLength(type)
          ? TAGGING_MESSAGES.otherTooLong(type.name.toLowerCase(), otherMaxLength(type))
          : null;
    if (problem) throw new HttpError(422, problem, { other_values: [problem] });
  }
  return values;
}

/**
 * Replaces an item's attributes, write-in values (when given), keywords, and a resource's authors and original author
 * (each when given, in its extra_data, whose other keys stay) in one transaction, and tells search it changed.
 */
export async function setContentTags(
  db: Db,
  item: Content,
  input: { attributes: { id: number; type_id: number }[]; otherValues: { type_id: number; value: string }[] | undefined; keywords: string[]; authors?: Author[]; originalAuthor?: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("content_attributes").where("content_id", "=", item.id).execute();
    if (input.attributes.length) {
      await trx
        .insertInto("content_attributes")
        .values(input.attributes.map((a) => ({ content_id: item.id, attr_item_id: a.id, type_id: a.type_id })))
        .execute();
    }
    // Write-ins left out of the save stay as they were.
    if (input.otherValues) await trx.deleteFrom("content_attribute_others").where("content_id", "=", item.id).execute();
    if (input.otherValues?.length) {
      await trx
        .insertInto("content_attribute_others")
        .values(input.otherValues.map((o) => ({ content_id: item.id, type_id: o.type_id, value: o.value })))
        .execute();
    }
    const tags = input.keywords.join(", ");
    const changes: { tags: string; updated_at: string; extra_data?: string | null } = { tags, updated_at: new Date().toISOString() };
    if (input.authors || input.originalAuthor !== undefined) {
      // The row as it is now (not as the request loaded it), so keys another save wrote since are kept.
      const { extra_data } = await trx.selectFrom("content").select("extra_data").where("id", "=", item.id).executeTakeFirstOrThrow();
      changes.extra_data = withAuthors(extra_data, input.authors, input.originalAuthor);
    }
    await trx.updateTable("content").set(changes).where("id", "=", item.id).execute();
    await addToVocabulary(trx, item.title, tags);
    await recordContentChange(trx, item.id);
  });
}
