import { isCollectibleModelKey } from "../../contract/index.js";

/** Display names, icons, link prefixes and features of each model key (and group profiles). */
export interface ModelTypeInfo {
  singular: string;
  plural: string;
  icon: string;
  path: string;
  collectible: boolean;
  favorite: boolean;
}

const info = (singular: string, plural: string, icon: string, path: string, favorite = true) => ({ singular, plural, icon, path, favorite });

/** Per model key; whether its items may be collected is the contract's (COLLECTIBLE_MODEL_KEYS), which the screens read too. */
const byModelKey = (types: Record<string, Omit<ModelTypeInfo, "collectible">>): Record<string, ModelTypeInfo> =>
  Object.fromEntries(Object.entries(types).map(([key, type]) => [key, { ...type, collectible: isCollectibleModelKey(key.split(":")[0]!) }]));

const MODEL_TYPES = byModelKey({
  resource: info("Resource", "Resources", "file-lines", "/resources"),
  lesson_plan: info("Lesson Plan", "Lesson Plans", "chalkboard-user", "/lesson-plans"),
  collection: info("Collection", "Collections", "layer-group", "/collections"),
  outline: info("Outline", "Outlines", "list-tree", "/outlines"),
  project: info("Project", "Projects", "diagram-project", "/projects"),
  pathway: info("Pathway", "Pathways", "route", "/pathways"),
  cms_page: info("Page", "Pages", "newspaper", "/pages"),
  profile: info("Profile", "Profiles", "user", "/profiles"),
  user: info("User", "Users", "user-gear", "/users", false),
  attribute_item: info("Attribute", "Attributes", "tag", "/attributes", false),
});

const SUB_TYPES = byModelKey({
  "profile:group": info("Group", "Groups", "users", "/groups"),
  "cms_page:announcement": info("Announcement", "Announcements", "bullhorn", "/announcements"),
});

/** The type information of a model key, refined by its sub type where one applies. */
export function modelTypeInfo(modelKey: string, subType: string | null): ModelTypeInfo {
  return (subType && SUB_TYPES[`${modelKey}:${subType}`]) || MODEL_TYPES[modelKey] || { ...info("Item", "Items", "file", "/items", false), collectible: false };
}

/** A sub type's display name (Group, Announcement; others as written, capitalized), null without one. */
export function subTypeName(modelKey: string, subType: string | null): string | null {
  if (!subType) return null;
  return SUB_TYPES[`${modelKey}:${subType}`]?.singular ?? subType.replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}
