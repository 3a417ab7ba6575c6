import type { ContentTags } from "../../contract/index.js";

/** An item's tags as the attribute editor reads them: attribute ids and the keywords as a list. */
export function presentContentTags(modelKey: string, found: { tags: string; attributeIds: number[] }): ContentTags {
  return {
    model_key: modelKey,
    attribute_ids: found.attributeIds,
    keywords: found.tags
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean),
    keywords_enabled: true,
  };
}
