import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ShortCodePreviewResponse } from "../../contract/index.js";
import { postJson } from "./client.js";

/**
 * POST /api/short-codes/preview: text as an item's view page would show it, short codes expanded by the server (the
 * same expansion as a section's view_html). Kept per text, so an example is asked for once; while new text is on
 * its way the last preview stays.
 */
export function useShortCodePreview(text: string) {
  return useQuery({
    queryKey: ["short-code-preview", text],
    queryFn: () => postJson("api/short-codes/preview", { text }, ShortCodePreviewResponse),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    // The dialog says in place when a preview could not be made.
    meta: { silent: true },
  });
}
