import { z } from "zod";
import { IconValue } from "./icons.js";

/** Message texts of the thumbnail designer (quoted from the specification where it names them). */
export const THUMBNAIL_MESSAGES = {
  dialogTitle: "Thumbnail Designer",
  save: "Save Thumbnail",
  presetCreated: "Preset Created",
  presetUpdated: "Preset Updated",
  presetDeleted: "Preset Deleted",
  presetDeleteConfirm: "Are you sure you want to delete this preset?",
  noPresets: "No Presets Found",
  presetNameRequired: "Preset name is required.",
  presetNameTooLong: "Preset name may be at most 100 characters.",
  presetNotOwner: "Only the owner of a preset may change or delete it.",
  presetNotFound: "Preset not found.",
  saved: "Thumbnail saved.",
  notAnImage: "The chosen file must be an image.",
  imageType: "Allowed image types: jpg, jpeg, gif, png, svg.",
  imageContent: "The image's content does not match an allowed image type.",
  imageSquare: "The image must be square (aspect ratio 1).",
  imageSize: "The image must be between 512 and 1024 pixels wide.",
  imageTooLarge: "The image may be at most 5 MB.",
  badSettings: "The thumbnail settings are not valid.",
} as const;

/** The image uploader's rules (second document: image uploader and image crop). */
export const IMAGE_UPLOAD_RULES = {
  extensions: ["jpg", "jpeg", "gif", "png", "svg"],
  minWidth: 512,
  maxWidth: 1024,
  aspectRatio: 1,
  previews: [160, 100, 40],
  jpegQuality: 0.9,
  defaultFill: "#ffffff",
  minZoom: 1 / 3,
  maxZoom: 3,
  maxBytes: 5 * 1024 * 1024,
} as const;

/** True when a chosen file's name and type make it an image the uploader takes (the server checks content too). */
export function isAllowedImageFile(file: { name: string; type: string }): boolean {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return (IMAGE_UPLOAD_RULES.extensions as readonly string[]).includes(ext) && (file.type === "" || file.type.startsWith("image/"));
}

export const OVERLAY_FILTERS = ["none", "blur", "brightness", "contrast", "grayscale", "invert", "sepia", "saturate"] as const;
export type OverlayFilter = (typeof OVERLAY_FILTERS)[number];

/** Default of every designer setting; only settings that differ from these are stored. */
export const THUMBNAIL_DEFAULTS = {
  "default-background-color": "#e8eef5",
  "default-icon-color": "#2f5d8a",
  "hide-default-icon": false,
  /** The icon drawn instead of the content type's own (null: the type's icon). */
  "default-icon": null as IconValue | null,
  "overlay-color": "#222222",
  "overlay-opacity": 0,
  "overlay-filter": "none" as OverlayFilter,
  "overlay-filter-strength": 0.5,
};
export type ThumbnailSettingKey = keyof typeof THUMBNAIL_DEFAULTS;

const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Colors are hex values such as #222222.");
const Unit = z.number().min(0, "Values run from 0 to 1.").max(1, "Values run from 0 to 1.");

