import { useQuery } from "@tanstack/react-query";
import { FooterCarouselCollection, NewsResponse } from "../../contract/index.js";
import { getJson } from "./client.js";

/** GET /api/news: the news carousel's slides the asker is shown, in carousel order. */
export function fetchNews(): Promise<NewsResponse> {
  return getJson("api/news", NewsResponse);
}

/** The news carousel's slides; read again after signing in or out (members see more). A failure only leaves the carousel out. */
export function useNews() {
  return useQuery({ queryKey: ["news"], queryFn: fetchNews, staleTime: 5 * 60_000, meta: { silent: true } });
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
