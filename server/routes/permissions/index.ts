import { Router, type Request } from "express";
import {
  AccessDetailsQuery,
  AccessRequest,
  AddLinkShareRequest,
  InviteAcceptRequest,
  NewLinkRequest,
  PERMISSION_MESSAGES,
  PermissionsQuery,
  PermissionsSaveRequest,
  withDependencies,
  type AccessDetailsResponse,
  type AccessRequestResponse,
  type AddLinkShareResponse,
  type InviteAcceptResponse,
  type NewLinkResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { deliver, notifyAccessAnswers, notifyAccessRequest } from "../../commands/notify.js";
import { acceptInvite } from "../../commands/acceptInvites.js";
import { addLinkShare, replaceItemLink, RequestsAnsweredMeanwhile, savePermissions, type NewInvite, type PermissionSet } from "../../commands/savePermissions.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { permissionInviteMail } from "../../mail/messages.js";
import { mailFor, type MailContext } from "../../mail/transport.js";
import { listInvites } from "../../models/permissionInvites.js";
import { itemLink } from "../../presenters/editableItem.js";
import { findRequest, listGrants, listOpenRequests, openRequest, profileKinds } from "../../models/permissions.js";
import { authenticate, authorize, authorizeView, contentObjectPolicy, feedPolicy, permissionPolicy, productPolicy } from "../../policies/index.js";
import { findPendingOrders, listActiveProductsFor } from "../../models/products.js";
import { presentOfferedProduct } from "../../presenters/checkout.js";
import { modelTypeInfo } from "../../presenters/modelTypes.js";
import { presentOwnRequest, presentPermissions } from "../../presenters/permissions.js";
import type { FileStorage } from "../../storage/fileStorage.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

const fail = (field: string, message: string): never => {
  throw new HttpError(422, message, { [field]: [message] });
};

/**
 * An item the actor may manage permissions of: 401 guest, 404 unknown or unviewable to a member, 403 otherwise refused.
 * Named by opaque_id (or uid) it is reached by its link, so a member a link share lets view it is told 403, not 404.
 */
async function loadManageable(db: Db, req: Request, ref: { model?: string; id?: number; uid?: string; opaque_id?: string }, allowed = permissionPolicy.canManage): Promise<LoadedItem> {
  const item = ref.opaque_id ? await loadItemBy(db, "opaque_id", ref.opaque_id, ref.model) : ref.uid ? await loadItemBy(db, "uid", ref.uid, ref.model) : await loadItemBy(db, "id", ref.id!, ref.model);
  const grants = await grantsOf(db, item);
  // Whoever may not manage it learns nothing of an item they cannot view (a moderator included: it manages only what it may view).
  if (!allowed(req.actor, item, grants)) {
    authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants, item.reach));
    authorize(req.actor, false, PERMISSION_MESSAGES.forbidden);
  }
  return item;
}

/**
 * The item an access request names, for a signed-in asker. opaque_id and uid are random, so holding one is holding the
 * item's link and may learn that it exists; a sequential id only finds items the asker may already view (else 404).
 */
async function loadRequested(db: Db, req: Request, ref: { model?: string; id?: number; uid?: string; opaque_id?: string }): Promise<{ item: LoadedItem; canView: boolean }> {
  const item = ref.opaque_id ? await loadItemBy(db, "opaque_id", ref.opaque_id, ref.model) : ref.uid ? await loadItemBy(db, "uid", ref.uid, ref.model) : await loadItemBy(db, "id", ref.id!, ref.model);
  const canView = contentObjectPolicy.canView(req.actor, item, await grantsOf(db, item), item.reach);
  // Only items one may ask access to (not groups, profiles or attribute items) are told of by their link (not by a
  // uid New link replaced: who holds only that learns nothing).
  if (item.reach !== "link" || !permissionPolicy.canRequestAccess(req.actor, item, canView)) authorizeView(req.actor, canView);
  return { item, canView };
}

