import type { SearchResultItem } from "../../contract/index.js";
import type { Content } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import type { ContentGrantsSubject } from "../policies/contentObject.js";
import { contentObjectPolicy, groupPolicy } from "../policies/index.js";
import { modelTypeInfo, subTypeName } from "./modelTypes.js";
import { presentItemThumbnail } from "./thumbnail.js";

/**
 * A content row as the search reads it (models/content.ts selectCardRows), with its owner's name, its designed
 * thumbnail's key and settings (null when none), how many active products unlock it, its grade bands, and for a group
 * how one joins it.
 */
export type ContentCardRow = Pick<
  Content,
  "id" | "uid" | "opaque_id" | "model_key" | "sub_type" | "title" | "description" | "thumb_url" | "owner_id" | "profile_id" | "visibility" | "is_fee_based" | "created_at" | "updated_at"
> & {
  owner_name: string;
  designed_image_key: string | null;
  designed_settings: string | null;
  products_count: number | string | null;
  /** For a group's page, its group's join permission and can_request_join (null otherwise). */
  join_permission: number | null;
  can_request_join: number | null;
  /** The item's grade bands (`models/gradeBands.ts` `withGradeBands`, read for the answered cards only). */
  grade_bands: string[];
};

const excerpt = (text: string, max = 300) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Presents a content row the actor may view (search lists only those) as a result card, with its designed thumbnail; names every API field. */
export function presentContentCard(row: ContentCardRow, actor: Actor, favorite: boolean, editGrants?: ContentGrantsSubject): SearchResultItem {
  const type = modelTypeInfo(row.model_key, row.sub_type);
  const designed = row.designed_settings === null ? undefined : { image_key: row.designed_image_key, settings: row.designed_settings };
  const thumbnail = presentItemThumbnail(designed, row.thumb_url);
  const link = `${type.path}/${row.uid}`;
  return {
    id: row.id,
    model_key: row.model_key as SearchResultItem["model_key"],
    uid: row.uid,
    opaque_id: row.opaque_id,
    title: row.title,
    name: row.title,
    link,
    preview_link: `${link}/preview`,
    description: excerpt(row.description),
    thumb_url: thumbnail.thumb_url,
    thumb_url_medium: thumbnail.thumb_url,
    thumbnail: thumbnail.thumb_url,
    thumbnail_settings: thumbnail.thumbnail_settings,
    bool_thumbnail: thumbnail.bool_thumbnail,
    thumbnail_contain: false,
    owner_data: { profile_id: row.owner_id, name: row.owner_name },
    ...perTypeId(row),
    tracking_snippet: null,
    thumb_key: row.designed_image_key,
    purchasable_in_products_count: Number(row.products_count ?? 0),
    favorite,
    is_owner: contentObjectPolicy.isOwner(actor, row),
    is_fee_based: row.is_fee_based === 1,
    sub_type: row.sub_type,
    created_at: row.created_at,
    updated_at: row.updated_at,
    common: {
      features: { collectible: type.collectible, favorite: type.favorite, "designed-thumbnails": true },
      type_name: type.plural,
      type_name_singular: type.singular,
      type_name_display: type.singular,
      sub_type_name: subTypeName(row.model_key, row.sub_type),
      grade_bands: row.grade_bands,
      icon: type.icon,
      title: row.title,
    },
    abilities: { view: true, favorite: type.favorite && contentObjectPolicy.canFavoriteListed(actor), edit: contentObjectPolicy.canEdit(actor, { ...row, edit_grants: editGrants }) },
  };
}

/** The first document's per-type id of a card: a group's or user's profile id, the item's own id for resources, pages and attributes. */
function perTypeId(row: ContentCardRow): Partial<SearchResultItem> {
  switch (row.model_key) {
    case "resource":
      return { resource_id: row.id };
    case "cms_page":
      return { page_id: row.id };
    case "attribute_item":
      return { attr_item_id: row.id };
    case "profile": {
      const isGroup = row.sub_type === "group";
      const mode = isGroup ? groupPolicy.joinMode({ joinPermission: row.join_permission, canRequestJoin: Boolean(row.can_request_join) }) : null;
      return { profile_id: row.profile_id ?? row.id, is_group: isGroup, ...(mode ? { join_mode: mode } : {}) };
    }
    case "user":
      return { user_id: row.profile_id ?? row.id };
    default:
      return {};
  }
}
