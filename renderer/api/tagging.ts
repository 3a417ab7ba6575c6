import { AttributeConfigResponse, AttributeTreeResponse, ContentTags, ContentTagsResponse, ItemsByIdsResponse, TreesByTypeResponse, type AttributeItem, type ContentTagsRequest } from "../../contract/index.js";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { getJson, postJson } from "./client.js";
import { itemQueryKeyAll } from "./editor.js";

/** Query keys of the tagging dialogs: an item's tags, and a model's attribute types. */
export const taggingKeys = {
  tags: (link: string) => ["tags", link] as const,
  config: (modelKey: string) => ["attributeConfig", modelKey] as const,
};

/** GET /api/content/{typePath}/{uid}/tags: an item's attribute ids and keywords. */
export function fetchTags(link: string): Promise<ContentTags> {
  return getJson(`api/content${link}/tags`, ContentTags);
}

/**
 * POST {link}/tags: replaces the item's attributes and keywords. Then the item's tags and search are read again, and
 * the items are marked stale without being read now (an open editor is never reset under its author): the item's page
 * shows its new tags, and View standards, when it is next opened.
 */
export async function saveTags(queryClient: QueryClient, link: string, body: ContentTagsRequest): Promise<ContentTagsResponse> {
  const answer = await postJson(`${link.replace(/^\//, "")}/tags`, body, ContentTagsResponse);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: taggingKeys.tags(link) }),
    queryClient.invalidateQueries({ queryKey: ["search"] }),
    queryClient.invalidateQueries({ queryKey: itemQueryKeyAll, refetchType: "none" }),
  ]);
  return answer;
}

/** GET /attributes/config/{modelKey}: the attribute types (tabs) of a model and their picker settings. */
export function fetchAttributeConfig(modelKey: string): Promise<AttributeConfigResponse> {
  return getJson(`attributes/config/${encodeURIComponent(modelKey)}`, AttributeConfigResponse);
}

/** GET /attributes/tree/{typeId}: one level of a tree (the top, or a parent's children), children as ids. */
export function fetchTreeLevel(typeId: number, parentId: number | null): Promise<AttributeTreeResponse> {
  return getJson(`attributes/tree/${typeId}`, AttributeTreeResponse, parentId === null ? {} : { searchParams: { parent_id: String(parentId) } });
}

/** POST /attributes/getTreeByType: the whole trees of the given types, by type key. */
export function fetchTreesByType(types: string[]): Promise<TreesByTypeResponse> {
  return postJson("attributes/getTreeByType", { types }, TreesByTypeResponse);
}

/** POST /attributes/getTreeByType/: a whole type's tree (for Select All and search). */
export async function fetchWholeTree(typeKey: string): Promise<TreesByTypeResponse["arrObjResponse"][string]> {
  const answer = await postJson("attributes/getTreeByType/", { types: [typeKey] }, TreesByTypeResponse);
  return answer.arrObjResponse[typeKey] ?? [];
}

/** POST /attributes/getMultipleItemByIds (type 'attributes'): the chosen items, for their types and names. */
export async function fetchAttributesByIds(ids: number[]): Promise<AttributeItem[]> {
  if (!ids.length) return [];
  const answer = await postJson("attributes/getMultipleItemByIds", { type: "attributes", ids }, ItemsByIdsResponse);
  return answer.arrObjResponse as AttributeItem[];
}

/** An item's tags for a tagging dialog, fetched afresh each time one opens (staleTime 0). */
export function useContentTags(link: string) {
  return useQuery({ queryKey: taggingKeys.tags(link), queryFn: () => fetchTags(link), staleTime: 0 });
}

/** A model's attribute types (the picker's tabs), kept for five minutes. */
export function useAttributeConfig(modelKey: string) {
  return useQuery({ queryKey: taggingKeys.config(modelKey), queryFn: () => fetchAttributeConfig(modelKey), staleTime: 5 * 60_000 });
}
