import type { AttributeGroupView, ContentTags } from "../../contract/index.js";
import { authorsOf } from "../lib/extraData.js";

/** An item's keywords (its comma-separated tags column) as a list. */
export const keywordsOf = (tags: string): string[] =>
  tags
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * An item's tags as the attribute editor reads them: attribute ids, write-in values and the keywords as a list, the
 * attributes grouped by type for the edit page, and (for an item that takes them) its authors and original author.
 */
export function presentContentTags(
  modelKey: string,
  found: { tags: string; extraData: string | null; attributeIds: number[]; otherValues: { type_id: number; value: string }[] },
  groups: AttributeGroupView[],
  authorsEnabled: boolean,
): ContentTags {
  const authors = authorsOf(authorsEnabled ? found.extraData : null);
  return {
    model_key: modelKey,
    attribute_ids: found.attributeIds,
    other_values: found.otherValues.map((o) => ({ type_id: o.type_id, value: o.value })),
    keywords: keywordsOf(found.tags),
    keywords_enabled: true,
    authors_enabled: authorsEnabled,
    authors_list: authors.authors_list,
    original_author: authors.original_author,
    groups,
  };
}
