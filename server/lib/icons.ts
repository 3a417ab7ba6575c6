import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ICON_MESSAGES, type IconStyle, type IconValue, type SupportedIcon, type ThumbnailSettings } from "../../contract/index.js";
import { HttpError } from "./errors.js";

/**
 * The icons this server supports: Font Awesome Free's (solid, regular and brands; Light and Duotone are Pro and
 * absent), read once from the package's metadata on first use and kept in memory.
 */
const require = createRequire(import.meta.url);

/** The package's folder (its metadata and svgs/ live there). */
const packageDir = () => path.dirname(require.resolve("@fortawesome/fontawesome-free/package.json"));

/** A free style of the package as the spec's prefix, and the svgs/ folder that draws it. */
const FREE_STYLES: Record<string, { prefix: IconStyle; folder: string }> = {
  solid: { prefix: "fas", folder: "solid" },
  regular: { prefix: "far", folder: "regular" },
  brands: { prefix: "fab", folder: "brands" },
};
const FOLDER_OF: Partial<Record<IconStyle, string>> = Object.fromEntries(Object.values(FREE_STYLES).map((s) => [s.prefix, s.folder]));

/**
 * The curated set GET /system/icons/supported answers without all=1: icons for teaching content (subjects, school,
 * media, people, actions) and the brands of the services resources come from. A name the package lacks is skipped.
 */
const COMMON_ICONS = [
  "book", "book-open", "book-open-reader", "bookmark", "graduation-cap", "school", "chalkboard", "chalkboard-user", "user-graduate", "pencil", "pen", "pen-ruler",
  "ruler", "eraser", "highlighter", "paperclip", "clipboard", "clipboard-list", "list-check", "list", "file", "file-lines", "file-pdf", "file-video",
  "file-audio", "file-image", "folder", "folder-open", "note-sticky", "newspaper", "calendar", "calendar-days", "clock", "hourglass", "bell", "flag",
  "flask", "vial", "atom", "microscope", "dna", "magnet", "bolt", "fire", "water", "droplet", "leaf", "seedling", "tree", "sun", "moon", "star",
  "cloud", "snowflake", "mountain", "earth-americas", "globe", "map", "compass", "location-dot", "route", "landmark", "building-columns", "scale-balanced",
  "gavel", "calculator", "square-root-variable", "infinity", "percent", "shapes", "cube", "chart-line", "chart-bar", "chart-pie", "table", "code", "laptop",
  "laptop-code", "computer", "mobile-screen", "robot", "gears", "gear", "wrench", "screwdriver-wrench", "hammer", "lightbulb", "brain", "puzzle-piece",
  "palette", "paintbrush", "music", "guitar", "masks-theater", "camera", "image", "video", "film", "headphones", "microphone", "podcast", "language",
  "comments", "comment", "message", "envelope", "users", "user", "people-group", "handshake", "heart", "heart-pulse", "stethoscope", "apple-whole",
  "carrot", "utensils", "person-running", "futbol", "basketball", "bicycle", "car", "bus", "plane", "rocket", "ship", "house", "city", "industry",
  "briefcase", "money-bill", "coins", "piggy-bank", "cart-shopping", "store", "trophy", "medal", "award", "certificate", "circle-check", "circle-question",
  "circle-info", "triangle-exclamation", "magnifying-glass", "link", "download", "upload", "play", "gamepad", "dice", "chess", "layer-group", "tag",
  "youtube", "vimeo", "google", "google-drive", "microsoft", "apple", "android", "github", "wikipedia-w",
];

interface IconCatalogue {
  /** Every supported icon, by name order. */
  all: SupportedIcon[];
  byName: Map<string, SupportedIcon>;
  common: Set<string>;
}

let catalogue: IconCatalogue | null = null;

type FamilyEntry = { label?: string; search?: { terms?: unknown[] }; familyStylesByLicense?: { free?: { family: string; style: string }[] } };

/** Reads the package's icon-families.json (the JSON form of its metadata) once, keeping only what the list needs. */
function loadCatalogue(): IconCatalogue {
  const raw = JSON.parse(fs.readFileSync(path.join(packageDir(), "metadata", "icon-families.json"), "utf8")) as Record<string, FamilyEntry>;
  const all: SupportedIcon[] = [];
  for (const [name, entry] of Object.entries(raw)) {
    const styles = (entry.familyStylesByLicense?.free ?? []).filter((f) => f.family === "classic" && FREE_STYLES[f.style]).map((f) => FREE_STYLES[f.style]!.prefix);
    if (!styles.length) continue;
    const terms = (entry.search?.terms ?? []).map(String);
    all.push({ name, label: entry.label ?? name, styles: [...new Set(styles)], terms });
  }
  all.sort((a, b) => a.name.localeCompare(b.name));
  return { all, byName: new Map(all.map((icon) => [icon.name, icon])), common: new Set(COMMON_ICONS) };
}

function icons(): IconCatalogue {
  return (catalogue ??= loadCatalogue());
}

/** The supported icons: the curated common set, or every icon with `all`; brand icons only with `brands`. */
export function supportedIcons({ all, brands }: { all: boolean; brands: boolean }): SupportedIcon[] {
  const { all: every, common } = icons();
  return every
    .filter((icon) => all || common.has(icon.name))
    .map((icon) => (brands ? icon : { ...icon, styles: icon.styles.filter((s) => s !== "fab") }))
    .filter((icon) => icon.styles.length > 0);
}

/** True when the icon exists here in that style. */
export function isSupportedIcon(icon: IconValue): boolean {
  return icons().byName.get(icon.name)?.styles.includes(icon.style) ?? false;
}

/** The SVG file of a supported icon, or null (so a name never reaches the file system unchecked). */
export function iconSvgFile(icon: IconValue): string | null {
  if (!isSupportedIcon(icon)) return null;
  return path.join(packageDir(), "svgs", FOLDER_OF[icon.style]!, `${icon.name}.svg`);
}

/** Refuses (422 'Icon type not found') thumbnail settings whose icon this server does not have. */
export function checkSettingsIcon(settings: ThumbnailSettings): void {
  const icon = settings["default-icon"];
  if (icon && !isSupportedIcon(icon)) throw new HttpError(422, ICON_MESSAGES.notFound, { "settings.default-icon": [ICON_MESSAGES.notFound] });
}
