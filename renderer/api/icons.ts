import { useQuery } from "@tanstack/react-query";
import { SupportedIconList, iconSvgPath, type IconValue } from "../../contract/index.js";
import { apiUrl, getJson } from "./client.js";

/**
 * GET /system/icons/supported with brands=1: every icon the server has (`all`), or its curated common set. Kept for
 * the page's life; a failed load is silently ignored (first document), so it carries no error toast.
 */
export function useSupportedIcons(all: boolean) {
  return useQuery({
    queryKey: ["supported-icons", all],
    queryFn: () => getJson("system/icons/supported", SupportedIconList, { searchParams: { all: all ? 1 : 0, brands: 1 } }),
    staleTime: Infinity,
    retry: 1,
    meta: { silent: true },
  });
}

/** Where an icon's SVG is served. */
export const iconUrl = (icon: IconValue): string => apiUrl(iconSvgPath(icon));
