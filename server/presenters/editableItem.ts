import { STANDARDS_TYPE, type AttributeGroupView, type Badge, type CopiedFromDetails, type EditableItem, type Endorsement, type SectionView } from "../../contract/index.js";
import type { Content, ContentSection, ContentThumbnail, ResourceFile } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { badgePolicy, contentObjectPolicy, endorsementPolicy, feedPolicy, permissionPolicy } from "../policies/index.js";
import type { ContentGrantsSubject } from "../policies/contentObject.js";
import { markRemovedItemLinks, retitleItemLinks } from "../lib/itemLinks.js";
import { emptyIfBlank } from "../lib/sanitize.js";
import { expandShortCodes } from "../lib/shortCodes.js";
import { modelTypeInfo } from "./modelTypes.js";
import { keywordsOf } from "./contentTags.js";
import { authorsOf } from "../lib/extraData.js";
import { profileLink } from "./profile.js";
import { presentResourceView } from "./resourceView.js";
import { presentItemThumbnail } from "./thumbnail.js";

/** The link of an item, as search presents it (its view page; the editor is link + "/edit"). */
export const itemLink = (item: Pick<Content, "model_key" | "sub_type" | "uid">): string => `${modelTypeInfo(item.model_key, item.sub_type).path}/${item.uid}`;

/** Reads stored Lexical JSON; a row that does not parse loads from its HTML instead. */
function parseJson(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A stored section; the JSON only goes to those who may edit (viewers read the sanitized HTML). Short codes are
 * expanded here, for the view page only (`view_html`); a link standing alone in its paragraph to an item the reader may view
 * (`linkedTitles`, by uid) shows that item's current title there, and links to items removed since (uids in `removedItems`) are
 * said to be no longer available there: the stored HTML and JSON keep the text the author typed. Text that shows
 * nothing (stored before saves emptied it) is presented as "".
 */
export function presentSection(row: ContentSection, withJson: boolean, removedItems: ReadonlySet<string> = new Set(), linkedTitles: ReadonlyMap<string, string> = new Map()): SectionView {
  const html = emptyIfBlank(row.body_html);
  const viewHtml = markRemovedItemLinks(retitleItemLinks(expandShortCodes(html), linkedTitles), removedItems);
  return { id: row.id, uid: row.uid ?? String(row.id), position: row.position, title: row.title, json: withJson ? parseJson(row.body_json) : null, html, view_html: viewHtml };
}

/** An item (that the actor may view; with its edit grants, so `abilities.edit` counts them) for its view and edit pages, with its owner's page, a resource's authors, where it was copied from, its designed thumbnail and whether the actor favorited it; names every API field. */
export function presentEditableItem(item: Content & { edit_grants?: ContentGrantsSubject }, owner: { name: string; uid: string }, sections: ContentSection[], actor: Actor, extras: { copiedFrom?: CopiedFromDetails | null; thumbnail?: ContentThumbnail; favorite?: boolean; viewsOnlyByLink?: boolean; linkShared?: boolean; endorsements?: Endorsement[]; badges?: Badge[]; resourceFile?: ResourceFile; attributes?: AttributeGroupView[]; productsCount?: number; removedItems?: ReadonlySet<string>; linkedTitles?: ReadonlyMap<string, string> } = {}): EditableItem {
  // A link share lets its holder read the item and nothing more (calls naming it by its id would refuse).
  const byLink = extras.viewsOnlyByLink ?? false;
  const edit = contentObjectPolicy.canEditReached(actor, item, byLink);
  const type = modelTypeInfo(item.model_key, item.sub_type);
  // Only presented to those who may view the item, so the view-based abilities need no grants here.
  return {
    id: item.id,
    uid: item.uid,
    opaque_id: item.opaque_id,
    model_key: item.model_key,
    sub_type: item.sub_type,
    type_name_singular: type.singular,
    title: item.title,
    description: item.description,
    link: itemLink(item),
    visibility: item.visibility,
    owner_data: { profile_id: item.owner_id, name: owner.name, link: profileLink(owner.uid) },
    created_at: item.created_at,
    updated_at: item.updated_at,
    // Authors are a resource's: another item's extra data (copied from a resource's, say) is not shown as its authors.
    extra_data: authorsOf(item.model_key === "resource" ? item.extra_data : null),
    is_new: item.updated_at === item.created_at,
    sections: sections.map((s) => presentSection(s, edit, extras.removedItems, extras.linkedTitles)),
    copied_from_details: extras.copiedFrom ?? null,
    thumbnail: presentItemThumbnail(extras.thumbnail, item.thumb_url),
    favorite: extras.favorite ?? false,
    features: { favorite: type.favorite, collectible: type.collectible, copy: contentObjectPolicy.isCopyable(item), feed: feedPolicy.hasFeed(item) },
    abilities: {
      view: true,
      edit,
      copy: !byLink && contentObjectPolicy.canCopyViewable(actor, item),
      change_owner: contentObjectPolicy.canChangeOwner(actor, item),
      take_ownership: contentObjectPolicy.canTakeOwnership(actor, item),
      manage_permissions: permissionPolicy.canManageShown(actor, item, byLink),
      manage_endorsements: endorsementPolicy.canManageShown(actor, item, byLink),
      manage_badges: badgePolicy.canManage(actor, item, byLink),
      flag: !byLink && contentObjectPolicy.canFlagViewable(actor, item),
      favorite: !byLink && type.favorite && contentObjectPolicy.canFavoriteListed(actor),
      delete: contentObjectPolicy.canDelete(actor, item),
    },
    endorsements: extras.endorsements ?? [],
    badges: extras.badges ?? [],
    viewed_by_link: byLink,
    link_shared: extras.linkShared ?? false,
    has_standards: (extras.attributes ?? []).some((group) => group.type_key === STANDARDS_TYPE && group.items.length > 0),
    tags: { attributes: extras.attributes ?? [], keywords: keywordsOf(item.tags) },
    resource_view: presentResourceView(item, extras.resourceFile, type.singular),
    // The stored flag (the item's pricing, as imports and the demo set it), or sold by an active product now.
    is_fee_based: item.is_fee_based === 1 || (extras.productsCount ?? 0) > 0,
    purchasable_in_products_count: extras.productsCount ?? 0,
    removed_links: [...(extras.removedItems ?? [])],
  };
}
