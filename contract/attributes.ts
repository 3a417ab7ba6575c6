import { z } from "zod";
import { MAX_ID, MESSAGES } from "./common.js";

/** The attribute type that holds standards (framework > domain > standard). */
export const STANDARDS_TYPE = "standards";

/** Standards search: minimum term length (second document, section 9) and the page of hits. */
export const STANDARD_SEARCH_MIN = 2;
export const STANDARD_SEARCH_MAX = 100;
export const STANDARD_SEARCH_LIMIT = 50;
/** At most this many ids in one attribute or standards call. */
export const ATTRIBUTE_IDS_MAX = 500;
/** The most characters a write-in ("Other") value takes when its type names no maximum, and the most any type may name. */
export const OTHER_VALUE_MAX = 255;

/** Message texts of the attribute calls. */
export const ATTRIBUTE_MESSAGES = {
  idsInvalid: "ids must be positive integers.",
  idsTooMany: `At most ${ATTRIBUTE_IDS_MAX} ids may be asked for at once.`,
  typeInvalid: "The attribute type must be a type key (e.g. grades) or a type id.",
  typesRequired: "types must list at least one attribute type key.",
  unknownType: (key: string) => `Unknown attribute type: ${key}.`,
  unknownModelKey: (key: string) => `Unknown model key: ${key}.`,
  unknownParent: "The parent attribute was not found.",
  lookupType: "type must be 'standard' or 'attributes'.",
  searchType: "type must be 'standard'.",
  standardSearchMin: MESSAGES.minChars(STANDARD_SEARCH_MIN),
  standardSearchMax: `The search term may be at most ${STANDARD_SEARCH_MAX} characters.`,
} as const;

/**
 * Reads a list of ids in any shape the clients send: a JSON array, a single value,
 * "1,2" or ids[]=1&ids[]=2 (numeric strings become numbers; other values fail validation).
 */
const toIdList = (v: unknown): unknown[] => {
  if (v === undefined || v === null || v === "") return [];
  const list = Array.isArray(v) ? v : typeof v === "object" ? Object.values(v) : [v];
  return list
    .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
    .map((x) => (typeof x === "string" && /^\s*\d{1,12}\s*$/.test(x) ? Number(x) : x));
};

const attributeId = z
  .number({ error: ATTRIBUTE_MESSAGES.idsInvalid })
  .int(ATTRIBUTE_MESSAGES.idsInvalid)
  .positive(ATTRIBUTE_MESSAGES.idsInvalid)
  .max(MAX_ID, ATTRIBUTE_MESSAGES.idsInvalid);

/** A list of attribute item ids (at most ATTRIBUTE_IDS_MAX). */
export const AttributeIdList = z.preprocess(toIdList, z.array(attributeId).max(ATTRIBUTE_IDS_MAX, ATTRIBUTE_MESSAGES.idsTooMany));

const typeKey = z.string({ error: ATTRIBUTE_MESSAGES.typeInvalid }).regex(/^[a-z][a-z0-9_]{0,63}$/, ATTRIBUTE_MESSAGES.typeInvalid);

/** GET /attributes/tree/{attributeType}: a type key or a numeric type id. */
export const AttributeTypeParam = z.union([typeKey, z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number).pipe(attributeId)], {
  error: ATTRIBUTE_MESSAGES.typeInvalid,
});
export type AttributeTypeParam = z.output<typeof AttributeTypeParam>;

/** GET /attributes/tree/{attributeType} query: parent_id for a node's children (lazy loading). */
export const AttributeTreeQuery = z.object({
  parent_id: z.preprocess((v) => (typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : v), attributeId.optional()),
});
export type AttributeTreeQuery = z.input<typeof AttributeTreeQuery>;

/**
 * POST /attributes/getTreeByType/: the attribute type keys whose whole trees are wanted: the body is their list
 * (second document), or an object with it as `types` (a list, or a comma list).
 */
export const TreeByTypeRequest = z.preprocess(
  (body) => (Array.isArray(body) ? { types: body } : body),
  z.object({
    types: z.preprocess((v) => (typeof v === "string" ? v.split(",") : v), z.array(typeKey, { error: ATTRIBUTE_MESSAGES.typesRequired }).min(1, ATTRIBUTE_MESSAGES.typesRequired).max(20)),
  }),
);
export type TreeByTypeRequest = z.input<typeof TreeByTypeRequest>;

/** POST /attributes/tree: items (with their ancestors) as trees per type. */
export const TreeByIdsRequest = z.object({ attribute_id: AttributeIdList });
export type TreeByIdsRequest = z.input<typeof TreeByIdsRequest>;

/** POST /attributes/getMultipleItemByIds. */
export const ItemsByIdsRequest = z.object({
  type: z.enum(["standard", "attributes"], { error: ATTRIBUTE_MESSAGES.lookupType }),
  ids: AttributeIdList,
});
export type ItemsByIdsRequest = z.input<typeof ItemsByIdsRequest>;

