import { z } from "zod";
import { ForgotRequest, InitializeData, MessageResponse, ProvidersResponse, RegisterRequest, ResetPasswordRequest, SignInErrorBody, SignInRequest, SignInResponse } from "./auth.js";
import {
  AttributeConfigResponse,
  AttributeTreeResponse,
  ItemsByIdsRequest,
  ItemsByIdsResponse,
  SelectedStandardsResponse,
  StandardSearchRequest,
  StandardSearchResponse,
  TreeByIdsRequest,
  TreeByTypeRequest,
  TreesByTypeResponse,
} from "./attributes.js";
import { AccountResponse, AccountWriteResponse, ChangeEmailRequest, ChangePasswordRequest, ConfirmEmailRequest, ConfirmEmailResponse } from "./account.js";
import { ErrorBody } from "./common.js";
import { SupportedIconList } from "./icons.js";
import { AnnouncementInput, AnnouncementSaveResponse, AnnouncementsResponse, ManagedAnnouncementsResponse } from "./announcements.js";
import { ShortCodePreviewRequest, ShortCodePreviewResponse } from "./shortCodes.js";
import { ImageDownloadRequest, ImageSearchRequest, ImageSearchResponse } from "./imageSearch.js";
import { I18N_GROUPS } from "./i18n.js";
import { MeetingDetails, ZoomErrorBody, ZoomMeetingRequest, ZoomUserResponse, ZoomUserSettingsResponse } from "./zoom.js";
import { CheckoutForm, CheckoutResponse, ManagedProductsResponse, OrderResponse, OrdersResponse, OrderUpdateResponse, ProductInput, ProductSaveResponse } from "./checkout.js";
import { InterceptorInput, InterceptorResponseAnswer, InterceptorSaveResponse, ManagedInterceptorsResponse, PendingInterceptorsResponse } from "./interceptors.js";
import { FeaturedCollectionChoice, FooterCarouselCollection, ManagedNewsItem, ManagedNewsResponse, NewsItemInput, NewsResponse } from "./carousels.js";
import { EndorsementsResponse, EndorsementsSaveRequest } from "./endorsements.js";
import { BadgesResponse, BadgesSaveRequest } from "./badges.js";
import { AttachmentUploadResponse } from "./attachments.js";
import { EditorImageResponse } from "./editorImages.js";
import { MarkNotificationsRead, NotificationList, NotificationSettingsRequest, NotificationSettingsResponse, NotificationSettingsSaved, UnreadNotifications } from "./notifications.js";
import { FeedFeedbackRequest, FeedPage, FeedPost, FeedPostCreateRequest, FeedPostDeleteResponse, FeedPostFlagRequest, FeedPostUpdateRequest, GroupJoinPermissionRequest, GroupJoinRequestResponse, GroupMemberAddRequest, GroupMemberRoleRequest, GroupMembersResponse, GroupMembershipResponse } from "./feeds.js";
import { ContactMessagesResponse, ContactRequest, ContactResponse } from "./contact.js";
import { ReportUpdate, ReportUpdateResponse, ReportsResponse } from "./moderation.js";
import {
  SectionCommentCreate,
  SectionCommentDelete,
  SectionCommentDeleteResponse,
  SectionCommentResponse,
  SectionCommentUpdate,
  SectionThreadResponse,
  SectionThreadStatusResponse,
  SectionThreadStatusUpdate,
  SectionThreadsResponse,
  RemovedSectionThreadsResponse,
} from "./sectionComments.js";
import { InstitutionAutocomplete, ProfileImageResponse, ProfileUpdateRequest, ProfileUpdateResponse, ProfileView } from "./profiles.js";
import { GuidedTour, TourUpdateRequest } from "./guidedTours.js";
import {
  Comment,
  CommentCreateRequest,
  CommentDeleteResponse,
  CommentFeedbackCounts,
  CommentFeedbackRequest,
  CommentFlagRequest,
  CommentHistoryList,
  CommentList,
  CommentRef,
  CommentSubscribeRequest,
  CommentSubscribeResponse,
  CommentUpdateRequest,
  ThreadBulkRequest,
  ThreadBulkResponse,
  ThreadPermissionRequest,
  ThreadSummary,
  Thread,
  DiscussionList,
  ThreadSummaryBulkRequest,
  ThreadSummaryBulkResponse,
} from "./discussions.js";
import { AccessDetailsResponse, AccessRequest, AccessRequestResponse, AddLinkShareRequest, AddLinkShareResponse, InviteAcceptRequest, InviteAcceptResponse, PermissionsResponse, PermissionsSaveRequest, RecommendRequest, RecommendResponse } from "./permissions.js";
import { CollectionItemsList, CollectionItemsRequest, CollectionItemsResponse, CollectionsFindResponse } from "./collections.js";
import { CopyRequest, CopyResponse, FlagRequest, MoreInfoResponse, OwnerChangeRequest, QuickInfoResponse, RelatedContentResponse, StatusMessageResponse } from "./contentActions.js";
import { CollectionCreateRequest, CollectionCreateResponse, GroupCreateRequest, GroupCreateResponse, GroupPermissionOptions } from "./create.js";
import { AppConfig } from "./config.js";
import { ContentUpdateRequest, ContentUpdateResponse, EditableItem, LockResponse, UnlockRequest, UpdateLockRequest } from "./editor.js";
import { ContentTags, ContentTagsRequest, ContentTagsResponse } from "./tagging.js";
import { FavoriteRequest, FavoriteResponse } from "./favorites.js";
import { CurriculumStartRequest, CurriculumStartResponse, TemplateDetail, TemplateUpdateRequest, TemplateUpdateResponse, TemplatesQuery, TemplatesResponse } from "./curriculum.js";
import { ResourceCreateResponse, ResourceShareOptions, ResourceSourceRequest, ResourceSourceResponse, resourceCreateRequest } from "./resource.js";
import { LegacySearchResponse, ProviderAutocomplete, SearchResponse } from "./search.js";
import { PageBlockRequest } from "./pageBlocks.js";
import { ExportQuery } from "./export.js";
import { BulkImport, ImportSettingsRequest, ImportUploadResponse, ImportedItems, OwnerAutocomplete, UserMappingsRequest } from "./bulkImport.js";
import {
  ItemThumbnail,
  ThumbnailPresetDeleteResponse,
  ThumbnailPresetList,
  ThumbnailPresetRequest,
  ThumbnailPresetResponse,
  ThumbnailSaveResponse,
  ThumbnailSettingDefinitions,
} from "./thumbnail.js";

interface Operation {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  request?: z.ZodType;
  query?: { name: string; description: string; array?: boolean }[];
  /** The success answer's body (none with a 204). */
  response: z.ZodType;
  /** The success status, when not 200 (a creation's 201; 204, no content). */
  status?: number;
  errors?: number[];
  /** The errors' body, when not ErrorBody (POST /auth answers the spec's errors[] list). */
  errorBody?: z.ZodType;
  /** The request is multipart/form-data (an upload) rather than JSON. */
  multipart?: boolean;
}

const SEARCH_QUERY: Operation["query"] = [
  { name: "query", description: "Search term (alias st); runs when empty or at least 3 characters; lowercased." },
  { name: "sort", description: "Sort code 1, -1, 2, -2, 3, -3 or title_lsort_asc, title_lsort_desc, updated_at_asc, updated_at_desc (alias s). Relevance when omitted with a term." },
  { name: "page", description: "Page number, from 1." },
  { name: "per", description: "Page size, default 15, at most 100 (alias limit)." },
  { name: "types", description: "Search types (tabs), alias f[t][]; an unknown one is a 422.", array: true },
  { name: "subTypes", description: "Sub types, alias f[st][]; one that no search type has is a 422.", array: true },
  { name: "_types", description: "Model types, alias f[_types][].", array: true },
  { name: "other", description: "mine, favorites, open, restricted (alias f[others][]).", array: true },
  { name: "owners", description: "Owner profile ids, alias f[owners][].", array: true },
  { name: "publishers", description: "Publisher profile ids, alias f[publishers][].", array: true },
  { name: "created_from", description: "Created on or after YYYY-MM-DD (alias from)." },
  { name: "created_to", description: "Created on or before YYYY-MM-DD (alias to)." },
  ...["grades", "standards", "subjects", "industries", "professionalRoles", "resourceCategories", "contentPricing", "grouptypes"].map((name) => ({
    name,
    description: "Attribute item ids (also accepted in the screen's snake_case form with [], e.g. professional_roles[]).",
    array: true,
  })),
  { name: "as_profile", description: "Admins only: search as this profile id." },
  { name: "ignore_permissions", description: "Admins only: 1 to list everything (yes-or-no values: 1/0, true/false, on/off, yes/no; anything else is a 422)." },
  { name: "facets", description: "0 (or false, off, no) to skip the counts per filter value." },
  { name: "f", description: "The bracketed filters may also come nested under f (f[grades][], f[provider][], ...); a key under f the search does not read is a 422. At most 500 query parameters (400 past that)." },
];

