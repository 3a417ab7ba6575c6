import { CommunityCalloutSettings, type FooterCarouselCollection, type ManagedNewsItem, type NewsCarouselItem, type SearchResultItem } from "../../contract/index.js";
import type { Content, NewsItemRow } from "../db/schema.js";
import { itemLink } from "./editableItem.js";
import { safeLink } from "./safeLink.js";

/** The stored callout settings (JSON text) read through the contract's schema: unreadable text or fields get their defaults. */
export function calloutSettings(json: string): CommunityCalloutSettings {
  let value: unknown = {};
  try {
    value = JSON.parse(json);
  } catch {
    // Bad text reads as no settings: every field takes its default.
  }
  return CommunityCalloutSettings.parse(value !== null && typeof value === "object" && !Array.isArray(value) ? value : {});
}

/** A news item as its slide shows it; the banner and the call to action only when their addresses are safe to load or follow. */
export function presentNewsItem(row: NewsItemRow): NewsCarouselItem {
  return {
    id: row.id,
    banner_url: safeLink(row.banner_url),
    link: safeLink(row.link),
    title: row.title,
    description: row.description,
    cta_text: row.cta_text,
    community_callout_settings: calloutSettings(row.community_callout_settings),
  };
}

/** A news item as its administrators see it: the slide, and who sees it, whether it is published, its place and its times. */
export function presentManagedNewsItem(row: NewsItemRow): ManagedNewsItem {
  return { ...presentNewsItem(row), audience: row.audience, is_published: row.is_published === 1, sort_order: row.sort_order, created_at: row.created_at, updated_at: row.updated_at };
}

/** A collection and its already presented cards as the footer carousel shows them. */
export function presentCarouselCollection(collection: Pick<Content, "model_key" | "sub_type" | "uid" | "title">, items: SearchResultItem[]): FooterCarouselCollection {
  return { title: collection.title, uid: collection.uid, link: itemLink(collection), items };
}