/** POST /attributes/getMultipleItemBySearchTerm: leaf standards whose code or text matches st. */
export const StandardSearchRequest = z.object({
  type: z.literal("standard", { error: ATTRIBUTE_MESSAGES.searchType }),
  st: z
    .string({ error: ATTRIBUTE_MESSAGES.standardSearchMin })
    .trim()
    .min(STANDARD_SEARCH_MIN, ATTRIBUTE_MESSAGES.standardSearchMin)
    .max(STANDARD_SEARCH_MAX, ATTRIBUTE_MESSAGES.standardSearchMax),
});
export type StandardSearchRequest = z.input<typeof StandardSearchRequest>;

/** GET /standards/selected?ids[]=1&ids[]=2 (or ids=1,2). */
export const SelectedStandardsQuery = z.object({ ids: AttributeIdList });
export type SelectedStandardsQuery = z.input<typeof SelectedStandardsQuery>;

/** The fields every attribute item carries (second document: attr_item_id, label, children). */
const attributeItemFields = {
  id: z.number(),
  attr_item_id: z.number(),
  name: z.string(),
  label: z.string(),
  type_id: z.number(),
  parent_id: z.number().nullable(),
  sort_order: z.number(),
  slug: z.string(),
  description: z.string().nullable(),
  short_name: z.string().nullable(),
  has_children: z.boolean(),
};

/** An attribute item whose children are ids, loaded on demand. */
export const AttributeItem = z.object({ ...attributeItemFields, children: z.array(z.number()) });
export type AttributeItem = z.infer<typeof AttributeItem>;

/** An attribute item with its children nested. */
export interface AttributeTreeNode extends Omit<AttributeItem, "children"> {
  children: AttributeTreeNode[];
}
export const AttributeTreeNode: z.ZodType<AttributeTreeNode> = z.object({
  ...attributeItemFields,
  get children() {
    return z.array(AttributeTreeNode);
  },
});

/** Attribute type configuration for a model key (first document: attribute type configuration per model key). */
export const AttributeTypeConfig = z.object({
  type_id: z.number(),
  type_name: z.string(),
  key: z.string(),
  leaf_only: z.boolean(),
  select_all: z.boolean(),
  single: z.boolean(),
  none_option: z.string().nullable(),
  show_full_tree: z.boolean(),
  show_info: z.boolean(),
  show_description: z.boolean(),
  cols: z.number(),
  searchable: z.boolean(),
  /** The type offers a write-in ("Other") field beside its tree; then its placeholder and the most characters it takes. */
  show_other: z.boolean(),
  other_placeholder: z.string().nullable(),
  other_max_length: z.number().nullable(),
});
export type AttributeTypeConfig = z.infer<typeof AttributeTypeConfig>;

/** A standard (second document): code, text, label and the framework it belongs to. */
export const Standard = z.object({
  id: z.number(),
  short_name: z.string().nullable(),
  text: z.string(),
  label: z.string(),
  root_standard_name: z.string(),
  acronym: z.string().nullable(),
});
export type Standard = z.infer<typeof Standard>;

/** Selected standards of one framework, for the view-standards dialog's accordion. */
export const StandardGroup = z.object({
  root: z.object({ id: z.number(), name: z.string(), acronym: z.string().nullable() }),
  standards: z.array(Standard),
});
export type StandardGroup = z.infer<typeof StandardGroup>;

export const AttributeConfigResponse = z.array(AttributeTypeConfig);
export type AttributeConfigResponse = z.infer<typeof AttributeConfigResponse>;

export const AttributeTreeResponse = z.array(AttributeItem);
export type AttributeTreeResponse = z.infer<typeof AttributeTreeResponse>;

/** POST /attributes/getTreeByType/ and POST /attributes/tree: trees by type key. */
export const TreesByTypeResponse = z.object({
  status: z.literal("success"),
  arrObjResponse: z.record(z.string(), z.array(AttributeTreeNode)),
});
export type TreesByTypeResponse = z.infer<typeof TreesByTypeResponse>;

/** POST /attributes/getMultipleItemByIds: standards for type 'standard', attribute items otherwise. */
export const ItemsByIdsResponse = z.object({
  status: z.literal("success"),
  arrObjResponse: z.union([z.array(Standard), z.array(AttributeItem)]),
});
export type ItemsByIdsResponse = z.infer<typeof ItemsByIdsResponse>;

export const StandardSearchResponse = z.object({ status: z.literal("success"), arrObjResponse: z.array(Standard) });
export type StandardSearchResponse = z.infer<typeof StandardSearchResponse>;

export const SelectedStandardsResponse = z.object({ status: z.literal("success"), arrObjResponse: z.array(StandardGroup) });
export type SelectedStandardsResponse = z.infer<typeof SelectedStandardsResponse>;
