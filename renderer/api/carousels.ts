import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FOOTER_CAROUSEL, FooterCarouselCollection, ManagedNewsItem, ManagedNewsResponse, NewsResponse, StatusMessageResponse, type NewsItemInput } from "../../contract/index.js";
import { deleteJson, getJson, postJson, putJson } from "./client.js";

/** GET /api/news: the news carousel's slides the asker is shown, in carousel order. */
export function fetchNews(): Promise<NewsResponse> {
  return getJson("api/news", NewsResponse);
}

/** The news carousel's slides; read again after signing in or out (members see more). A failure only leaves the carousel out. */
export function useNews() {
  return useQuery({ queryKey: ["news"], queryFn: fetchNews, staleTime: 5 * 60_000, meta: { silent: true } });
}

/** The query key of the administrators' list of news items. */
export const managedNewsKey = ["news", "managed"] as const;

/** GET /api/news/manage: every news item, drafts too, for administrators (the staff page shows a refusal itself). */
export function useManagedNews(enabled: boolean) {
  return useQuery({ queryKey: managedNewsKey, queryFn: () => getJson("api/news/manage", ManagedNewsResponse), enabled, meta: { refusalsShownByScreen: true } });
}

/** POST /api/news (no id) or PUT /api/news/{id} (which replaces the whole item). */
export function saveNewsItem(id: number | null, body: NewsItemInput): Promise<ManagedNewsItem> {
  return id === null ? postJson("api/news", body, ManagedNewsItem) : putJson(`api/news/${id}`, body, ManagedNewsItem);
}

/** DELETE /api/news/{id}. */
export function deleteNewsItem(id: number): Promise<StatusMessageResponse> {
  return deleteJson(`api/news/${id}`, StatusMessageResponse);
}

/** GET {source url}: a footer carousel's collection and the items the asker may see. A failure only leaves the carousel out. */
export function useFooterCarousel(sourceUrl: string) {
  return useQuery({
    queryKey: ["footer-carousel", sourceUrl],
    queryFn: () => getJson(sourceUrl, FooterCarouselCollection),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** PUT /api/carousels/featured (administrators): a public collection becomes the footer's featured one; the footer reloads. */
export function useChooseFeaturedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => putJson("api/carousels/featured", { uid }, StatusMessageResponse),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["footer-carousel"] }),
  });
}

/** Which collection the footer features now (its uid), or undefined while unknown or when none is. */
export function useFeaturedCollectionUid(): string | undefined {
  return useFooterCarousel(FOOTER_CAROUSEL.featuredSource).data?.uid;
}