/** Every documented call. */
export const OPERATIONS: Operation[] = [
  { method: "get", path: "/getInitializeData", summary: "The signed-in profile (or null) with its permissions map, and the CSRF token for writes.", response: InitializeData },
  { method: "get", path: "/app/config", summary: "Application configuration, feature flags and search types.", response: AppConfig },
  { method: "get", path: "/providers", summary: "Single sign-on providers.", response: ProvidersResponse },
  { method: "post", path: "/auth", summary: "Sign in with username and password. 401 with errors[] on bad credentials, 422 on missing fields, 429 when rate limited. An account that signs in with single sign-on gets redirect (GET /auth/sso/{provider}: a 302 to the provider; its callback signs in and returns, or goes to /auth/login?sso_error=...) with remember_key, heading, message and cta.", request: SignInRequest, response: SignInResponse, errors: [401, 403, 422, 429], errorBody: SignInErrorBody },
  { method: "post", path: "/auth/register", summary: "Create a member account and sign it in. 422 with field errors (e.g. a taken username).", request: RegisterRequest, response: SignInResponse, errors: [403, 422, 429], errorBody: ErrorBody.extend({ errors: z.union([ErrorBody.shape.errors, SignInErrorBody.shape.errors]) }) },
  { method: "get", path: "/auth/sso/{provider}", summary: "Starts single sign-on with a configured OpenID provider (302 to the provider; authorization code with PKCE S256, state and nonce). Optional query redirect: a same-origin path to return to.", response: z.object({}), errors: [404] },
  { method: "get", path: "/auth/sso/{provider}/callback", summary: "The provider's return: signs in (creating a member on first sign-in) and redirects (302) to the saved path or /search/; any failure redirects to /auth/login?sso_error=...", response: z.object({}), errors: [404] },
  { method: "post", path: "/auth/logout", summary: "Sign out.", response: z.object({}) },
  { method: "post", path: "/auth/forgot", summary: "Ask for password-reset instructions. The answer is the same whether or not an account has the address (case-insensitive); each account with it and a password (not SSO-only ones) is mailed, after the answer, a link {PUBLIC_URL}/auth/reset?token=... that works once for one hour. 422 for a malformed address, 429 when rate limited.", request: ForgotRequest, response: MessageResponse, errors: [422, 429] },
  { method: "post", path: "/auth/reset", summary: "Sets a new password with the token of a reset mail (the password rules of registration). The token is used up, with every other reset token of the account, and every session of the account ends; it does not sign in (the page sends the person to sign in). 400 when the token is unknown, used or expired; 422 with the field's message; 429 when rate limited.", request: ResetPasswordRequest, response: MessageResponse, errors: [400, 422, 429] },
  { method: "get", path: "/api/account", summary: "The signed-in person's own account for the Account settings page: username, e-mail address and whether it is confirmed, the address asked for and not confirmed yet, whether the account has a password (false: it signs in only through its identity provider, named in sso_provider). Nobody else's address is ever answered. 401 guests.", response: AccountResponse, errors: [401] },
  { method: "post", path: "/api/account/password", summary: "Changes the signed-in person's password: current_password is checked as sign-in checks it (a wrong one is 422 on that field; failures count against POST /auth's per-minute allowance, 429 past it), password follows registration's rules. The new hash is stored, the account's reset links end and every other session of the account ends; this one stays signed in. 403 for an account that signs in only through single sign-on (its provider manages the password); 401 guests.", request: ChangePasswordRequest, response: AccountWriteResponse, errors: [401, 403, 422, 429] },
  { method: "post", path: "/api/account/email", summary: "Asks for a new e-mail address. Nothing changes yet: the address is kept as pending (the previous pending one is dropped) and mailed a link {PUBLIC_URL}/account/confirm-email?token=... that works once for 24 hours; the current address, if any, is told that a change was asked for. current_password is required (422 on that field, wrong or missing) for an account with a password, unless the address is the current one (which resends its confirmation link). An address another account uses is accepted, as registration accepts it. 401 guests, 422 with the field's message, 429 when rate limited.", request: ChangeEmailRequest, response: AccountWriteResponse, errors: [401, 422, 429] },
  { method: "post", path: "/api/account/confirm-email", summary: "Confirms an address with the token of its mailed link, for whoever opens it, signed in or not (the token is the proof: it reached that mailbox; it signs no one in). The address becomes the account's, confirmed (email_verified_at), and the account's reset links end. 400 when the token is unknown, used or expired; 422 when it is missing; 429 when rate limited.", request: ConfirmEmailRequest, response: ConfirmEmailResponse, errors: [400, 422, 429] },
  { method: "get", path: "/api/search", summary: "The main search screen's call: a page of results, the total, counts per filter value and a 'Did you mean' suggestion.", query: SEARCH_QUERY, response: SearchResponse, errors: [400, 401, 403, 422] },
  { method: "post", path: "/search", summary: "Search (first document): st, f (_types, other, types, provider), s, limit, page, other, only_mine, includeSignedIds; read as GET /api/search reads its parameters. A JSON body or a form (a multipart body is a 415).", request: z.record(z.string(), z.unknown()), response: LegacySearchResponse, errors: [401, 403, 415, 422] },
  { method: "post", path: "/pages/block/{name}", summary: "A content block's items a page at a time (the View All modal; name: content): settings (profile_id or group_id: items that profile or group owns), block (a list of filters, each an object of the search's f names to values), page, per (default 12), st; titles A to Z unless a term ranks them. Answered as POST /search, under the search's rules and permissions. 404 for an unknown block name.", request: PageBlockRequest, response: LegacySearchResponse, errors: [404, 422] },
  { method: "get", path: "/api/search/find-providers", summary: "The provider filter's autocomplete: publishers whose name holds st (at least 3 characters), among those publishing something the asker may see; at most 30, by name. Their profile_id goes in f[provider][] (publishers[]).", query: [{ name: "st", description: "Part of the name, 3 to 80 characters." }], response: ProviderAutocomplete, errors: [422] },
  { method: "post", path: "/profile/favorite", summary: "Set a favorite (value true/false) or toggle it (value omitted); answers with the final value.", request: FavoriteRequest, response: FavoriteResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/attributes/config/{modelKey}", summary: "The attribute type configuration (picker settings per type) for a content model key, e.g. resource. 404 for an unknown model key.", response: AttributeConfigResponse, errors: [404] },
  {
    method: "get",
    path: "/attributes/tree/{attributeType}",
    summary: "Top-level items of an attribute type (type key such as grades, or type id) with child ids; parent_id lists that item's children instead (lazy loading). 404 for an unknown type or parent.",
    query: [{ name: "parent_id", description: "An item of this type whose children are wanted." }],
    response: AttributeTreeResponse,
    errors: [404, 422],
  },
  { method: "post", path: "/attributes/getTreeByType/", summary: "Whole nested trees of the given attribute type keys, by type key.", request: TreeByTypeRequest, response: TreesByTypeResponse, errors: [403, 422] },
  { method: "post", path: "/attributes/tree", summary: "The given items with their ancestors, as nested trees by type key.", request: TreeByIdsRequest, response: TreesByTypeResponse, errors: [403, 422] },
  { method: "post", path: "/attributes/getMultipleItemByIds", summary: "Items by id: standards (with code, label, framework and acronym) for type 'standard', attribute items for 'attributes'.", request: ItemsByIdsRequest, response: ItemsByIdsResponse, errors: [403, 422] },
  { method: "post", path: "/attributes/getMultipleItemBySearchTerm", summary: "Leaf standards whose code or text contains st (at least 2 characters), at most 50.", request: StandardSearchRequest, response: StandardSearchResponse, errors: [403, 422] },
  {
    method: "get",
    path: "/standards/selected",
    summary: "The given standards grouped by framework, for the view-standards dialog.",
    query: [{ name: "ids", description: "Standard ids (ids[]=1&ids[]=2 or ids=1,2), at most 500.", array: true }],
    response: SelectedStandardsResponse,
    errors: [422],
  },
  { method: "post", path: "/collections/create", summary: "Create a collection owned by the signed-in profile; answers with its link (its editor is link + /edit). Extra arguments are ignored.", request: CollectionCreateRequest, response: CollectionCreateResponse, errors: [401, 403, 422] },
  { method: "post", path: "/collections/items", summary: "Adds an item (type: its model key, type_id: its id) to collections (collection_id: a list of ids); those holding it already are left as they are. Only collections the actor may edit (owner, edit grant to the profile or to a group it leads, moderator, admin), of items it may view and that can be collected. 401 guests, 403 a collection the actor may not edit, 404 an unknown or unseen item or collection, 422 with the reason (nothing chosen, an item that cannot be collected, a collection into itself).", request: CollectionItemsRequest, response: CollectionItemsResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/collections/autocomplete/find", summary: "The add-to-collection dialog's list (second document): the signed-in profile's collections it may add to (its own, and those edit-granted to it or to a group it leads), most recently updated first, each with contains (it holds the item already) and items_count (the items the asker may open); collections.total says how many match, already_in_collections which of them all hold the item. json and include_portfolio are accepted and change nothing.", query: [{ name: "st", description: "Words of the title." }, { name: "type", description: "The item's model key (with type_id)." }, { name: "type_id", description: "The item's id (with type)." }, { name: "page", description: "Page, from 1." }, { name: "limit", description: "Collections a page, at most 100 (the default)." }, { name: "json", description: "Accepted; answers are always JSON." }, { name: "include_portfolio", description: "Accepted; there are no portfolios." }], response: CollectionsFindResponse, errors: [401, 404, 422] },
  { method: "get", path: "/api/collections/{uid}/items", summary: "A collection's items that the asker may see, as search cards, in the order they were added. 401 for a guest on a restricted collection, 404 when unknown or not viewable.", response: CollectionItemsList, errors: [401, 404] },
  { method: "delete", path: "/api/collections/{uid}/items/{itemId}", summary: "Takes an item (by its id) out of a collection, for those who may edit the collection; answers status and message (\"Removed from {title}.\"). 401 for a guest, 403 for others, 404 when the collection is not viewable or does not hold the item.", response: CollectionItemsResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/groups/permission-options", summary: "The view and join permission lists the group form chooses from; showView says whether to offer the view choice.", response: GroupPermissionOptions, errors: [401] },
  { method: "get", path: "/resources/share-options", summary: "Where the signed-in author may share a new resource: global (everyone), authed (signed-in members) and group:{id} for each group the author leads or belongs to.", response: ResourceShareOptions, errors: [401] },
  {
    method: "post",
    path: "/resources/create-fetch",
    summary:
      "Add a resource by link (add_resource_type show-url: url required, http(s)) or by file (show-file: the part named file, at most 2048 KB, doc, docx, pdf, rtf, gif, jpeg, jpg or png, checked by content as well as by name). share_with is a comma list of sharing contexts (see /resources/share-options): nothing or global makes it public, authed signed-in only, groups alone restrict it to those groups. resource_category is required when resourceCategoryRequired is on; resource_subcategories must be its children. Also accepts JSON for links. 422 carries the rule's message; 403 for a group the author is not in. Files are served at /files/uploaded/{key} with nosniff, a sandboxing CSP and, for non-images, Content-Disposition attachment.",
    request: resourceCreateRequest({ categoryRequired: false }).in.extend({ file: z.string().describe("The uploaded file (binary part).").optional() }),
    response: ResourceCreateResponse,
    errors: [401, 403, 422],
    multipart: true,
  },
  {
    method: "post",
    path: "/resources/{uid}/source",
    summary:
      "Changes a resource's link (add_resource_type show-url, url: http(s)) or replaces its file (show-file, the part named file), either way round, under create-fetch's rules (size, type and content checks). The old file's bytes are deleted once no row refers to them; search and the item's page see the change and updated_at moves. Also accepts JSON for links. 401 guests, 403 who may not edit, 404 an unknown or unseen resource, 409 while someone else holds the edit lock, 422 with the rule's message.",
    request: ResourceSourceRequest.in.extend({ file: z.string().describe("The replacement file (binary part).").optional() }),
    response: ResourceSourceResponse,
    errors: [401, 403, 404, 409, 422],
    multipart: true,
  },
  ...(["lesson-plans", "outlines", "pathway", "projects"] as const).map(
    (segment): Operation => ({
      method: "post",
      path: `/${segment}/start`,
      summary: "Start a curriculum item (title and introduction required; template_id optional, a template of the same type). Answers data.link; its editor is data.link + /edit. 422 with the rule's message.",
      request: CurriculumStartRequest,
      response: CurriculumStartResponse,
      errors: [401, 403, 422],
    }),
  ),
  {
    method: "get",
    path: "/curriculum/templates/{type}",
    summary: "A page of templates for a curriculum type (lesson_plan, outline, project, pathway), 48 per page; can_edit and abilities.edit say whether the actor may manage each one.",
    query: Object.keys(TemplatesQuery.shape).map((name) => ({ name, description: name === "page" ? "Page number, from 1." : "Page size, 1 to 48 (default 48)." })),
    response: TemplatesResponse,
    errors: [401, 404, 422],
  },
  { method: "get", path: "/api/templates/{uid}", summary: "A curriculum template with its sections' HTML, for its edit page (the chooser's 'Manage selected' opens link + /edit); abilities.edit: its owner, or an admin (site templates: admins only). 401 for a guest, 404 when unknown.", response: TemplateDetail, errors: [401, 404] },
  { method: "post", path: "/templates/{uid}/update", summary: "Saves a template's title, description and sections in order (HTML sanitized with the course-designer profile, equations rendered again). Items started from it afterwards copy the new sections. 401 guests, 403 who may not manage it, 404 unknown, 422 with the field's message.", request: TemplateUpdateRequest, response: TemplateUpdateResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/groups", summary: "Create a group led by the signed-in profile (defaults: view 3, join 6, can_request_join false); its page, feed and discussions are shown as view_permission says (1 its members only, 2 signed-in users, 3 everyone). objGroup.link is the redirect target. 422 for a missing name or description or a permission id not on the lists.", request: GroupCreateRequest, response: GroupCreateResponse, errors: [401, 403, 422] },
];

/** The editor's calls (issue 3: editing). */
OPERATIONS.push(
  { method: "get", path: "/api/content/{typePath}/{uid}", summary: "An item for its view page (link = /{typePath}/{uid}, e.g. /lesson-plans/abc) and its edit page (link + /edit): title, description, body sections (sanitized HTML with KaTeX-rendered equations, as stored: what the editor reloads; view_html: the same with its short codes expanded, what the view page shows; Lexical JSON only for those who may edit), abilities.edit and, for a resource, resource_view (how the resource view dialog shows its link or file). 401 for a guest on a restricted item, 404 when unknown or not viewable.", response: EditableItem, errors: [401, 404] },
  { method: "post", path: "/{typePath}/{uid}/update", summary: "Saves an existing item's title, description and body (a group's page: its name and About text, which stays required: 422 'About is required.', the page's field being labelled About): the sections in their new order (sections not sent are removed). Each section's HTML is sanitized with the course-designer profile and its equations rendered again with KaTeX. 409 while someone else holds the edit lock; 401 guests, 403 who may not edit; 422 with the field's message.", request: ContentUpdateRequest, response: ContentUpdateResponse, errors: [401, 403, 404, 409, 422] },
  { method: "post", path: "/update-lock", summary: "Takes or renews the edit lock of an item (type = model key, type_id = id) for edit_lock_expiry seconds. locked true means someone else holds it (holder, message). stale: the item changed after cache_date.", request: UpdateLockRequest, response: LockResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/api/content/{typePath}/{uid}/tags", summary: "An item's attribute ids (every type) and keywords, for the model-attribute editor. 401/404 as for the item.", response: ContentTags, errors: [401, 404] },
  { method: "post", path: "/{typePath}/{uid}/tags", summary: "Replaces an item's attributes and keywords. Attributes must exist and apply to the item's model (GET /attributes/config/{modelKey}); leaf-only types take leaves only, single (radio) types at most one. Keywords are trimmed, de-duplicated and sorted; letters, digits, spaces, periods and hyphens. Search sees the change at once. 401 guests, 403 who may not edit, 409 while someone else holds the edit lock, 422 with the rule's message.", request: ContentTagsRequest, response: ContentTagsResponse, errors: [401, 403, 404, 409, 422] },
  { method: "post", path: "/system/locks/unlock", summary: "Releases an item's edit lock: its holder, or an admin breaking someone else's. The CSRF token may come as _token in the body (for navigator.sendBeacon on leaving the page).", request: UnlockRequest, response: LockResponse, errors: [401, 403, 404, 422] },
);

/** Actions around an item (issue 3: copy, ownership, flagging, related content, quick-info, more-info). */
OPERATIONS.push(
  { method: "post", path: "/{typePath}/{uid}/copy", summary: "Copies an item the actor can view (id must be the item's) under modeltitle: sections, attributes, keywords, introduction and file; the copy is the copier's and records copied_from_details. A plain form post (CSRF token as _token) is redirected (303) to the copy's editor. 401 guests, 403 for types that cannot be copied, 404 unknown or not viewable, 422 with the field's message.", request: CopyRequest, response: CopyResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/profile/owner/change", summary: "Gives the item (opaque_id) to selected_profile (a profile or group id). Only the owner or an admin; a leader of the group that owns the item gives it for the group, to another profile or group but not to itself (403 with its message); 401 guests, 403 others, 404 unknown or not viewable, 422 for a missing, unknown or unchanged owner.", request: OwnerChangeRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/permissions", summary: "The manage-permissions dialog's data (second document): config (which rows exist, the permissions each offers: global and authed read; people read and edit; groups read, and edit for their leaders; edit depends on read; link read, so anyone holding the item's link may view it; e-mail invites read and edit; no locked row), the permission set, the item's pending and rejected access requests, and its pending e-mail invites (email lowercased, permissions, new_add false, sent_at, expires_at: INVITE_VALID_DAYS (30) days after sending, and expired: whether that time has passed, so its link is refused with 410). The owner, admins, and moderators on items they may view (not by a link share alone); 401 guests, 404 members and moderators who may not view the item, 403 others.", query: [{ name: "opaque_id", description: "The item's opaque id." }], response: PermissionsResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/permissions", summary: "Replaces the item's permission set (global, authed, link, profiles, groups) in one transaction, keeps its visibility (public, signed-in, restricted) in step and updates search at once; accepted_requests become read grants for their requesters, rejected_requests are marked rejected. link takes read only (edit is a 422): anyone, guests too, may then view the item when a call names it by uid or opaque_id (never by id, and it is not listed in search or lists). locked must be empty (not offered). permission_invites ({email, permissions}) replace the item's pending e-mail invites: an empty email is ignored, a malformed one is a 422 'Invalid email address', a new address is mailed a link holding a secret (in the background; /invites/accept?token=..., only the secret's SHA-256 is kept), a left-out one is revoked, and one listed with resend: true is sent again (a new secret and sending time, so the old link stops working and the new one works 30 days; how the owner renews an expired invite); the invite becomes a profile grant of the signed-in account that opens that link (POST /api/invites/accept), not of whoever has the address, since accounts do not verify their addresses. users_profiles, leaders_profiles and members_profiles are accepted and unused. 422 with the field's message.", request: PermissionsSaveRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/api/invites/accept", summary: "Our path: takes the e-mail invite whose mailed link (/invites/accept?token=..., the web app's page) holds token, for the signed-in asker: its permission (read, or edit with read) becomes the asker's grant on the item (the owner gets none: it has every permission) and the invite is deleted, so a link works once. Answers the item's link. 401 guests; 404 'This invite link does not work any more: ...' for a used, withdrawn or unknown token; 410 'This invite link has expired: ...' for a link opened more than INVITE_VALID_DAYS (30) days after it was sent (the invite stays, listed as expired in GET /permissions, for the owner to resend or remove); 422 for no token.", request: InviteAcceptRequest, response: InviteAcceptResponse, errors: [401, 404, 410, 422] },
  { method: "post", path: "/permissions/add-link-share", summary: "Share dialog's Grant Access: gives anyone who holds the item's link read (view) access, as the link row of POST /permissions does; idempotent (already shared answers the same). Anyone, guests too, may then view the item where a call names it by uid or opaque_id (its page, preview, discussion, access-details, exports); never by its numeric id, and it is not listed in search, lists, collections or related content. The item by opaque_id or uid, or by model and id. Who may manage its permissions (owner, admins, moderators on items they may view); 401 guests, 404 members and moderators who may not view the item, 403 others.", request: AddLinkShareRequest, response: AddLinkShareResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/permissions/request", summary: "A signed-in member asks the owner for access to an item they may not view, with an optional reason (at most 1000 characters). The item by opaque_id or uid (random, so holding one is holding its link), or by model and id (only items the asker may view: ids are sequential). One pending request per profile and item (409 while one is pending); 422 when the asker can already view it; 401 guests.", request: AccessRequest, response: AccessRequestResponse, errors: [401, 403, 404, 409, 422] },
  { method: "post", path: "/profile/postRecommend", summary: "Recommends a viewable item to 1 to 10 profiles or groups (targetProfiles, profile ids; unknown ids 422) with an optional note (at most 1000 characters). The item by opaque_id or uid, or by model and id. Stored one row per recipient (recommendations table; no notification is sent yet). update_permissions adds a read grant for each recipient only when the sender may manage the item's permissions (owner, moderator, admin); otherwise it is ignored. 401 guests, 404 members who may not view the item, 403 when the recommendations feature is off.", request: RecommendRequest, response: RecommendResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/permissions/access-details", summary: "What the request-access card needs: the owner's name, the item's type, whether the asker can view it, and the asker's own request (status, created_at, and decided_at: when the owner accepted or declined it, null while pending; the card tells a declined asker so, and asking again reopens the request). Never the title or body of an item the asker may not view. availableProducts: for an asker who may not view the item, the active products that unlock it, cheapest first (uuid, name, short_description, price: the amount in the currency's main unit as a string with two decimals, \"12.50\", and currency, ISO 4217), each offered with Buy Now, and pending_order: the asker's order of it awaiting payment (uuid, link, created_at), else null; empty for those who may view it.", query: [{ name: "opaque_id", description: "The item's opaque id." }, { name: "uid", description: "The item's uid (from its link)." }, { name: "model", description: "The item's model key (with id)." }, { name: "id", description: "The item's id (only for items the asker may view)." }], response: AccessDetailsResponse, errors: [401, 404, 422] },
  { method: "post", path: "/profile/flag", summary: "Flags an item for moderators: type is the item (\"lesson_plan:12\"), value the reason (inappropriate, broken, awesome), message the description (required). Stored for moderators (content_flags), who are notified (content_reported). Answers 'Thank you for your feedback!'. 401 guests, 404 not viewable, 422 with the field's message.", request: FlagRequest, response: StatusMessageResponse, errors: [401, 404, 422] },
  { method: "get", path: "/system/content-endorsements", summary: "The manage-endorsements dialog's data (second document): the item's endorsements in the order published by, sponsored by, endorsed by, recognized by (each with its endorser, whether it is shown publicly on the item's page, and when it was added), the endorsement publishers the asker acts for (their own profile or groups they lead, when marked as publishers) not endorsing it yet, the supported types, and is_moderator (moderators and administrators may name any profile or group). Each endorsement's can_change says whether the asker may change its type or whether it is shown (moderators and administrators, or the endorser's own publisher); anyone who manages the item may remove one. The owner, moderators and admins; 401 guests, 404 members who may not view the item, 403 others.", query: [{ name: "opaque_id", description: "The item's opaque id." }], response: EndorsementsResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/system/content-endorsements", summary: "Saves the dialog's endorsements in one transaction: a row with an id changes its type and publish_to_public (when its can_change is true; otherwise a change is a 422 and only removal is allowed), or with deleted removes it; a row without an id adds the profile as endorser (a publisher the asker acts for, unless the asker is a moderator or administrator). Checked inside the save's transaction. Endorsements left out are kept. A profile endorses an item once; at most 50. 422 naming what is wrong (an unknown endorsement or endorser, a profile that is not a publisher, a profile twice), 409 when another save added the same endorser first.", request: EndorsementsSaveRequest, response: StatusMessageResponse, errors: [401, 403, 404, 409, 422] },
  { method: "get", path: "/system/badges/{uid}", summary: "An item's badges (profileBadges, each with when it was awarded) and every badge there is (allBadges), for whoever may view the item, guests too (named by its uid, so a link share opens it). 401 for a guest and 404 for a member who may not view it.", response: BadgesResponse, errors: [401, 404] },
  { method: "post", path: "/system/badges/{uid}", summary: "Sets the badges the item holds: a list of badge ids, bare or as badges. Badges it keeps keep their award time. Moderators and administrators only (403 for others, the owner too); 422 for an unknown badge, more than 100, or an item that cannot hold badges (a profile, group or attribute item).", request: BadgesSaveRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/api/announcements", summary: "The system announcements shown as banners under the header now: those whose window (start_time to end_time, either open) holds the present moment and whose item the asker may view (guests the public ones; members also signed-in-only, their own and granted ones; administrators all). Sticky ones first, then by priority (highest first), then the latest started. content is HTML sanitized with the simple profile; link is http(s) or a path on this site, otherwise null. meeting is the Zoom ID and https Zoom join link an administrator gave, or null. thumbnail_url is http(s) or a path on this site, otherwise null; community_callout_settings always carries every field, as a news item's (a missing or unusable stored value takes its default), background_alt_text being the thumbnail's alternative text. Snooze (8 hours) and Dismiss are kept by the client per id. 422 for a limit that is not a whole number from 1 to 20.", query: [{ name: "limit", description: "At most this many (1 to 20, default 5)." }], response: AnnouncementsResponse, errors: [422] },
  { method: "get", path: "/api/announcements/manage", summary: "Every system announcement (shown now, scheduled and ended), for the Announcements staff page: the banner's fields, audience (the item's view grants: public, authed or restricted), state (current, scheduled or ended) and updated_at. Shown now first, then scheduled, then ended; the latest changed first within each. Administrators only (401 guests, 403 others, moderators included).", response: ManagedAnnouncementsResponse, errors: [401, 403] },
  { method: "post", path: "/api/announcements", summary: "Adds a system announcement (201, 'Announcement created.'): an announcement page (content cms_page, sub type announcement, owned by the administrator, logged for search) and its banner. title required (trimmed, at most 255); type information, error, question, event or others; description at most 1000 (the banner's text); content HTML at most 20000, kept to the simple sanitize profile; link http(s) or a path on this site, required with cta_text; start_time and end_time ISO date-times or null (open-ended), the end after the start; for events event_start_time is required: ISO date-times, or with all_day calendar days YYYY-MM-DD (stored as midnight UTC; the end inclusive, on or after the start); other types keep no event times. is_sticky, priority (-1000 to 1000), show_snooze, show_dismiss; audience public (everyone) or authed (signed-in users), restricted for only those it is shared with on its page; meeting_zoom_id (9 to 11 digits; spaces and dashes dropped) with meeting_join_url (an https Zoom link), both or neither; thumbnail_url http(s) or a path on this site (empty: none); community_callout_settings: any of a news item's callout fields, each checked (colours #rrggbb, opacity 0 to 1, blur 0 to 20 px, background_alt_text, the thumbnail's alternative text, at most 500), others refused, left out ones take their defaults. Administrators only (401 guests, 403 others, before the body is read); 422 with the first field's message and field errors.", request: AnnouncementInput, response: AnnouncementSaveResponse, status: 201, errors: [401, 403, 422] },
  { method: "put", path: "/api/announcements/{id}", summary: "Replaces an announcement with what is sent (the same fields and rules as POST; fields left out take their defaults): its page's title, description and audience (global and signed-in read grants; grants to people and groups stay) and its banner, logged for search. 'Announcement saved.' Administrators only; 404 when there is none, 422 for a bad id or field.", request: AnnouncementInput, response: AnnouncementSaveResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/api/announcements/{id}/end", summary: "Ends an announcement's banner now: its end_time becomes the present moment (one already over keeps its end), so no one is shown it from the next load of the banners. 'Announcement ended: its banner is no longer shown.' One still scheduled (its start to come) is not ended, since an end before its start would list it as ended when it never showed: 409 'This announcement has not started yet, so it cannot be ended: change its dates, or delete it.' Administrators only; 404 when there is none, 422 for a bad id.", response: AnnouncementSaveResponse, errors: [401, 403, 404, 409, 422] },
  { method: "delete", path: "/api/announcements/{id}", summary: "Deletes an announcement: its page with everything on it (banner, grants, comments), dropped from search. 'Announcement deleted.' Administrators only; 404 when there is none, 422 for a bad id.", response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/api/news", summary: "The news carousel's slides (first document: 'News carousel item'): the published news items the asker is shown (guests those for everyone, signed-in profiles also those for members), in carousel order. banner_url and link are http(s) or a path on this site, otherwise null; community_callout_settings always carries every field (a missing or unusable stored value takes its default: background #0f172a at 0.8, no blur, text #ffffff, no text shadow, button light, not outlined; title and description empty, meaning the item's own). 422 for a limit that is not a whole number from 1 to 20.", query: [{ name: "limit", description: "At most this many (1 to 20, default 10)." }], response: NewsResponse, errors: [422] },
  { method: "get", path: "/api/news/manage", summary: "Every news item, drafts and members-only ones too, in carousel order, with audience, is_published, sort_order and times. Administrators only (401 guests, 403 others).", response: ManagedNewsResponse, errors: [401, 403] },
  { method: "post", path: "/api/news", summary: "Adds a news item (201). title required (trimmed, at most 255); description at most 5000; banner_url and link http(s) or a path on this site (empty: none); community_callout_settings: any of its fields, each checked (colours #rrggbb, opacity 0 to 1, blur 0 to 20 px), left out ones take their defaults; audience public (default) or authed; is_published (default true); sort_order (default 0). Administrators only (401 guests, 403 others); 422 with the field's message.", request: NewsItemInput, response: ManagedNewsItem, errors: [401, 403, 422] },
  { method: "put", path: "/api/news/{id}", summary: "Replaces a news item with what is sent (the same fields and rules as POST /api/news; fields left out take their defaults). Administrators only; 404 when there is no such item, 422 for a bad id or field.", request: NewsItemInput, response: ManagedNewsItem, errors: [401, 403, 404, 422] },
  { method: "delete", path: "/api/news/{id}", summary: "Deletes a news item. Administrators only; 404 when there is no such item, 422 for a bad id.", response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/api/carousels/featured", summary: "The footer carousel's content (GET {source url}): the site's featured collection (app config featured_collection_uid) with title, uid and link, and as items the cards of its items the asker may view (guests the public ones), in the order they were added. 404 with a message when no collection is featured; 401 for a guest and 404 for a member when the featured collection itself is not theirs to view in lists.", response: FooterCarouselCollection, errors: [401, 404] },
  { method: "put", path: "/api/carousels/featured", summary: "Makes a public collection (uid) the one every page's footer features; administrators only. Answers status and message. 401 guests, 403 others, 404 an unknown collection, 422 one that is not public.", request: FeaturedCollectionChoice, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/api/carousels/collections/{uid}", summary: "Any collection as footer carousel content, named by its uid (so a link share counts, as on its page): title, uid, link and the cards of its items the asker may view. 422 for a uid that cannot be one (letters, digits, - and _, at most 64); 404 when it names no collection; 401 for a guest and 404 for a member who may not view it.", response: FooterCarouselCollection, errors: [401, 404, 422] },
  { method: "post", path: "/contact/send", summary: "The contact form, for everyone (guests too): name, email, message (at most 5000 characters), an optional screenshot of the page as a JPEG data URL (about 500 KB at most) and the page's address. Stored for administrators and moderators (GET /contact/messages). No captcha is configured, so recaptcha_token is accepted and not checked. Limited per client address and minute (AUTH_RATE_LIMIT; 429). 422 with the spec's field messages ('Please provide your name', 'Please provide your email address', 'The provided email address is invalid', 'The message cannot be empty').", request: ContactRequest, response: ContactResponse, errors: [422, 429] },
  { method: "get", path: "/contact/messages", summary: "Messages sent with the contact form, newest first, 20 a page, with the total; for administrators and moderators (403 others, 401 guests). Screenshots are not included: has_screenshot says whether GET /contact/messages/{id}/screenshot has one.", query: [{ name: "page", description: "Page, from 1." }], response: ContactMessagesResponse, errors: [401, 403, 422] },
  { method: "get", path: "/contact/messages/{id}/screenshot", summary: "A message's screenshot as image/jpeg, for administrators and moderators; 404 when the message has none.", response: z.object({}), errors: [401, 403, 404] },
  { method: "get", path: "/api/moderation/reports", summary: "Our path: the reports people made (items through POST /profile/flag, comments through POST /comment/thread/comment/flag, feed posts through POST /feeds/posts/{id}/flag) with one status, newest first, 20 a page, with the total; each with its reporter, the item it concerns (the item reported, or the one whose discussion or feed holds the comment or post) and the comment's or post's text (plain, at most 300 characters). For moderators and administrators (403 others, 401 guests).", query: [{ name: "status", description: "open (the default) or resolved." }, { name: "page", description: "Page, from 1." }], response: ReportsResponse, errors: [401, 403, 422] },
  { method: "post", path: "/api/moderation/reports/{kind}/{id}", summary: "Our path: resolves a report (status resolved) or opens it again (status open); kind is content, comment or post. Answers the report as the list shows it. For moderators and administrators (403 others, 401 guests); 404 for no such report.", request: ReportUpdate, response: ReportUpdateResponse, errors: [401, 403, 404, 422] },
  {
    method: "get",
    path: "/related-content",
    summary: "Viewable items sharing attributes with the item (most shared first by default), as result cards with the total. 401/404 when the item itself is not viewable; 422 for a bad parameter.",
    query: [
      { name: "model", description: "The item's model key." },
      { name: "id", description: "The item's id, uid or opaque_id (see idField)." },
      { name: "idField", description: "id (default), uid or opaque_id." },
      { name: "sortBy", description: "relevance (default), title_lsort_asc, title_lsort_desc, updated_at_asc, updated_at_desc." },
      { name: "limit", description: "1 to 24 (default 5)." },
    ],
    response: RelatedContentResponse,
    errors: [401, 404, 422],
  },
  { method: "get", path: "/{typePath}/{uid}/similar", summary: "Viewable items of the same type whose titles share significant words with the item's; sortBy and limit as for /related-content.", query: [{ name: "sortBy", description: "As for /related-content." }, { name: "limit", description: "1 to 24 (default 5)." }], response: RelatedContentResponse, errors: [401, 404, 422] },
  { method: "post", path: "/quick-info/{model_key}/{id}", summary: "The quick-info popover's model (owner_data, description, attributes by type) for signed-in profiles who can view the item. 401 guests, 404 unknown or not viewable.", response: QuickInfoResponse, errors: [401, 404] },
  { method: "get", path: "/system/more-info/{id}", summary: "The more-info dialog: the model and labelled renderables (type, owner, dates, visibility, link, copied from, attributes). id is the item's id or opaque_id. 401/404 when not viewable.", response: MoreInfoResponse, errors: [401, 404] },
);

/** Bulk import of resources (second document: bulk import dialog and detail view). {link} is /api/bulk-importer/imports/{id}. */
const IMPORT_FILE = z.object({ file: z.string().describe("The spreadsheet (.csv, .xls or .xlsx; binary part).") });
OPERATIONS.push(
  { method: "get", path: "/api/bulk-importer/{modelType}/sample", summary: "The sample spreadsheet (modelType resource): the header row the importer understands and example rows that import cleanly as they are. format=csv (default) or xlsx; the answer is the file.", query: [{ name: "format", description: "csv (default) or xlsx; anything else is a 422." }], response: z.object({}), errors: [404, 422] },
  { method: "post", path: "/api/bulk-importer/{modelType}/upload", summary: "Creates an import (status created) from the file and answers data.redirect (the import's page) and data.link (its API address); the file is read in the background. Needs the bulk_importer permission: 401 guests, 403 others; 404 for a model type that cannot be imported; 422 for no file, another extension or a file over IMPORT_MAX_FILE_MB.", request: IMPORT_FILE, response: ImportUploadResponse, errors: [401, 403, 404, 422], multipart: true },
  { method: "get", path: "/api/bulk-importer/imports/{id}", summary: "The import: status (created, processing, preprocessed, completed) and its label, progress (rows done of total), import_results_summary (total, rows_with_errors, rows_requiring_input, already_imported, imported, error, errors as row_number/field/message/value, required_input per field with ambiguous options and missing values), the column mapping, user_mappings, import_settings and abilities. Poll every 5 s while created or processing. Only its importer and admins: 401/404 otherwise.", response: BulkImport, errors: [401, 404] },
  { method: "post", path: "/api/bulk-importer/imports/{id}/user-mappings", summary: "Saves the user's choices: per field, ambiguous value -> chosen ids and missing value -> chosen ids (items of that field's own tree only, else 422). Only while preprocessed (409 otherwise).", request: UserMappingsRequest, response: BulkImport, errors: [401, 403, 404, 409, 422] },
  { method: "post", path: "/api/bulk-importer/imports/{id}/import-settings", summary: "Saves the import settings: owner (a profile or group id; null means the importer). Only while preprocessed (409 otherwise); 422 for an unknown profile.", request: ImportSettingsRequest, response: BulkImport, errors: [401, 403, 404, 409, 422] },
  { method: "post", path: "/api/bulk-importer/imports/{id}/start", summary: "Starts importing (status processing). Only while preprocessed and once every ambiguous or missing value has a choice (409 otherwise). Rows with errors are skipped.", response: BulkImport, errors: [401, 403, 404, 409] },
  { method: "post", path: "/api/bulk-importer/imports/{id}/retry", summary: "Restarts an import that failed with an import-level error that may pass on another try (409 when it has none, or when it failed on its file: no rows, no title column, too many rows, too large, unreadable, which a new file fixes).", response: BulkImport, errors: [401, 403, 404, 409] },
  { method: "post", path: "/api/bulk-importer/imports/{id}/upload-new-file", summary: "Replaces the file of an import whose rows had errors (or that failed) with a corrected one; it is read again, keeping the user's choices; rows already imported are recognised (same title and URL) and never imported twice. 409 when no new file is allowed.", request: IMPORT_FILE, response: BulkImport, errors: [401, 403, 404, 409, 422], multipart: true },
  { method: "get", path: "/api/bulk-importer/imports/{id}/imported-items", summary: "The content the import created, in row order, 16 per page.", query: [{ name: "page", description: "Page number, 1 to 100000 (default 1)." }], response: ImportedItems, errors: [401, 404, 422] },
  { method: "get", path: "/profile/autocomplete/change-ownership", summary: "Profiles and groups whose name or username contains st (at most 30), for choosing a content owner. Signed-in only.", query: [{ name: "st", description: "Search term (from 1 character; empty finds nobody)." }], response: OwnerAutocomplete, errors: [401, 422] },
);

/** The thumbnail designer and exports (issue 3: around the content). */
OPERATIONS.push(
  {
    method: "get",
    path: "/system/icons/supported",
    summary: "The icon pickers' list (first document: GET /system/icons/supported, all, brands): each icon's name, label, styles (the prefixes of the styles it is drawn in: fas Solid, far Regular, fab Brands; this server has Font Awesome Free, so never fal Light or fad Duotone) and search terms, by name. Without all, a curated set of icons common in teaching content; all=1 every icon (about 2000). Brand icons (fab) only with brands=1. Flags take 1/0, true/false, on/off, yes/no; anything else is a 422.",
    query: [
      { name: "all", description: "1 for every icon rather than the curated common set." },
      { name: "brands", description: "1 to include brand icons (style fab)." },
    ],
    response: SupportedIconList,
    errors: [422],
  },
  {
    method: "get",
    path: "/i18n/{group}/{localeOrKey}/{nonce}.js",
    summary:
      `The localization scripts (first document's calls): the site's texts of one group as a script (text/javascript, cached for a year) that sets globalThis.i18n[group][key]. group is one of ${Object.keys(I18N_GROUPS).join(", ")}. localeOrKey is one key of the group (the script sets only that text) or a locale tag (en, en-US, pt_BR: the whole group; the texts are English for every locale); nonce (letters, digits, . _ -) only tells one version from the next. Texts that take values are left out. Public. The answer is the script, not JSON; an unknown group or key, or a file name that is not a nonce and .js, is a JSON 404.`,
    response: z.object({}),
    errors: [404],
  },
  { method: "get", path: "/system/icons/{style}/{name}.svg", summary: "One icon's drawing (image/svg+xml, fill currentColor, cached for 30 days) for a style and name of the supported list; 404 'Icon type not found' for any other style or name. The answer is the SVG, not JSON.", response: z.object({}), errors: [404] },
  { method: "get", path: "/system/thumbnail-designer/settings", summary: "The thumbnail designer's setting definitions: typed fields (checkbox, select, color, range, icon, text) with defaults, ranges and optional depends_on (show the field only when another setting equals / differs from a value).", response: ThumbnailSettingDefinitions },
  { method: "get", path: "/system/thumbnail-designer-presets", summary: "Every thumbnail preset (shared by all who design), by name, with is_owner. 401 for guests.", response: ThumbnailPresetList, errors: [401] },
  { method: "post", path: "/system/thumbnail-designer-presets", summary: "Create a preset (name required, at most 100 characters; settings as in the designer, only non-default values are kept; an unknown default-icon is a 422 'Icon type not found'). 201 with message 'Preset Created'.", request: ThumbnailPresetRequest, response: ThumbnailPresetResponse, errors: [401, 422] },
  { method: "put", path: "/system/thumbnail-designer-presets/{id}", summary: "Rename a preset and replace its settings; its owner only (403 otherwise). Message 'Preset Updated'.", request: ThumbnailPresetRequest, response: ThumbnailPresetResponse, errors: [401, 403, 404, 422] },
  { method: "delete", path: "/system/thumbnail-designer-presets/{id}", summary: "Delete a preset; only its owner may (403 otherwise, administrators included). Message 'Preset Deleted'.", response: ThumbnailPresetDeleteResponse, errors: [401, 403, 404] },
  { method: "get", path: "/api/content/{typePath}/{uid}/thumbnail", summary: "An item's designed thumbnail: thumbnail_settings (non-default settings or null), bool_thumbnail and thumb_url (the image, served at /files/thumbnails/{key} after the item's view check). 401/404 as for the item.", response: ItemThumbnail, errors: [401, 404] },
  {
    method: "post",
    path: "/{typePath}/{uid}/thumbnail",
    summary: "Save an item's thumbnail (those who may edit it). Parts: settings (JSON text of the designer settings; only non-default values are kept; default-icon, {style, name}, must be in GET /system/icons/supported with brands=1 and all=1, else 422 'Icon type not found'), clear_image (1 removes the image) and image (jpg, jpeg, gif, png or svg, at most 5 MB, checked by content; raster images square and 512 to 1024 px wide; SVG square and cleaned of script, links and foreign content). The designer crops in the browser to a square JPEG (quality 90). 401 guests, 403 who may not edit, 409 while someone else holds the edit lock, 422 with the rule's message.",
    request: z.object({ settings: z.string().describe("JSON text of ThumbnailSettings").optional(), clear_image: z.enum(["0", "1"]).optional(), image: z.string().describe("The image (binary part).").optional() }),
    response: ThumbnailSaveResponse,
    errors: [401, 403, 404, 409, 422],
    multipart: true,
  },
  ...(["pdf", "Word2007", "HTML"] as const).map(
    (segment): Operation => ({
      method: "get",
      path: `/{typePath}/{uid}/export/${segment}`,
      summary: `Export an item (title, type, owner, description, every section with its formatted body, KaTeX equations, tables and images) as ${segment === "pdf" ? "a PDF printed by headless Chromium (CHROMIUM_PATH; 503 with a message when none is installed)" : segment === "Word2007" ? "a Word .docx (equations as Word equations, converted from KaTeX's MathML; the LaTeX marked as such when a conversion fails)" : "one self-contained HTML page (KaTeX CSS and fonts, images as data URLs, no script; shown in the tab unless download=1)"}. The answer is the file, not JSON. Whoever may view the item may export it: 401 guests of a restricted item, 404 members who may not see it; 422 for a bad option switch.`,
      query: Object.keys(ExportQuery.shape).map((name) => ({ name, description: name === "download" ? "1 sends the HTML as an attachment." : `0 leaves out the ${name === "include_description" ? "description" : "section titles"} (default 1).` })),
      response: z.object({}),
      errors: segment === "pdf" ? [401, 404, 422, 503] : [401, 404, 422],
    }),
  ),
);

/** Discussions on an item (second document: model discussion card, modern comments; first document: the bulk thread calls). */
const COMMENT_QUERY: Operation["query"] = [
  { name: "opaque_id", description: "The item's opaque_id (the item API's field)." },
  { name: "comment_id", description: "The comment's id." },
  { name: "context", description: "'group' for a group's discussions (the thread widget on a group's page); anything else (at most 64 characters) or nothing: the item's own Discuss card." },
  { name: "group_context", description: "Accepted (at most 64 characters), unused." },
];
/** The query of the group thread widget's calls (our paths: the spec leaves the thread list calls out). */
const GROUP_DISCUSSION_QUERY: NonNullable<Operation["query"]> = [
  { name: "opaque_id", description: "The group's item opaque_id (its page's item API field)." },
  { name: "context", description: "Must be 'group' (422 'context must be group.')." },
  { name: "group_context", description: "Accepted (at most 64 characters), unused." },
];
OPERATIONS.push(
  { method: "post", path: "/comment/thread/summary/bulk", summary: "Summaries of 1 to 50 items' threads, keyed by the caller's uniqueId: id (null before the first comment or open/close), view_permission, comments_count (top-level and replies, not deleted) and transient (can_view: the item is viewable and the thread open or managed by the actor; can_manage: the actor may edit the item; can_comment, can_react, can_subscribe; viewed_by_link: the actor views the item only through its link share, so the discussion is read-only for it). Guests too. An entry with context 'group' asks for a group's discussions (the thread widget): the count is theirs (threads and replies), can_comment says whether the actor may start a thread, and an item that is not a group's page is a 404 entry ('Only a group has discussions.'). An entry that is malformed (422) or names an item that does not exist or that the actor may not view (404) goes to errors; the call answers 200.", request: ThreadSummaryBulkRequest, response: ThreadSummaryBulkResponse, errors: [422] },
  { method: "post", path: "/comment/thread/bulk", summary: "Threads of 1 to 50 items with a page (page, default 1) of top-level comments, newest first, 10 per page, each with its 3 latest replies oldest first and its replies_count; meta has current_page and last_page. Per entry: guests 401 (the card shows the guest modal), an unviewable or unknown item 404, a closed thread 403 'Discussions are disabled' unless the actor manages it, a malformed entry 422. With context 'group' the comments are a group's threads (newest first) instead of the item's own; GET /comment/thread/discussions lists them as the widget does.", request: ThreadBulkRequest, response: ThreadBulkResponse, errors: [422] },
  { method: "put", path: "/comment/thread", summary: "Opens or closes the item's discussion (Enable / Disable Discussion); those who may edit the item (owner, edit grants, moderators, admins), else 403. Answers the summary. 401 guests, 404 members who may not view the item.", request: ThreadPermissionRequest, response: ThreadSummary, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/thread/comment", summary: "Posts a comment (201): comment required after trimming, at most 10000 characters; is_html true sanitizes it with the comment profile (refused as empty when nothing is left), false stores plain text; title optional, at most 255 (empty is null); reply_to: a comment of the thread (a reply to a reply goes under its top-level comment; a deleted or unknown one is 422); attachments: the ids POST /comment/attachment answered the author (at most 10), attached in the same transaction (422 'An attachment was not found among your uploads waiting to be posted: upload it again.' when one is not the author's pending upload; nothing is posted then), refused with 'Attachments are not available on this site.' while the feature model-discussions.attachments is off (on by default). meeting_id: a Zoom meeting or webinar the author created (POST /system/zoom/meetings or /webinars) that no comment carries yet, carried by this one and answered as its meeting (422 'The meeting was not found among the meetings you added: add it again.' otherwise). The author is subscribed to a new top-level comment. 401 guests, 404 unviewable item, 403 'Discussions are disabled' when closed and the actor does not manage it, and 403 'This item was shared with you by its link: you may read its discussion but not take part.' to one who views the item only by its link share. With context 'group' (a group's item only, else 404 'Only a group has discussions.') it starts a thread of the group's discussions (title required: 422 'The discussion title is required.') or replies in one; this, and editing, reacting, subscribing and the other comment calls with that context, are for the group's leaders and members, moderators and admins (403 'Only the group's members, moderators and administrators may take part in its discussions.'), reading for signed-in viewers of the group's page; subscribing needs the feature group-discussions.subscribe (403 'Subscribing to discussions is not enabled on this site.').", request: CommentCreateRequest, response: Comment, status: 201, errors: [401, 403, 404, 422] },
  { method: "put", path: "/comment/thread/comment", summary: "Edits a comment (its author or an admin, while they may post: else 403, and a reader by the item's link alone gets the read-only message): same rules as posting, but attachments stay as posted (a non-empty attachments list is 422); sets edited_at and writes a history entry. 409 for a comment deleted but kept for its replies; 404 for an unknown or removed comment.", request: CommentUpdateRequest, response: Comment, errors: [401, 403, 404, 409, 422] },
  { method: "delete", path: "/comment/thread/comment", summary: "Deletes a comment (its author or an admin, while they may post: else 403, as for editing), JSON body. With replies it is kept (deleted_with_replies_at, content 'This comment has been deleted.'); without, it is removed (deleted_at) and its parent's replies_count drops by one, never below 0. Deleting a kept comment again answers it unchanged. Either way its attachments and their files are deleted.", request: CommentRef, response: CommentDeleteResponse, errors: [401, 403, 404, 422] },
  {
    method: "get",
    path: "/comment/thread/discussions",
    summary:
      "Our path: a page of a group's threads (the second document's discussion thread widget). A thread is a titled top-level comment posted with context 'group' (POST /comment/thread/comment; its replies are the thread's comments, replies_count its comment count); each entry is that comment with last_activity_at (when it or its latest reply was posted). Sorted by sort (last_activity_at_desc 'Recent Activity', the default; created_at_desc 'Latest Threads First'; created_at_asc 'Oldest Threads First'), paged by page and limit (1 to 50, default 5); meta has current_page, last_page, total, limit, sort and st. st (at most 80 characters, feature group-discussions.search; 403 'Searching discussions is not enabled on this site.' while it is off) keeps the threads whose title, text or a reply's text holds it in any case. transient says what the actor may do (can_comment: start a thread and reply, for the group's leaders and members, moderators and admins); features says whether search and subscribe are on. Signed-in viewers of the group's page (401 guests, who get the guest modal; 404 members who may not view it, and 404 'Only a group has discussions.' for an item that is not a group).",
    query: [
      ...GROUP_DISCUSSION_QUERY,
      { name: "sort", description: "last_activity_at_desc (default), created_at_desc or created_at_asc." },
      { name: "page", description: "Page, from 1." },
      { name: "limit", description: "Threads a page, 1 to 50 (default 5)." },
      { name: "st", description: "Search term, at most 80 characters (feature group-discussions.search)." },
    ],
    response: DiscussionList,
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/comment/thread/discussion",
    summary: "Our path: one thread of a group (the discussion modal) as a thread page holding that one top-level comment with all its replies (at most 200, oldest first). 404 'The discussion was not found.' for a reply or 'The comment was not found.' for an unknown or removed one; other errors as for the thread list.",
    query: [...GROUP_DISCUSSION_QUERY, { name: "comment_id", description: "The thread's (top-level comment's) id." }],
    response: Thread,
    errors: [401, 404, 422],
  },
  { method: "get", path: "/comment/thread/comment/replies", summary: "A comment's replies, oldest first (at most 200). 401 guests, 404 unviewable item or unknown comment, 403 closed thread for non-managers.", query: COMMENT_QUERY, response: CommentList, errors: [401, 403, 404, 422] },
  { method: "get", path: "/comment/thread/comment/ancestors", summary: "The top-level comment of a reply (empty for a top-level comment). Errors as for replies.", query: COMMENT_QUERY, response: CommentList, errors: [401, 403, 404, 422] },
  { method: "get", path: "/comment/thread/comment/history", summary: "A comment's history (created, edited, deleted; oldest first) with who and the values it took; admins only (403 otherwise). Removed comments keep theirs.", query: COMMENT_QUERY, response: CommentHistoryList, errors: [401, 403, 404, 422] },
  { method: "get", path: "/api/profiles/{uid}", summary: "Our path: a profile's page (the link beside comments and feed posts, /profiles/{uid}): name, location, description, photo and since when, for everyone; never its username, e-mail or roles. A group's answer links its own page (group_link); to whom may not open that page (a members-only group's outsiders) it gives the name alone: description and group_link null. institutions: the ones the person names, in order. abilities.edit (the Edit profile dialog) and abilities.edit_photo: the person themselves or an admin, never for a group.", response: ProfileView, errors: [404] },
  { method: "put", path: "/api/profiles/{uid}", summary: "Our path: saves a person's name (required, at most 255 characters), location (at most 255) and about text (description, at most 2000; blank or left out clears either) and institutions (at most 10, in order: {institution_id} for one from the autocomplete, {name} for a custom one, which reuses the institution of that name, letter case aside, or creates it with no location). Answers the saved page. A rename also renames the person's searchable user item. The person themselves or an admin (abilities.edit); never a group's profile (403). 401 guests, 422 with the field's message and errors per field (institutions for an id that names none).", request: ProfileUpdateRequest, response: ProfileUpdateResponse, errors: [401, 403, 404, 422] },
  {
    method: "get",
    path: "/profile/autocomplete",
    summary:
      "The people and groups picker of the permissions and share dialogs (first document: st, filter, only-group, only-profile, user-group-profiles, limit): profiles whose name holds st (letter case aside), by name, at most limit (30, the spec's limit for the permission profile autocomplete). Signed-in only. Our reading of what the spec names without describing: filter lists profile ids to leave out (the ones already chosen), only-group answers groups only, only-profile people only, user-group-profiles only the asker's own groups and the people in them. An empty st finds nobody. 422 for only-group with only-profile, a filter that is not profile ids, or a limit outside 1 to 30.",
    query: [
      { name: "st", description: "The typed text (empty finds nobody)." },
      { name: "filter", description: "Profile ids to leave out: a comma list (4,9) or repeated (filter[]=4&filter[]=9)." },
      { name: "only-group", description: "1 for groups only." },
      { name: "only-profile", description: "1 for people only." },
      { name: "user-group-profiles", description: "1 for only the asker's groups and the people in them." },
      { name: "limit", description: "At most this many (1 to 30; 30 when left out)." },
    ],
    response: OwnerAutocomplete,
    errors: [401, 422],
  },
  { method: "get", path: "/profiles/autocomplete/institutions", summary: "The profile form's institution autocomplete (second document): at most 10 institutions whose name holds st (letter case aside), names starting with it first, then by name. st of 2 characters or fewer answers an empty list. state keeps those whose location ends with that state code (\"City, ST\"); lat and lon are accepted and ignored (no coordinates are stored). Open to everyone, like the profile pages that name them. 422 for a state that is not two letters.", query: [{ name: "st", description: "The typed text (from 3 characters)." }, { name: "state", description: "A two-letter state code." }, { name: "lat", description: "Ignored." }, { name: "lon", description: "Ignored." }], response: InstitutionAutocomplete, errors: [422] },
  { method: "get", path: "/notification-settings", summary: "The Manage Notifications modal (second document: \"Notification settings: GET and PUT on a configurable url (settings, subscriber)\"): settings maps each of the asker's settings to its label and description; subscriber maps each to its value (e-mail off, the others on, until the asker saves another). comment_replies: replies under a top-level comment one subscribed to (its author is subscribed on posting it); group_discussions: a new discussion in a group one belongs to; access_requests: a request for access to an item one owns; access_answers: the owner's answer to one's request; reports (listed for moderators and administrators only): a report of an item, comment or feed post one may open; email: each notification is also mailed to the profile's address (plain text, with the link and how to turn these mails off). 401 guests.", response: NotificationSettingsResponse, errors: [401] },
  { method: "put", path: "/notification-settings", summary: "Saves the asker's own settings: subscriber with any of the settings GET lists for the asker, each true or false (the ones left out keep their value). Answers the settings as GET does, with status and message. 401 guests, 422 for an unknown setting or a value that is not true or false, and for a setting the asker does not have (reports, for anyone but moderators and administrators).", request: NotificationSettingsRequest, response: NotificationSettingsSaved, errors: [401, 422] },
  { method: "get", path: "/api/notifications", summary: "Our path: the asker's notifications, newest first, 20 a page, with the total and how many are unread. Each names its kind (comment_reply, group_discussion, access_request, access_accepted, access_declined, content_reported, group_join_request, group_join_approved, group_join_declined), who caused it (null once their profile is gone), what it is about (the item's or group's title and link as they were when it was sent; for access_declined to a requester who still may not view the item, \"this {Type}\" in place of the title it was never shown; for content_reported the item reported or holding what was, linking to the staff's reports page /moderation/reports) and an excerpt (the reply, the discussion's title, the request's reason, or what was reported with the reason and description; at most 200 characters). A notification is only ever its recipient's. 401 guests, 422 for a bad page.", query: [{ name: "page", description: "From 1 (default 1)." }], response: NotificationList, errors: [401, 422] },
  { method: "get", path: "/api/notifications/unread", summary: "Our path: how many of the asker's notifications are unread (the header's count). 401 guests.", response: UnreadNotifications, errors: [401] },
  { method: "post", path: "/api/notifications/read", summary: "Our path: marks the asker's notifications read, by ids (1 to 100; ids of others' notifications change nothing) or all (all: true). Answers the unread count left. 401 guests, 422 for anything else.", request: MarkNotificationsRead, response: UnreadNotifications, errors: [401, 422] },
  { method: "post", path: "/corefiles/image", summary: "Uploads an image to put in an item's body from the editor (the spec's image upload, at /corefiles/image/?v=2 with a CSRF token; v changes nothing): multipart, the image in the part named image: jpg, jpeg, gif, png or svg whose content matches (SVG cleaned of anything but drawing), at most 5 MB. Answers its address (location, served at GET /files/images/{key}.{ext} to whoever has it) and size in pixels. Signed-in profiles (401 guests), at most 200 images a profile a day (429 past that); 422 for no image, another type or content, or a larger file.", request: z.object({ image: z.string().describe("The image (binary part).") }), response: EditorImageResponse, errors: [401, 422, 429], multipart: true },
  { method: "get", path: "/files/images/{file}", summary: "Our path: an image uploaded from the editor, {key}.{ext} as POST /corefiles/image answered (404 for any other name). Served with its type, nosniff and a sandboxing Content-Security-Policy, cached for good (an address never serves other bytes).", response: z.string().describe("The image bytes."), errors: [404] },
  { method: "post", path: "/profiles/{uid}/upload-image", summary: "Changes a person's photo (PUT too, the spec's method override): multipart, the image in the part profileAvatarBlock: jpg, jpeg, gif, png or svg whose content matches, square, 512 to 1024 pixels wide (SVG cleaned), at most 5 MB; the image uploader crops it so. The person themselves or an admin (403 others, 401 guests). Answers the photo's new address (served at it for everyone; the old one is deleted).", response: ProfileImageResponse, errors: [401, 403, 404, 422] },
  { method: "get", path: "/comment/getcomment", summary: "A section's comment thread (legacy comment calls): type is the item's model key, type_id its id, module \"section\", module_id the section's uid (SectionView.uid, kept across saves). thread is null until someone comments; comments oldest first, plain text, each with what the asker may do (only its writer edits or deletes). For signed-in profiles that can view the item (401 guests, 404 otherwise).", query: [{ name: "type", description: "The item's model key." }, { name: "type_id", description: "The item's id." }, { name: "module", description: "section" }, { name: "module_id", description: "The section's uid." }], response: SectionThreadResponse, errors: [401, 404, 422] },
  { method: "get", path: "/comment/threads", summary: "Our path: every comment thread on the item's current sections, in section order, with its status and number of comments; open_count is the number of open threads (the open-thread badge). For signed-in profiles that can view the item.", query: [{ name: "type", description: "The item's model key." }, { name: "type_id", description: "The item's id." }], response: SectionThreadsResponse, errors: [401, 404, 422] },
  { method: "get", path: "/comment/threads/removed", summary: "Our path (second document: the Deleted Comment Threads sidebar): the comment threads of sections a save removed from the item, most recently removed first. A save that drops a section keeps its thread, marked with removed_at and the section's last title (section_title; null for a removal from before titles were kept); a later save that sends the section's uid back (the editor's Undo) makes the thread live again, and it leaves this list. Each thread has its status, comments_count and its comments oldest first, read-only (abilities all false: a removed section's comments and status can no longer be changed, 403 'This thread's section was removed: its comments can be read but not changed.'). For signed-in profiles that may edit the item (owner, edit grants, moderators, admins): 403 'Only those who may edit the item see the comments on its removed sections.' for other viewers, 401 guests, 404 an item the asker cannot view.", query: [{ name: "type", description: "The item's model key." }, { name: "type_id", description: "The item's id." }], response: RemovedSectionThreadsResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/addcomment", summary: "Adds a comment to a section's thread, starting the thread (open) with the first one. thread_id and sort_order are accepted and ignored (one thread per section, in order of writing). 404 with a message when the item has no such section (removed since the page loaded); 422 for an empty comment.", request: SectionCommentCreate, response: SectionCommentResponse, status: 201, errors: [401, 404, 422] },
  { method: "post", path: "/comment/updatecomment", summary: "Changes a section comment's text; only its writer (403 others, and for a removed section's thread).", request: SectionCommentUpdate, response: SectionCommentResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/deletecomment", summary: "Deletes a section comment; only its writer (403 others, and for a removed section's thread). The thread goes with its last comment (thread_removed).", request: SectionCommentDelete, response: SectionCommentDeleteResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/updatestatus", summary: "Resolves (status 2, Mark As Resolved) or re-opens (status 1, Re-open) a section's thread: those who may edit the item (owner, edit grants, moderators, admins) or who started the thread (403 others, and for a removed section's thread).", request: SectionThreadStatusUpdate, response: SectionThreadStatusResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/thread/comment/feedback", summary: "Sets the actor's reaction (like, love, magic, powerful; one per comment); remove true, or the current type again, removes it. Answers the actor's reaction and the four counts. 403 to one who views the item only by its link share (the discussion is read-only for them).", request: CommentFeedbackRequest, response: CommentFeedbackCounts, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/thread/comment/flag", summary: "Report as Inappropriate: a signed-in reader reports someone else's comment with a reason (inappropriate, broken, awesome) and a description (required, at most 2000 characters), stored for moderators (comment_flags), who are notified (content_reported). Answers 'Thank you for your feedback!'. 403 for the comment's author and admins (they edit or delete it instead), for a comment kept as deleted, and for one who views the item only by its link share; 401 guests; 404 an item or comment the actor may not see.", request: CommentFlagRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/comment/thread/comment/subscribe", summary: "Subscribes to or unsubscribes from a top-level comment (a reply: 422). Subscribers are notified of replies under it (setting comment_replies). 403 to one who views the item only by its link share.", request: CommentSubscribeRequest, response: CommentSubscribeResponse, errors: [401, 403, 404, 422] },
);

/** Feeds (second document: the feed with its post form and posts); groups have one, on their page. */
OPERATIONS.push(
  { method: "get", path: "/feeds/by-type/{modelKey}/{modelId}", summary: "A page of the item's feed, newest first, 10 a page: data (posts with poster, the four reaction counts, the actor's own reaction, edited_at, attachments (id, title, source_title, link, attachment_type common_file, attachment_id, description (the size), model_common.icon) and abilities edit, delete, report, react) and next_page_url (null on the last page; it asks for the posts before the last one shown, so posts added meanwhile never repeat). abilities.post: the actor may post; abilities.join and abilities.leave: the actor may join the group (POST /groups/{modelId}/membership) or leave it (DELETE); abilities.request_join: the actor may ask to join it (POST /groups/{modelId}/join-request: its join permission is 'Request to join' (5) and no request of theirs is pending); join_requested_at: when the actor's pending request was sent (null when none; DELETE /groups/{modelId}/join-request withdraws it). modelKey is the item's model key and modelId its id (a group: profile and its content id). Whoever may view the item reads, guests too; 401 guests and 404 members for an item they may not view; 404 'This item has no feed.' for an item without one (only groups have feeds); 422 for a bad before.", query: [{ name: "before", description: "The id of the last post of the page before (from next_page_url)." }], response: FeedPage, errors: [401, 404, 422] },
  { method: "post", path: "/feeds/by-type/{modelKey}/{modelId}", summary: "Posts to the item's feed (201, the new post): content required after trimming ('The post cannot be empty.'), at most 10000 characters, plain text; attachments: the ids POST /feeds/attachment answered this poster, at most 10, attached in one transaction with the post (422 'An attachment was not found among your uploads waiting to be posted: upload it again.' when one is someone else's, already posted or removed; nothing is posted then), refused with 422 'Attachments are not available on this site.' while the site feature feed-discussions.attachments is off (on by default; GET /app/config features). Signed-in members of the group (leaders too) only: 403 for others, moderators and admins included; 401 guests; 404 as for reading.", request: FeedPostCreateRequest, response: FeedPost, status: 201, errors: [401, 403, 404, 422] },
  { method: "put", path: "/feeds/posts/{id}", summary: "Our path for the spec's Edit Post: replaces a post's text (same rules as posting; attachments stay as posted) and sets edited_at (the Edited marker). Its poster only, while still a member of the group who may read it: 403 'Only the poster may edit this post.' for everyone else (the group's leaders, moderators and administrators included); 401 guests; 404 for an unknown post or one whose group the actor may not view; 422 bad text.", request: FeedPostUpdateRequest, response: FeedPost, errors: [401, 403, 404, 422] },
  { method: "post", path: "/feeds/attachment", summary: "Uploads one file (the part named file) to attach to a post: any kind of file, at most 5 MB (422 'This file is too large: an attachment may be at most 5 MB.', the spec's attachment_too_large); 201 with status, id, name, link (GET /files/attachments/{key}), size and common.icon. Send the id in the post's attachments. Uploads not posted are kept a day at most, and a profile may hold at most 20 of them (422 beyond). Signed-in profiles while the feature feed-discussions.attachments is on: 401 guests, 403 'Attachments are not available on this site.' while it is off.", request: z.object({ file: z.string().describe("The file (binary part).") }), response: AttachmentUploadResponse, status: 201, errors: [401, 403, 422], multipart: true },
  { method: "delete", path: "/feeds/attachment/{id}", summary: "Removes an upload that is not posted yet (the form's Remove): its uploader only (403 others, and for a posted one, which goes with its post); 401 guests; 404 unknown.", response: StatusMessageResponse, errors: [401, 403, 404] },
  { method: "post", path: "/comment/attachment", summary: "Uploads one file (the part named file) to attach to a comment on an item: the same rules and answer (status, name, id, link, common, size) as POST /feeds/attachment, while the feature model-discussions.attachments is on (403 'Attachments are not available on this site.' while it is off). Send the id in the comment's attachments.", request: z.object({ file: z.string().describe("The file (binary part).") }), response: AttachmentUploadResponse, status: 201, errors: [401, 403, 422], multipart: true },
  { method: "delete", path: "/comment/attachment/{id}", summary: "Removes an upload that is not posted yet, as DELETE /feeds/attachment/{id}.", response: StatusMessageResponse, errors: [401, 403, 404] },
  { method: "get", path: "/files/attachments/{key}", summary: "An attachment's file (the answer is the file, not JSON): PNG, JPEG and GIF images inline, everything else as a download under its name; nosniff and a sandboxing CSP. Whoever may read the post's feed reads it (guests too for a public group; 401 guests and 404 members otherwise); a comment's, whoever may read the item's discussion (signed in: 401 guests; 404 who may not view the item, and for a deleted comment); an upload not posted yet, only its uploader. 404 unknown.", response: z.object({}), errors: [401, 404] },
  { method: "get", path: "/groups/{modelId}/members", summary: "Our path: the people of the group whose page is the item {modelId} (a profile:group row), for its Members card: data lists the first 50, leaders first then members, each by name (id, name, link to their profile, role leader or member); total counts them all; viewer_role is the asker's own role in the group (null when not in it); sole_leader_id is the group's only leader when it has one only (whom Make member and Remove refuse to change; null otherwise); abilities.manage: the asker may add, remove and change the role of its people and answer requests to join; requests lists the first 50 pending requests to join, oldest first (id and name of the person, link to their profile, created_at), and requests_total counts them, both only for those who may manage (else [] and 0). Whoever may view the group's page reads it, guests too for a public group; 401 guests and 404 members for a group they may not view (an 'Only members' group stays hidden); 404 for an item that is not a group.", response: GroupMembersResponse, errors: [401, 404] },
  { method: "post", path: "/groups/{modelId}/members", summary: "Our path: adds a person (profile_id, a user profile as the profile autocomplete answers it with only-profile) to the group as a member (201 'The person was added to this group.'). The group's leaders and administrators only: 403 'Only this group's leaders and administrators may manage its members.' for others, its members, moderators and other groups' leaders included; 401 guests; 404 for a group the actor may not view; 422 'Choose a person to add.' for a missing id or one that is not a person, 'This person is already in this group.'.", request: GroupMemberAddRequest, response: StatusMessageResponse, status: 201, errors: [401, 403, 404, 422] },
  { method: "put", path: "/groups/{modelId}/members/{profileId}", summary: "Our path: makes a person of the group a leader (role leader) or a leader a member (role member). Who may: as for adding. 404 'This person is not in this group.'; 422 'A group needs at least one leader: make another member a leader first.' when the group's last leader would step down, 'role must be leader or member.'.", request: GroupMemberRoleRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "delete", path: "/groups/{modelId}/members/{profileId}", summary: "Our path: removes a person from the group ('The person was removed from this group.'). Who may: as for adding. 404 'This person is not in this group.'; 422 'A group needs at least one leader: make another member a leader first.' for its last leader.", response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "put", path: "/groups/{modelId}/join-permission", summary: "Our path: sets how people join the group (join_permission 4 invitation only, 5 request to join, 6 anyone can join): 'Who can join is now: {label}.'. Pending requests to join stay, to be answered. The group's leaders and administrators only (403 'Only this group's leaders and administrators may manage its members.'); 401 guests; 404 for an item that is not a group or that the actor may not view; 422 for another value. The members answer's join_permission says the current one.", request: GroupJoinPermissionRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
  { method: "post", path: "/groups/{modelId}/membership", summary: "Our path: joins the group whose page is the item {modelId} (a profile:group row) as a member, so its feed takes the joiner's posts. Only a signed-in reader not yet in it, and only while the group's join permission is 'Anyone can join' (6): 403 'This group is not open to join: its leaders choose its members.' otherwise; 401 guests; 404 for an item that is not a group or that the actor may not view.", response: GroupMembershipResponse, errors: [401, 403, 404] },
  { method: "delete", path: "/groups/{modelId}/membership", summary: "Our path: leaves that group. Only a member who is not one of its leaders (403 'Only a member who is not one of its leaders may leave this group.'); 401 guests; 404 as for joining.", response: GroupMembershipResponse, errors: [401, 403, 404] },
  { method: "post", path: "/groups/{modelId}/join-request", summary: "Our path: asks to join the group whose page is the item {modelId}, when its join permission is 'Request to join' (5); its leaders are notified (group_join_request) and answer on its Members card (201 'Your request to join this group was sent to its leaders.', requested_at the request's time). can_request_join is stored as the group form sends it; the join permission alone decides. Only a signed-in reader of the group's page not in it: 403 'This group is by invitation only: its leaders choose its members, and it takes no requests to join.' for 'Invitation only' (4), 'This group is open to anyone: join it instead of asking.' for 'Anyone can join' (6), 'You are already in this group.' for its leaders and members; 409 'You have already asked to join this group: its leaders have your request.' while a request of theirs is pending (nothing changes, the leaders are not told again); 401 guests; 404 for an item that is not a group or that the actor may not view (an 'Only members' group's page).", response: GroupJoinRequestResponse, status: 201, errors: [401, 403, 404, 409] },
  { method: "delete", path: "/groups/{modelId}/join-request", summary: "Our path: withdraws the asker's own pending request to join that group ('Your request to join this group was withdrawn.', requested_at null); the leaders are not told. 404 'You have no pending request to join this group.' when none is pending, or as for asking; 401 guests.", response: GroupJoinRequestResponse, errors: [401, 404] },
  { method: "post", path: "/groups/{modelId}/join-requests/{profileId}/approve", summary: "Our path: approves the pending request of the person {profileId} to join the group: they become a member and are notified (group_join_approved) ('The request was approved: the person is now a member of this group.'). The group's leaders and administrators only: 403 'Only this group's leaders and administrators may manage its members.' for others, its members, moderators and other groups' leaders included; 401 guests; 404 'This person has no pending request to join this group.', or for a group the actor may not view.", response: StatusMessageResponse, errors: [401, 403, 404] },
  { method: "delete", path: "/groups/{modelId}/join-requests/{profileId}", summary: "Our path: declines the pending request of the person {profileId} to join the group: the request goes and the person is notified (group_join_declined; the subject is the group's page by its title while they may view it, else 'this group') ('The request was declined.'). Who may and errors: as for approving.", response: StatusMessageResponse, errors: [401, 403, 404] },
  { method: "delete", path: "/feeds/posts/{id}", summary: "Deletes a post for good, with its reactions, reports and attachments' files: its poster, the group's leaders, moderators and administrators; 403 for others; 401 guests; 404 for an unknown post or one whose group the actor may not view.", response: FeedPostDeleteResponse, errors: [401, 403, 404] },
  { method: "post", path: "/feeds/posts/{id}/feedback", summary: "Sets the actor's reaction on a post (like, love, magic, powerful; one per post); remove true, or the current type again, removes it. Any signed-in viewer of the group. Answers the actor's reaction and the four counts.", request: FeedFeedbackRequest, response: CommentFeedbackCounts, errors: [401, 404, 422] },
  { method: "post", path: "/feeds/posts/{id}/flag", summary: "Report as Inappropriate: a signed-in viewer reports someone else's post with a reason (inappropriate, broken, awesome) and a description (required, at most 2000 characters), stored for moderators (feed_post_flags), who are notified (content_reported). Answers 'Thank you for your feedback!'. 403 for the poster; 401 guests; 404 as for deleting.", request: FeedPostFlagRequest, response: StatusMessageResponse, errors: [401, 403, 404, 422] },
);

/** Guided tours (first document: the tour button in modal headers; second document: the tour page and its editing). */
OPERATIONS.push(
  { method: "get", path: "/system/guided-tour/by-name", summary: "The tour named after a dialog (its id, e.g. manage-permissions-modal): id, name, configuration (its stops in order: selector, title, content) and abilities.edit (whether the asker may change it). Everyone, guests too. 404 'There is no guided tour by that name.' for an unknown name; 422 without a name. Answers are never cached (Cache-Control: no-store), so fresh is accepted and needs nothing more.", query: [{ name: "name", description: "The tour's name: the id of the dialog it tours." }, { name: "fresh", description: "Accepted and ignored (answers are never cached)." }], response: GuidedTour, errors: [404, 422] },
  { method: "put", path: "/system/guided-tour/{id}", summary: "Replaces a tour's name and configuration (at most 30 stops; each stop's selector (at most 500 characters), title (200) and content (2000) required after trimming: 'Each stop needs a title.', 'Each stop needs a description.', 'Each stop needs a selector.'); answers the tour. Administrators only, and only while the feature guided_tour_edit is on (on by default; GET /app/config features): 403 others and everyone while it is off, 401 guests; 404 an unknown id; 422 bad input or a name another tour has.", request: TourUpdateRequest, response: GuidedTour, errors: [401, 403, 404, 422] },
);

/** Short codes (second document: the 'About Short Codes' dialog with its Try it out preview; the codes are contract/shortCodes.ts). */
OPERATIONS.push({
  method: "post",
  path: "/api/short-codes/preview",
  summary: "Plain text (at most 5000 characters; one paragraph a line) as an item's view page would show it: HTML sanitized with the course-designer profile, its short codes ([callout], [button], [video], [vocab] and their aliases) expanded exactly as in a section's view_html; unknown or malformed codes stay text. For signed-in profiles (401 guests). Nothing is stored.",
  request: ShortCodePreviewRequest,
  response: ShortCodePreviewResponse,
  errors: [401, 422],
});

/** The image search dialog (second document: POST /images/unsplash/search, "Image search photo", "Image search 12 per page"). */
OPERATIONS.push({
  method: "post",
  path: "/images/unsplash/search",
  summary:
    "A page of Unsplash's photo search for the thumbnail designer's image search dialog: st (trimmed, 1 to 100 characters), page (from 1, default 1), limit (1 to 30, default 12). The server asks Unsplash (GET /search/photos) with the site's access key and answers data (each photo's id, urls.small (about 400 px wide, for the grid) and urls.regular (about 1080 px, for the photo chosen), user with name and links.html, links with html and download_location; only https addresses are passed on) and total (photos found in all). For signed-in profiles (401 guests). 503 'Image search is not set up on this site.' without an access key (or when Unsplash refuses it); 502 when Unsplash fails, times out or answers something unreadable.",
  request: ImageSearchRequest,
  response: ImageSearchResponse,
  errors: [401, 422, 502, 503],
});
OPERATIONS.push({
  method: "post",
  path: "/images/unsplash/download",
  summary:
    "Unsplash's download tracking, which its API guidelines ask of an application when a photo is used: download_location (a photo's links.download_location from the search's answer) is called (GET) with the site's access key. The web app calls it once the author has saved a thumbnail made from a searched photo (not when the photo is only picked). Only an address on the Unsplash API's own origin (UNSPLASH_API_URL) is called: anything else is a 422 'The download location must be a photo's download address on Unsplash's API.', as is a missing or empty one. Answers 204 with no body. For signed-in profiles (401 guests). 503 'Image search is not set up on this site.' without an access key; 502 'Unsplash could not be told that the photo was used. Please try again later.' when Unsplash answers an error (a refused key included), times out or cannot be reached.",
  request: ImageDownloadRequest,
  response: z.null(),
  status: 204,
  errors: [401, 422, 502, 503],
});

/** Meetings through Zoom (second document: the Connect to Zoom dialog, GET /system/zoom/user, /user-settings, POST /system/zoom/meetings, /webinars, "Meeting details", error code 1005). */
const ZOOM_COMMON =
  "For signed-in profiles (401 guests). 503 'Zoom meetings are not set up on this site.' when the site has no Zoom OAuth app (ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET). 401 with code 1005 ('Connect your Zoom account to add meetings.') when the profile has no Zoom token, its token expired and could not be refreshed (an expired one with a working refresh token is refreshed and stored first), or Zoom refused it: the web app opens the Connect to Zoom dialog and retries after the connection. 502 when Zoom fails, times out or answers something unreadable.";
OPERATIONS.push(
  { method: "get", path: "/system/third-party-accounts/zoom/connect", summary: "The Connect to Zoom dialog's popup: 302 to Zoom's consent page ({ZOOM_OAUTH_URL}/oauth/authorize, response_type=code, this site's client_id, redirect_uri /system/third-party-accounts/zoom/callback and a random state kept in the session). For signed-in profiles (401 guests); 503 without a Zoom OAuth app.", response: z.object({}), errors: [401, 503] },
  { method: "get", path: "/system/third-party-accounts/zoom/callback", summary: "Zoom's return to the popup (query code and state): checks the state against the session's (used once), exchanges the code at {ZOOM_OAUTH_URL}/oauth/token (HTTP Basic client authentication) and stores the profile's access and refresh tokens encrypted (AES-256-GCM). Answers a small HTML page whose script posts the window message {type: 'zoom-connected'} to its opener on this origin (and on the BroadcastChannel 'zoom-connected') and closes; a bad or replayed state is a 400 page, a refused or failed exchange a 400 or 502 page, none with details. For signed-in profiles: a browser not signed in (a session that ended while Zoom asked) gets a 401 page saying to sign in again, and a site without a Zoom app a 503 page; this call's answers are all pages, never JSON.", response: z.object({}), errors: [401, 503] },
  { method: "get", path: "/system/zoom/user", summary: `The spec's Zoom state: token_available (the profile has a Zoom token Zoom accepts), with the Zoom user's name and e-mail when it does (null otherwise). No token is an answer here (token_available false), not a 401. ${ZOOM_COMMON}`, response: ZoomUserResponse, errors: [401, 502, 503], errorBody: ZoomErrorBody },
  { method: "get", path: "/system/zoom/user-settings", summary: `availableFeatures: meeting (always true) and webinar (the Zoom account's feature.webinar), from Zoom's GET /users/me/settings; the web app offers Add webinar only when it is true. ${ZOOM_COMMON}`, response: ZoomUserSettingsResponse, errors: [401, 502, 503], errorBody: ZoomErrorBody },
  { method: "post", path: "/system/zoom/meetings", summary: `Creates a Zoom meeting (201) through Zoom's POST /users/me/meetings: topic (trimmed, 1 to 200 characters), start_time (optional ISO 8601 date-time with offset; without one an instant meeting), duration (optional minutes, 1 to 1440); 422 with field messages. Answers the meeting details: id (ours, for a comment's meeting_id), owner.name (the Zoom host), zoom_id, join_url (an https zoom.us link, else 502), type, topic, start_time. ${ZOOM_COMMON}`, request: ZoomMeetingRequest, response: MeetingDetails, status: 201, errors: [401, 422, 502, 503], errorBody: ZoomErrorBody },
  { method: "post", path: "/system/zoom/webinars", summary: `Creates a Zoom webinar (201) through Zoom's POST /users/me/webinars, as POST /system/zoom/meetings; 403 'Webinars are not available on your Zoom account.' when the account's feature.webinar is off. ${ZOOM_COMMON}`, request: ZoomMeetingRequest, response: MeetingDetails, status: 201, errors: [401, 403, 422, 502, 503], errorBody: ZoomErrorBody },
);

/** Interceptors (second document: the Interceptors dialog, "Interceptor: id, content", POST /profile/interceptors/{id}/dismiss and /defer). */
OPERATIONS.push(
  { method: "get", path: "/profile/interceptors", summary: "The signed-in profile's pending interceptors, the notices its Interceptors dialog goes through one after another, in order (sort_order, then the oldest first): those switched on, inside their window (starts_at to ends_at, either open-ended), that the profile has not dismissed and has not deferred within the last 24 hours. id, title and content (HTML, sanitized: the simple profile). The renderer asks after signing in and on each page load while signed in. A guest's list is empty (200), never an error.", response: PendingInterceptorsResponse },
  { method: "post", path: "/profile/interceptors/{id}/dismiss", summary: "Dismisses an interceptor for the signed-in profile: it is never shown to it again. Answers the state (dismissed, deferred_until null) and a message. 401 guests; 404 'This interceptor does not exist.'; 422 for a bad id. Only ever the caller's own state.", response: InterceptorResponseAnswer, errors: [401, 404, 422] },
  { method: "post", path: "/profile/interceptors/{id}/defer", summary: "Defers an interceptor for the signed-in profile (Remind me later): it is not shown again for 24 hours, then comes back on the next page load, in its place. Deferring again starts another 24 hours; a dismissed one deferred comes back after 24 hours. Answers the state (deferred) and deferred_until. 401 guests; 404 unknown id; 422 bad id.", response: InterceptorResponseAnswer, errors: [401, 404, 422] },
  { method: "get", path: "/api/interceptors", summary: "Every interceptor, switched off and out of window too, in queue order, with sort_order, is_active, starts_at, ends_at, is_current (shown now) and times. Administrators only (401 guests, 403 others, moderators included).", response: ManagedInterceptorsResponse, errors: [401, 403] },
  { method: "post", path: "/api/interceptors", summary: "Adds an interceptor (201, with 'Interceptor created.'). title required (trimmed, at most 255); content required (at most 20000): HTML kept to the simple profile (paragraphs, emphasis, links, lists, quotes), or plain text, whose blank lines make paragraphs; refused when nothing is left once unsafe markup is removed; sort_order a whole number from -1000000 to 1000000 (default 0); is_active (default true); starts_at and ends_at ISO date-times or null (stored in UTC), the end after the start. Administrators only (401 guests, 403 others); 422 with the field's message.", request: InterceptorInput, response: InterceptorSaveResponse, status: 201, errors: [401, 403, 422] },
  { method: "put", path: "/api/interceptors/{id}", summary: "Replaces an interceptor with what is sent (the same fields and rules as POST; fields left out take their defaults); what profiles did with it stays. Administrators only; 404 when there is none, 422 for a bad id or field.", request: InterceptorInput, response: InterceptorSaveResponse, errors: [401, 403, 404, 422] },
  { method: "delete", path: "/api/interceptors/{id}", summary: "Deletes an interceptor and what profiles did with it. Administrators only; 404 when there is none, 422 for a bad id.", response: StatusMessageResponse, errors: [401, 403, 404, 422] },
);

/** Products and checkout by invoice (first document: "Purchasable product: uuid, name, short_description, price", Buy Now, /checkout/one-click/{productUuid}). */
OPERATIONS.push(
  { method: "get", path: "/api/products", summary: "Every product, active ones first, then by name: uuid, name, short_description, price (the amount as a string with two decimals, \"12.50\"), price_cents, currency (ISO 4217), is_active, the items it unlocks (id, title, link, type), orders_count (its orders of any status), times, and abilities.delete (true while no one has ordered it). Administrators only (401 guests, 403 others).", response: ManagedProductsResponse, errors: [401, 403] },
  { method: "post", path: "/api/products", summary: "Adds a product (201, 'Product created.'). name required (at most 255); short_description at most 1000; price_cents a whole number from 0 (free: Buy Now grants at once) to 10000000; currency three letters (default USD); is_active (default true); item_ids: 1 to 200 ids of resources, lesson plans, collections, outlines, projects or pathways (others are a 422). Administrators only (401 guests, 403 others); 422 with the field's message.", request: ProductInput, response: ProductSaveResponse, status: 201, errors: [401, 403, 422] },
  { method: "put", path: "/api/products/{uuid}", summary: "Replaces a product with what is sent (the same fields and rules as POST; fields left out take their defaults). is_active false takes it off sale (no more Buy Now; its pending orders can still be marked paid). Administrators only; 404 unknown product.", request: ProductInput, response: ProductSaveResponse, errors: [401, 403, 404, 422] },
  { method: "delete", path: "/api/products/{uuid}", summary: "Deletes a product no one has ordered ('Product deleted.'): its list of items goes, the items stay. A product with orders of any status is kept, as its orders are its buyers' record (and a paid one the reason they may open its items): 409 'This product has been ordered, so it cannot be deleted: its orders stay on record. Take it off sale instead.' (take it off sale with PUT is_active false). Administrators only (401 guests, 403 others); 404 unknown product.", response: StatusMessageResponse, errors: [401, 403, 404, 409] },
  { method: "post", path: "/checkout/one-click/{productUuid}", summary: "Buy Now: the target of a plain form post from the request-access card (application/x-www-form-urlencoded, CSRF token as _token; optional return_to, the item's path). No payment provider is involved: the order is paid by invoice. A signed-in buyer gets an order of the product at its current price: pending until an administrator marks it paid, or paid at once (with read granted on the product's items) when the price is 0. A buyer's pending or paid order of the same product is answered again instead of a new one (a double click shows the same order). A form post (Accept: text/html) is redirected (303) to the order's page /checkout/orders/{orderUuid}; a guest's to /auth/login?redirect={return_to}; an unknown or inactive product answers the web app's not-found page (404). Asked for JSON: the order, its link and a message; 401 guests; 404 'This product does not exist or is not for sale.'.", request: CheckoutForm, response: CheckoutResponse, errors: [401, 404, 422] },
  { method: "get", path: "/api/checkout/orders", summary: "The signed-in profile's own orders, newest first (at most 500): status (pending, paid, cancelled), the price bought at, the product, its items, times. 401 guests.", response: OrdersResponse, errors: [401] },
  { method: "get", path: "/api/checkout/orders/{uuid}", summary: "One order, for its buyer and administrators (the order page); anyone else is answered 404 as for an unknown order. abilities says whether the asker may mark it paid or cancel it. 401 guests.", response: OrderResponse, errors: [401, 404] },
  { method: "get", path: "/api/orders", summary: "Every order, newest first (at most 500), optionally only those of one status, for the administrators who confirm payments. 401 guests, 403 others; 422 for an unknown status.", query: [{ name: "status", description: "pending, paid or cancelled." }], response: OrdersResponse, errors: [401, 403, 422] },
  { method: "post", path: "/api/orders/{uuid}/paid", summary: "Marks a pending order paid (its invoice was paid): the buyer gets read on every item of the product (a profile grant, as the permission form stores them; search sees it at once). Administrators only (401 guests, 403 others); 404 unknown order; 409 'Only a pending order can be marked paid or cancelled.'.", response: OrderUpdateResponse, errors: [401, 403, 404, 409] },
  { method: "post", path: "/api/orders/{uuid}/cancel", summary: "Cancels a pending order (nothing is owed, nothing granted). Administrators only (401 guests, 403 others); 404 unknown order; 409 when it is not pending.", response: OrderUpdateResponse, errors: [401, 403, 404, 409] },
);

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });

/**
 * Errors every call of a kind can answer besides its own: a write without its CSRF token (403), a body that
 * is not valid JSON (400), too large (413) or in an encoding the server does not read (415).
 */
function commonErrors(op: Operation): number[] {
  const write = op.method !== "get";
  return [...(write ? [403] : []), ...(op.request ? [400, 413, 415] : [])];
}

/** Builds the OpenAPI 3.1 document from the contract's schemas. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: op.status === 204 ? { description: "Success, no content" } : { description: "Success", content: { "application/json": { schema: schema(op.response) } } },
    };
    for (const code of [...new Set([...(op.errors ?? []), ...commonErrors(op)])].sort())
      responses[String(code)] = { description: "Error", content: { "application/json": { schema: schema(code === 400 || code === 413 || code === 415 ? ErrorBody : (op.errorBody ?? ErrorBody)) } } };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      parameters: [
        ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } })),
        ...(op.query ?? []).map((q) => ({ name: q.name, in: "query", description: q.description, schema: q.array ? { type: "array", items: { type: "string" } } : { type: "string" } })),
      ],
      // Writes with the session cookie send its CSRF token; reads need the cookie alone; guests send neither.
      security: [op.method === "get" ? { session: [] } : { session: [], csrfToken: [] }, { bearer: [] }, {}],
      ...(op.request ? { requestBody: { content: { [op.multipart ? "multipart/form-data" : "application/json"]: { schema: schema(op.request) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Curriculum Commons API",
      version: "0.1.0",
      description: "Generated from contract/. Writes need the X-CSRF-Token header (from GET /getInitializeData) with the session cookie. The desktop app instead sends Authorization: Bearer <ID token of a provider's desktop client (GET /providers: desktop)>, which needs no CSRF token; a bad or expired token answers 401. Errors answer { message, errors? }.",
    },
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "sid", description: "The session cookie POST /auth sets." },
        csrfToken: { type: "apiKey", in: "header", name: "X-CSRF-Token", description: "Writes with the session cookie send the token GET /getInitializeData gives (or _token in a form body)." },
        bearer: { type: "http", scheme: "bearer", description: "The desktop app: an ID token of a provider's desktop client (GET /providers: desktop); no CSRF token needed." },
      },
    },
  };
}
