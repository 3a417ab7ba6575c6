import { useQuery } from "@tanstack/react-query";
import {
  CopyResponse,
  MoreInfoResponse,
  OwnerAutocomplete,
  QuickInfoResponse,
  RelatedContentResponse,
  SelectedStandardsResponse,
  StandardSearchResponse,
  StatusMessageResponse,
  ItemsByIdsResponse,
  MESSAGES,
  OWNER_AUTOCOMPLETE_MIN,
  STANDARD_SEARCH_MIN,
  type FlagRequest,
  type OwnerChangeRequest,
  type Standard,
} from "../../contract/index.js";
import { deleteJson, getJson, postJson } from "./client.js";

/** DELETE /api/content{link}: deletes a resource or a collection (its owner or an admin). */
export function deleteItem(link: string): Promise<StatusMessageResponse> {
  return deleteJson(`api/content${link}`, StatusMessageResponse);
}

/** POST {link}/copy (the copy dialog's id and modeltitle): answers the copy's link. */
export function copyItem(link: string, id: number, modeltitle: string): Promise<CopyResponse> {
  return postJson(`${link.replace(/^\//, "")}/copy`, { id, modeltitle }, CopyResponse);
}

/** POST /profile/owner/change. */
export function changeOwner(body: OwnerChangeRequest): Promise<StatusMessageResponse> {
  return postJson("profile/owner/change", body, StatusMessageResponse);
}

/** POST /profile/flag. */
export function flagItem(body: FlagRequest): Promise<StatusMessageResponse> {
  return postJson("profile/flag", body, StatusMessageResponse);
}

/** Owner candidates from 3 characters (GET /profile/autocomplete/change-ownership, shared with the bulk importer). */
export function useOwnerCandidates(term: string) {
  return useQuery({
    queryKey: ["ownerCandidates", term],
    queryFn: () => getJson(`profile/autocomplete/change-ownership?st=${encodeURIComponent(term)}`, OwnerAutocomplete),
    enabled: term.trim().length >= OWNER_AUTOCOMPLETE_MIN,
    staleTime: 30_000,
  });
}

/**
 * The sidebars' failures: each list says so in place; a refusal (the item is no longer the reader's to see, e.g. just
 * after signing out on a members-only item) is the item page's to explain, so only other failures also toast.
 */
const SIDEBAR_META = { errorMessage: MESSAGES.genericLoad, refusalsShownByScreen: true };

/** GET /related-content for an item (by id). */
export function useRelatedContent(item: { model_key: string; id: number }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ["related", item.model_key, item.id],
    queryFn: () => getJson("related-content", RelatedContentResponse, { searchParams: { model: item.model_key, id: String(item.id), idField: "id", sortBy: "relevance" } }),
    meta: SIDEBAR_META,
  });
}

/** GET {link}/similar. */
export function useSimilarContent(link: string) {
  return useQuery({ queryKey: ["similar", link], queryFn: () => getJson(`${link.replace(/^\//, "")}/similar`, RelatedContentResponse), meta: SIDEBAR_META });
}

/** POST /quick-info/{model_key}/{id}, only while enabled (hovered long enough). */
export function useQuickInfo(modelKey: string, id: number, enabled: boolean) {
  return useQuery({ queryKey: ["quickInfo", modelKey, id], queryFn: () => postJson(`quick-info/${modelKey}/${id}`, {}, QuickInfoResponse), enabled, staleTime: 60_000 });
}

/** GET /system/more-info/{id}. */
export function useMoreInfo(id: number) {
  return useQuery({ queryKey: ["moreInfo", id], queryFn: () => getJson(`system/more-info/${id}`, MoreInfoResponse) });
}

/** POST /attributes/getMultipleItemBySearchTerm: leaf standards matching a term of 2 characters or more. */
export function useStandardSearch(term: string) {
  return useQuery({
    queryKey: ["standardSearch", term],
    queryFn: async () => (await postJson("attributes/getMultipleItemBySearchTerm", { type: "standard", st: term }, StandardSearchResponse)).arrObjResponse,
    enabled: term.length >= STANDARD_SEARCH_MIN,
    staleTime: 60_000,
  });
}

/** POST /attributes/getMultipleItemByIds (type 'standard'): the standards among the ids, with their frameworks. */
export async function fetchStandardsByIds(ids: number[]): Promise<Standard[]> {
  if (!ids.length) return [];
  return (await postJson("attributes/getMultipleItemByIds", { type: "standard", ids }, ItemsByIdsResponse)).arrObjResponse as Standard[];
}

/** GET /standards/selected: the chosen standards grouped by framework (the view-standards accordion). */
export function useSelectedStandards(ids: number[] | undefined) {
  return useQuery({
    queryKey: ["selectedStandards", ids],
    queryFn: async () => (await getJson("standards/selected", SelectedStandardsResponse, { searchParams: { ids: (ids ?? []).join(",") } })).arrObjResponse,
    enabled: Boolean(ids),
  });
}