/** Checks a permission form's rows against the grant model and the database; the set to save. */
async function permissionSetFrom(db: Db, item: LoadedItem, body: ReturnType<typeof PermissionsSaveRequest.parse>): Promise<PermissionSet> {
  if (body.locked.length) fail("locked", PERMISSION_MESSAGES.rowUnavailable("Locked"));
  if (body.accepted_requests.some((id) => body.rejected_requests.includes(id))) fail("accepted_requests", PERMISSION_MESSAGES.requestBoth);
  const open = await listOpenRequests(db, item.id);
  const openById = new Map(open.map((r) => [r.id, r]));
  if ([...body.accepted_requests, ...body.rejected_requests].some((id) => !openById.has(id))) fail("accepted_requests", PERMISSION_MESSAGES.requestNotFound);
  const profiles = new Map<number, string[]>();
  for (const p of body.profiles) if (p.permissions.length) profiles.set(p.id, withDependencies([...(profiles.get(p.id) ?? []), ...p.permissions]));
  // An accepted request becomes a read grant for its requester (unless the form already gives them more).
  const accepted = body.accepted_requests.map((id) => ({ id, profileId: openById.get(id)!.profile_id }));
  for (const a of accepted) if (!profiles.has(a.profileId)) profiles.set(a.profileId, ["read"]);
  const groups = new Map<number, "read" | "edit">();
  for (const g of body.groups) if (g.group_leader.length || g.group_member.length) groups.set(g.id, g.group_leader.includes("edit") || groups.get(g.id) === "edit" ? "edit" : "read");
  if (profiles.has(item.owner_id) || groups.has(item.owner_id)) fail("profiles", PERMISSION_MESSAGES.ownerRow);
  const kinds = await profileKinds(db, [...profiles.keys(), ...groups.keys()]);
  if ([...profiles.keys()].some((id) => kinds.get(id) !== "user")) fail("profiles", PERMISSION_MESSAGES.profileNotFound);
  if ([...groups.keys()].some((id) => kinds.get(id) !== "group")) fail("groups", PERMISSION_MESSAGES.groupNotFound);
  // One invite per address (lowercased); empty entries are ignored; edit if any row of it says so, sent again if any row asks.
  const invites = new Map<string, { permission: "read" | "edit"; resend: boolean }>();
  for (const i of body.permission_invites) {
    const email = i.email.toLowerCase();
    const earlier = invites.get(email);
    if (email) invites.set(email, { permission: i.permissions.includes("edit") || earlier?.permission === "edit" ? "edit" : "read", resend: Boolean(i.resend || earlier?.resend) });
  }
  return {
    global: withDependencies(body.global),
    authed: withDependencies(body.authed),
    link: withDependencies(body.link),
    profiles: [...profiles].map(([id, permissions]) => ({ id, permissions })),
    groups: [...groups].map(([id, permission]) => ({ id, permission })),
    acceptedRequests: accepted,
    rejectedRequests: body.rejected_requests.map((id) => ({ id, profileId: openById.get(id)!.profile_id })),
    invites: [...invites].map(([email, invite]) => ({ email, ...invite })),
  };
}

/** The mail to a new invitee: the link that takes the invite (after signing in or registering). */
function inviteMailFor(req: Request, mail: MailContext, item: LoadedItem, invite: NewInvite) {
  return permissionInviteMail({
    to: invite.email,
    inviterName: req.actor.profile!.name,
    title: item.title,
    acceptLink: `${mail.baseUrl(req)}/invites/accept?token=${encodeURIComponent(invite.token)}`,
    canEdit: invite.permission === "edit",
  });
}

