import { Router } from "express";
import {
  ATTRIBUTE_MESSAGES,
  AttributeTreeQuery,
  AttributeTypeParam,
  ItemsByIdsRequest,
  ModelKey,
  STANDARD_SEARCH_LIMIT,
  STANDARDS_TYPE,
  SelectedStandardsQuery,
  StandardSearchRequest,
  TreeByIdsRequest,
  TreeByTypeRequest,
  type AttributeConfigResponse,
  type AttributeTreeResponse,
  type ItemsByIdsResponse,
  type SelectedStandardsResponse,
  type StandardSearchResponse,
  type TreesByTypeResponse,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { AttributeItem } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import {
  attributeTypesForModel,
  childIdsByParent,
  findAttributeType,
  findItemsByIds,
  findItemsWithRoots,
  listAttributeTypes,
  listChildItems,
  listItemsOfTypes,
  searchLeafItems,
  withAncestors,
  type AttributeType,
} from "../../models/attributes.js";
import { attributePolicy, authorize } from "../../policies/index.js";
import { presentAttributeItem, presentAttributeTree, presentAttributeTypeConfig, presentStandard, presentStandardGroups } from "../../presenters/attribute.js";

/** Items with their child ids, as the lazy-loading tree wants them. */
async function presentWithChildIds(db: Db, rows: AttributeItem[]) {
  const children = await childIdsByParent(db, rows.map((r) => r.id));
  return rows.map((r) => presentAttributeItem(r, children.get(r.id) ?? []));
}

/** Nested trees per type key, types in the order given. */
function treesByType(types: AttributeType[], items: AttributeItem[]): TreesByTypeResponse["arrObjResponse"] {
  const out: TreesByTypeResponse["arrObjResponse"] = {};
  for (const t of types) out[t.key] = presentAttributeTree(items.filter((i) => i.type_id === t.id));
  return out;
}

/** The attribute and standards reads: type configuration, trees (whole or lazy), lookups and standards search. */
export function attributesRouter(db: Db): Router {
  const router = Router();

  router.get("/attributes/config/:modelKey", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const modelKey = ModelKey.safeParse(req.params.modelKey);
    if (!modelKey.success) throw new HttpError(404, ATTRIBUTE_MESSAGES.unknownModelKey(req.params.modelKey));
    const body: AttributeConfigResponse = (await attributeTypesForModel(db, modelKey.data)).map(presentAttributeTypeConfig);
    res.json(body);
  });

  router.get("/attributes/tree/:attributeType", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const typeRef = parseOr422(AttributeTypeParam, req.params.attributeType);
    const { parent_id: parentId } = parseOr422(AttributeTreeQuery, req.query);
    const type = await findAttributeType(db, typeRef);
    if (!type) throw new HttpError(404, ATTRIBUTE_MESSAGES.unknownType(req.params.attributeType));
    if (parentId !== undefined && !(await findItemsByIds(db, [parentId], type.id)).length) throw new HttpError(404, ATTRIBUTE_MESSAGES.unknownParent);
    const body: AttributeTreeResponse = await presentWithChildIds(db, await listChildItems(db, type.id, parentId ?? null));
    res.json(body);
  });

  router.post("/attributes/getTreeByType", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const { types: keys } = parseOr422(TreeByTypeRequest, req.body ?? {});
    const known = new Map((await listAttributeTypes(db)).map((t) => [t.key, t]));
    const unknown = keys.find((k) => !known.has(k));
    if (unknown) throw new HttpError(422, ATTRIBUTE_MESSAGES.unknownType(unknown), { types: [ATTRIBUTE_MESSAGES.unknownType(unknown)] });
    const types = [...new Set(keys)].map((k) => known.get(k)!);
    const items = await listItemsOfTypes(db, types.map((t) => t.id));
    const body: TreesByTypeResponse = { status: "success", arrObjResponse: treesByType(types, items) };
    res.json(body);
  });

  router.post("/attributes/tree", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const { attribute_id: ids } = parseOr422(TreeByIdsRequest, req.body ?? {});
    const rows = [...(await withAncestors(db, await findItemsByIds(db, ids))).values()];
    const types = (await listAttributeTypes(db)).filter((t) => rows.some((r) => r.type_id === t.id));
    const body: TreesByTypeResponse = { status: "success", arrObjResponse: treesByType(types, rows) };
    res.json(body);
  });

  router.post("/attributes/getMultipleItemByIds", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const { type, ids } = parseOr422(ItemsByIdsRequest, req.body ?? {});
    let arrObjResponse: ItemsByIdsResponse["arrObjResponse"] = [];
    if (type === "standard") {
      const standards = await findAttributeType(db, STANDARDS_TYPE);
      if (standards) arrObjResponse = (await findItemsWithRoots(db, ids, standards.id)).map(({ item, root }) => presentStandard(item, root));
    } else {
      arrObjResponse = await presentWithChildIds(db, (await findItemsWithRoots(db, ids)).map(({ item }) => item));
    }
    const body: ItemsByIdsResponse = { status: "success", arrObjResponse };
    res.json(body);
  });

  router.post("/attributes/getMultipleItemBySearchTerm", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const { st } = parseOr422(StandardSearchRequest, req.body ?? {});
    const standards = await findAttributeType(db, STANDARDS_TYPE);
    const hits = standards ? await searchLeafItems(db, standards.id, st, STANDARD_SEARCH_LIMIT) : [];
    const withRoots = await findItemsWithRoots(db, hits.map((h) => h.id));
    const body: StandardSearchResponse = { status: "success", arrObjResponse: withRoots.map(({ item, root }) => presentStandard(item, root)) };
    res.json(body);
  });

  router.get("/standards/selected", async (req, res) => {
    authorize(req.actor, attributePolicy.canReadAttributes(req.actor));
    const { ids } = parseOr422(SelectedStandardsQuery, req.query);
    const standards = await findAttributeType(db, STANDARDS_TYPE);
    const pairs = standards ? await findItemsWithRoots(db, ids, standards.id) : [];
    const body: SelectedStandardsResponse = { status: "success", arrObjResponse: presentStandardGroups(pairs) };
    res.json(body);
  });

  return router;
}