/** The designer settings as sent and stored: every key optional (absent means the default), unknown keys refused. */
export const ThumbnailSettings = z.strictObject(
  {
    "default-background-color": HexColor.optional(),
    "default-icon-color": HexColor.optional(),
    "hide-default-icon": z.boolean().optional(),
    "default-icon": IconValue.nullable().optional(),
    "overlay-color": HexColor.optional(),
    "overlay-opacity": Unit.optional(),
    "overlay-filter": z.enum(OVERLAY_FILTERS, "Unknown overlay filter.").optional(),
    "overlay-filter-strength": Unit.optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown thumbnail setting: ${issue.keys.join(", ")}.` : THUMBNAIL_MESSAGES.badSettings) },
);
export type ThumbnailSettings = z.infer<typeof ThumbnailSettings>;

/** Every setting with its default filled in. */
export function resolvedThumbnailSettings(settings: ThumbnailSettings | null | undefined): typeof THUMBNAIL_DEFAULTS {
  return { ...THUMBNAIL_DEFAULTS, ...(settings ?? {}) };
}

/** Only the settings that differ from their defaults (what Save emits and the server stores). */
export function nonDefaultThumbnailSettings(settings: ThumbnailSettings): ThumbnailSettings {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const fallback = THUMBNAIL_DEFAULTS[key as ThumbnailSettingKey];
    if (value !== undefined && (typeof value === "string" && typeof fallback === "string" ? value.toLowerCase() !== fallback.toLowerCase() : value !== fallback)) out[key] = value;
  }
  return out as ThumbnailSettings;
}

/** The CSS filter an overlay filter at a strength (0-1) applies to the thumbnail's image. */
export function thumbnailFilterCss(filter: OverlayFilter, strength: number): string {
  const s = Math.min(1, Math.max(0, strength));
  switch (filter) {
    case "blur":
      return `blur(${(s * 8).toFixed(2)}px)`;
    case "brightness":
      return `brightness(${(1 + s).toFixed(2)})`;
    case "contrast":
      return `contrast(${(1 + s).toFixed(2)})`;
    case "saturate":
      return `saturate(${(1 + 2 * s).toFixed(2)})`;
    case "grayscale":
    case "invert":
    case "sepia":
      return `${filter}(${s.toFixed(2)})`;
    default:
      return "none";
  }
}

/** One setting definition of GET /system/thumbnail-designer/settings: a typed field, optionally shown only when another setting has a value. */
export const ThumbnailSettingDefinition = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(["checkbox", "select", "color", "range", "icon", "text"]),
  tab: z.enum(["image", "theme"]),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  depends_on: z.object({ key: z.string(), not: z.union([z.string(), z.number(), z.boolean()]).optional(), equals: z.union([z.string(), z.number(), z.boolean()]).optional() }).optional(),
});
export type ThumbnailSettingDefinition = z.infer<typeof ThumbnailSettingDefinition>;

export const ThumbnailSettingDefinitions = z.object({ data: z.array(ThumbnailSettingDefinition) });
export type ThumbnailSettingDefinitions = z.infer<typeof ThumbnailSettingDefinitions>;

/** The designer's fields, in the order the dialog shows them. */
export const THUMBNAIL_SETTING_DEFINITIONS: ThumbnailSettingDefinition[] = [
  { key: "default-background-color", label: "Background color", type: "color", tab: "theme", default: THUMBNAIL_DEFAULTS["default-background-color"] },
  { key: "hide-default-icon", label: "Hide default icon", type: "checkbox", tab: "theme", default: false },
  // An icon value ({style, name}) from GET /system/icons/supported; null keeps the content type's icon.
  { key: "default-icon", label: "Icon", type: "icon", tab: "theme", default: null, depends_on: { key: "hide-default-icon", equals: false } },
  { key: "default-icon-color", label: "Icon color", type: "color", tab: "theme", default: THUMBNAIL_DEFAULTS["default-icon-color"], depends_on: { key: "hide-default-icon", equals: false } },
  { key: "overlay-color", label: "Overlay color", type: "color", tab: "theme", default: THUMBNAIL_DEFAULTS["overlay-color"] },
  { key: "overlay-opacity", label: "Overlay opacity", type: "range", tab: "theme", default: 0, min: 0, max: 1, step: 0.05 },
  {
    key: "overlay-filter",
    label: "Image filter",
    type: "select",
    tab: "theme",
    default: "none",
    options: OVERLAY_FILTERS.map((value) => ({ value, label: value === "none" ? "None" : value[0]!.toUpperCase() + value.slice(1) })),
  },
  { key: "overlay-filter-strength", label: "Filter strength", type: "range", tab: "theme", default: 0.5, min: 0, max: 1, step: 0.05, depends_on: { key: "overlay-filter", not: "none" } },
];

/** An item's thumbnail as cards and pages show it (search result item: thumbnail_settings, bool_thumbnail, thumb_url). */
export const ItemThumbnail = z.object({
  thumbnail_settings: ThumbnailSettings.nullable(),
  bool_thumbnail: z.boolean(),
  thumb_url: z.string().nullable(),
});
export type ItemThumbnail = z.infer<typeof ItemThumbnail>;

/**
 * POST {link}/thumbnail (multipart): settings (JSON text of the non-default settings), clear_image ("1" removes
 * the image) and an optional image part (jpg, jpeg, gif, png or svg; square, 512 to 1024 px for raster images).
 */
export const ThumbnailSaveFields = z.object({
  settings: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: THUMBNAIL_MESSAGES.badSettings });
        return z.NEVER;
      }
    })
    .pipe(ThumbnailSettings),
  clear_image: z.enum(["0", "1", "true", "false"], "clear_image is 0 or 1.").optional().transform((v) => v === "1" || v === "true"),
});

export const ThumbnailSaveResponse = z.object({ status: z.literal("success"), message: z.string(), thumbnail: ItemThumbnail });
export type ThumbnailSaveResponse = z.infer<typeof ThumbnailSaveResponse>;

/** A thumbnail preset (second document: id, name, settings, is_owner). */
export const ThumbnailPreset = z.object({ id: z.number(), name: z.string(), settings: ThumbnailSettings, is_owner: z.boolean() });
export type ThumbnailPreset = z.infer<typeof ThumbnailPreset>;

/** GET /system/thumbnail-designer-presets answers the list itself (second document: "(list)"). */
export const ThumbnailPresetList = z.array(ThumbnailPreset);
export type ThumbnailPresetList = z.infer<typeof ThumbnailPresetList>;

/** POST /system/thumbnail-designer-presets and PUT /system/thumbnail-designer-presets/{id}. */
export const ThumbnailPresetRequest = z.object({
  name: z.string(THUMBNAIL_MESSAGES.presetNameRequired).trim().min(1, THUMBNAIL_MESSAGES.presetNameRequired).max(100, THUMBNAIL_MESSAGES.presetNameTooLong),
  settings: ThumbnailSettings.default({}),
});
export type ThumbnailPresetRequest = z.input<typeof ThumbnailPresetRequest>;

export const ThumbnailPresetResponse = z.object({ status: z.literal("success"), message: z.string(), preset: ThumbnailPreset });
export type ThumbnailPresetResponse = z.infer<typeof ThumbnailPresetResponse>;

export const ThumbnailPresetDeleteResponse = z.object({ status: z.literal("success"), message: z.string(), id: z.number() });
