import { z } from "zod";
import { flag } from "./common.js";

/** Message texts of the icon pickers (first document: "Icon search with no hits: 'Icon type not found'"). */
export const ICON_MESSAGES = {
  notFound: "Icon type not found",
  badStyle: "Unknown icon style.",
  badName: "An icon name is lowercase letters, digits and dashes.",
} as const;

/** The icon styles the first document names, in its order (Light, Regular, Solid, Duotone, Brands), by their prefix. */
export const ICON_STYLES = [
  { value: "fal", label: "Light" },
  { value: "far", label: "Regular" },
  { value: "fas", label: "Solid" },
  { value: "fad", label: "Duotone" },
  { value: "fab", label: "Brands" },
] as const;

export const IconStyle = z.enum(["fal", "far", "fas", "fad", "fab"], ICON_MESSAGES.badStyle);
export type IconStyle = z.infer<typeof IconStyle>;

/** The spec's label of a style (Solid for fas). */
export const iconStyleLabel = (style: IconStyle): string => ICON_STYLES.find((s) => s.value === style)!.label;

/** An icon's name: Font Awesome's, lowercase words joined by dashes (house, book-open, 0). */
export const ICON_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An icon value (first document: "a style (fal, far, fas, fad, fab) and an icon name"); the server also checks it exists. */
export const IconValue = z.strictObject({ style: IconStyle, name: z.string().max(64, ICON_MESSAGES.badName).regex(ICON_NAME_PATTERN, ICON_MESSAGES.badName) }, ICON_MESSAGES.notFound);
export type IconValue = z.infer<typeof IconValue>;

/** One icon of GET /system/icons/supported: its name, label, the styles it is drawn in here and its search terms. */
export const SupportedIcon = z.object({ name: z.string(), label: z.string(), styles: z.array(IconStyle), terms: z.array(z.string()) });
export type SupportedIcon = z.infer<typeof SupportedIcon>;

/** GET /system/icons/supported answers the list itself (first document: "list of icons"). */
export const SupportedIconList = z.array(SupportedIcon);
export type SupportedIconList = z.infer<typeof SupportedIconList>;

/**
 * GET /system/icons/supported's flags: without `all` the list is a curated set of icons common in teaching content,
 * with all=1 every icon; brand icons (style fab) are left out unless brands=1.
 */
export const SupportedIconsQuery = z.object({ all: flag("all"), brands: flag("brands") });

/** Where an icon's SVG is served (relative to the API base). */
export const iconSvgPath = (icon: IconValue): string => `system/icons/${icon.style}/${icon.name}.svg`;

/** True when an icon's name, label or one of its terms holds every word of the search (case-insensitive). */
export function iconMatches(icon: SupportedIcon, search: string): boolean {
  const words = search.toLowerCase().split(/[\s-]+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [icon.name, icon.label.toLowerCase(), ...icon.terms.map((t) => t.toLowerCase())].join(" ");
  return words.every((word) => haystack.includes(word));
}
