import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LegacySearchResponse, type PageBlockRequest } from "../../contract/index.js";
import { postJson } from "./client.js";

/** POST /pages/block/{name}: a page of a content block's items (the View All modal). */
export function fetchPageBlock(name: string, request: PageBlockRequest, signal?: AbortSignal): Promise<LegacySearchResponse> {
  return postJson(`pages/block/${encodeURIComponent(name)}`, request, LegacySearchResponse, { signal });
}

/** A block's page; the page on screen stays while the next one loads (Previous, Next, a new term). */
export function usePageBlock(name: string, request: PageBlockRequest) {
  return useQuery({
    queryKey: ["page-block", name, request] as const,
    queryFn: ({ signal }) => fetchPageBlock(name, request, signal),
    placeholderData: keepPreviousData,
    // The dialog says so itself, with Try again.
    meta: { silent: true },
  });
}
