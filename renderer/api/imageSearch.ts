import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { IMAGE_SEARCH_PER_PAGE, ImageSearchResponse } from "../../contract/index.js";
import { postJson, postNoContent } from "./client.js";

/** POST /images/unsplash/search: one page (12 photos) of the image search dialog; off until there is a term. */
export function useImageSearch(st: string, page: number) {
  return useQuery({
    queryKey: ["image-search", st, page],
    queryFn: () => postJson("images/unsplash/search", { st, page, limit: IMAGE_SEARCH_PER_PAGE }, ImageSearchResponse),
    enabled: st.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
    // The dialog shows the server's message (not set up, Unsplash unavailable) in its own alert, not as a toast.
    meta: { silent: true },
  });
}

/**
 * POST /images/unsplash/download: tells Unsplash (through the server, which holds the key) that a searched photo was
 * used, as its API guidelines ask: called once a thumbnail made from the photo is saved, not when it is only picked.
 */
export function trackPhotoDownload(downloadLocation: string): Promise<void> {
  return postNoContent("images/unsplash/download", { download_location: downloadLocation });
}