/** Permissions management (GET/POST /permissions, POST /permissions/add-link-share, POST /permissions/new-link) and access requests (POST /permissions/request, GET /permissions/access-details). */
export function permissionsRouter(db: Db, storage: FileStorage, mail: MailContext): Router {
  const router = Router();

  router.get("/permissions", authenticate(), async (req, res) => {
    const query = parseOr422(PermissionsQuery, req.query);
    const item = await loadManageable(db, req, { opaque_id: query.opaque_id });
    const [grants, requests, ownerKind, invites] = await Promise.all([listGrants(db, item.id), listOpenRequests(db, item.id), profileKinds(db, [item.owner_id]), listInvites(db, item.id)]);
    res.json(presentPermissions(item.title, { profile_id: item.owner_id, name: item.owner_name, is_group: ownerKind.get(item.owner_id) === "group" }, grants, requests, invites));
  });

  router.post("/permissions", authenticate(), async (req, res) => {
    const body = parseOr422(PermissionsSaveRequest, req.body ?? {});
    const item = await loadManageable(db, req, { opaque_id: body.opaque_id });
    const set = await permissionSetFrom(db, item, body);
    const { newInvites } = await savePermissions(db, item, set, req.actor.profile!.id).catch((error: unknown) => {
      // Another save answered one of its requests meanwhile: that one stands, this stale form saves nothing.
      if (error instanceof RequestsAnsweredMeanwhile) fail("accepted_requests", PERMISSION_MESSAGES.requestNotFound);
      throw error;
    });
    for (const invite of newInvites) void mail.mailer.send(inviteMailFor(req, mail, item, invite));
    const answers = { item, deciderId: req.actor.profile!.id, accepted: set.acceptedRequests.map((r) => r.profileId), declined: set.rejectedRequests.map((r) => r.profileId) };
    if (answers.accepted.length || answers.declined.length) await deliver(req.log, "access answers", () => notifyAccessAnswers(db, answers, mailFor(mail, req)));
    res.json({ status: "success", message: PERMISSION_MESSAGES.saved } satisfies StatusMessageResponse);
  });

  // An e-mail invite's link: the signed-in profile that opens it takes the invite (the web app's /invites/accept page).
  router.post("/api/invites/accept", authenticate(), async (req, res) => {
    const body = parseOr422(InviteAcceptRequest, req.body ?? {});
    authorize(req.actor, permissionPolicy.canAcceptInvite(req.actor));
    const outcome = await acceptInvite(db, body.token, req.actor.profile!.id);
    if (outcome.kind === "expired") throw new HttpError(410, PERMISSION_MESSAGES.inviteExpired);
    if (outcome.kind === "unknown") throw new HttpError(404, PERMISSION_MESSAGES.inviteInvalid);
    const { item } = outcome;
    req.log.info({ contentId: item.id }, "e-mail invite accepted");
    res.json({ status: "success", message: PERMISSION_MESSAGES.inviteAccepted(item.title), link: itemLink(item) } satisfies InviteAcceptResponse);
  });

  router.post("/permissions/add-link-share", authenticate(), async (req, res) => {
    const body = parseOr422(AddLinkShareRequest, req.body ?? {});
    const item = await loadManageable(db, req, body, permissionPolicy.canAddLinkShare);
    await addLinkShare(db, item);
    res.json({ status: "success", message: PERMISSION_MESSAGES.linkShared, link: ["read"] } satisfies AddLinkShareResponse);
  });

  // A new link for the item (the old one stops opening it): for an owner who sent its link to the wrong people.
  router.post("/permissions/new-link", authenticate(), async (req, res) => {
    const body = parseOr422(NewLinkRequest, req.body ?? {});
    const item = await loadManageable(db, req, { opaque_id: body.opaque_id }, permissionPolicy.canMakeNewLink);
    if (item.visibility === "public") fail("opaque_id", PERMISSION_MESSAGES.newLinkPublic);
    const fresh = await replaceItemLink(db, storage, item);
    req.log.info({ contentId: item.id }, "item link replaced");
    res.json({ status: "success", message: PERMISSION_MESSAGES.newLinkMade, link: itemLink({ ...item, uid: fresh.uid }), opaque_id: fresh.opaque_id } satisfies NewLinkResponse);
  });

  router.get("/permissions/access-details", authenticate(), async (req, res) => {
    const query = parseOr422(AccessDetailsQuery, req.query);
    const { item, canView } = await loadRequested(db, req, query);
    const asker = req.actor.profile!.id;
    const [request, products] = await Promise.all([findRequest(db, item.id, asker), productPolicy.isOfferedProducts(req.actor, canView) ? listActiveProductsFor(db, item.id) : []]);
    const pending = await findPendingOrders(db, asker, products.map((p) => p.id));
    const answer: AccessDetailsResponse = {
      details: {
        owner: { name: item.owner_name },
        type_name_singular: modelTypeInfo(item.model_key, item.sub_type).singular,
        can_view: canView,
        permissionRequest: request ? presentOwnRequest(request) : null,
        availableProducts: products.map((p) => presentOfferedProduct(p, pending.get(p.id))),
      },
    };
    res.json(answer);
  });

  router.post("/permissions/request", authenticate(), async (req, res) => {
    const body = parseOr422(AccessRequest, req.body ?? {});
    const { item, canView } = await loadRequested(db, req, body);
    // A group is joined through its own flow (Join group, Request to join), decided by its leaders, not by a read grant.
    if (feedPolicy.hasFeed(item)) fail("id", PERMISSION_MESSAGES.groupNotRequestable);
    if (canView) fail("id", PERMISSION_MESSAGES.alreadyViewer);
    authorize(req.actor, permissionPolicy.canRequestAccess(req.actor, item, canView));
    const earlier = await findRequest(db, item.id, req.actor.profile!.id);
    if (earlier?.status === "pending") throw new HttpError(409, PERMISSION_MESSAGES.alreadyRequested);
    const request = await openRequest(db, item.id, req.actor.profile!.id, body.requestReason);
    if (!request) throw new HttpError(409, PERMISSION_MESSAGES.alreadyRequested);
    await deliver(req.log, "an access request", () => notifyAccessRequest(db, { id: request.id, item, requesterId: req.actor.profile!.id, reason: body.requestReason ?? null }, mailFor(mail, req)));
    res.json({ status: "success", message: PERMISSION_MESSAGES.requestSent, request: presentOwnRequest(request) } satisfies AccessRequestResponse);
  });

  return router;
}
