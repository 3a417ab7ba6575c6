import { Router } from "express";
import {
  CREATE_MESSAGES,
  CollectionCreateRequest,
  DEFAULT_VIEW_PERMISSION,
  GROUP_JOIN_PERMISSIONS,
  GROUP_VIEW_PERMISSIONS,
  GroupCreateRequest,
  type CollectionCreateResponse,
  type GroupCreateResponse,
  type GroupPermissionOptions,
} from "../../../contract/index.js";
import { createContent } from "../../commands/createContent.js";
import { createGroup } from "../../commands/createGroup.js";
import type { Db } from "../../db/connection.js";
import { parseOr422 } from "../../lib/validate.js";
import { authorize, collectionPolicy, groupPolicy } from "../../policies/index.js";
import { itemLink } from "../../presenters/editableItem.js";
import { creatableTypes, creatableTypesIn, readSettings, siteFeaturesIn } from "../app/index.js";

/** The creator's calls: POST /collections/create, POST /groups, GET /groups/permission-options. */
export function createRouter(db: Db): Router {
  const router = Router();

  router.post("/collections/create", async (req, res) => {
    authorize(req.actor, collectionPolicy.canCreate(req.actor, await creatableTypes(db)), CREATE_MESSAGES.typeNotCreatable);
    const body = parseOr422(CollectionCreateRequest, req.body ?? {});
    const item = await createContent(db, { modelKey: "collection", title: body.title, description: body.description ?? "", ownerId: req.actor.profile!.id });
    const answer: CollectionCreateResponse = { status: "success", message: "Collection created.", link: itemLink(item), id: item.id };
    res.json(answer);
  });

  router.get("/groups/permission-options", async (req, res) => {
    const settings = await readSettings(db);
    authorize(req.actor, groupPolicy.canCreate(req.actor, creatableTypesIn(settings)), CREATE_MESSAGES.typeNotCreatable);
    const answer: GroupPermissionOptions = { view: [...GROUP_VIEW_PERMISSIONS], join: [...GROUP_JOIN_PERMISSIONS], showView: siteFeaturesIn(settings).group_view_permission };
    res.json(answer);
  });

  router.post("/groups", async (req, res) => {
    // One read of the settings serves the policy (creatableTypes) and the feature flag below.
    const settings = await readSettings(db);
    authorize(req.actor, groupPolicy.canCreate(req.actor, creatableTypesIn(settings)), CREATE_MESSAGES.typeNotCreatable);
    const body = parseOr422(GroupCreateRequest, req.body ?? {});
    const { group, content } = await createGroup(db, {
      leaderId: req.actor.profile!.id,
      name: body.name,
      shortName: body.short_name,
      description: body.description,
      // The view choice is offered only while the group_view_permission feature is on; otherwise the default holds.
      viewPermission: siteFeaturesIn(settings).group_view_permission ? body.view_permission : DEFAULT_VIEW_PERMISSION,
      joinPermission: body.join_permission,
      canRequestJoin: body.can_request_join,
    });
    const answer: GroupCreateResponse = { success: true, message: "Group created.", objGroup: { id: group.id, name: group.name, link: itemLink(content) } };
    res.json(answer);
  });
  return router;
}
