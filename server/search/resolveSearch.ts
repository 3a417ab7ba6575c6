import { ATTRIBUTE_FACETS, type SearchRequest, type SearchTypeConfig } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { loadActor, type Actor } from "../lib/actor.js";
import { HttpError } from "../lib/errors.js";
import { authorize, contentObjectPolicy, searchPolicy } from "../policies/index.js";
import type { ResolvedSearch, TypeTarget } from "./searchContent.js";
import type { SearchLookups } from "./searchLookups.js";

const targetsOf = (t: SearchTypeConfig): TypeTarget[] =>
  t.model_types.map((modelKey) => ({ modelKey, subTypes: t.model_sub_types[modelKey] ?? t.sub_types }));

/**
 * Turns a validated request into what the query runs: which types and facets apply, and whose
 * view of the catalogue to search. Admin-only types and options are authorized here.
 */
export async function resolveSearch(db: Db, actor: Actor, request: SearchRequest, lookups: SearchLookups): Promise<ResolvedSearch> {
  const { searchTypes, facetTypeIds } = await lookups.settings();
  await checkAttributeFilters(request, facetTypeIds, lookups);
  await checkProfileFilters(db, request);
  const byKey = new Map(searchTypes.map((t) => [t.type, t]));
  // Field errors name the parameters the screen sends (f[t][], f[st][]), as the contract's own checks do.
  const unknown = request.types.filter((t) => !byKey.has(t));
  if (unknown.length) {
    const message = `Unknown search type: ${unknown.join(", ")}.`;
    throw new HttpError(422, message, { "f[t]": [message] });
  }
  // A sub type no search type has would match nothing: refused as an unknown type is, not answered with no results.
  const knownSubTypes = new Set(searchTypes.flatMap((t) => [...t.sub_types, ...Object.values(t.model_sub_types).flat()]));
  const unknownSubTypes = request.subTypes.filter((st) => !knownSubTypes.has(st));
  if (unknownSubTypes.length) {
    const message = `Unknown sub type: ${unknownSubTypes.join(", ")}.`;
    throw new HttpError(422, message, { "f[st]": [message] });
  }

  const chosen = request.types.filter((t) => t !== "all").map((t) => byKey.get(t)!);
  if (chosen.some((t) => t.admin_only)) authorize(actor, searchPolicy.canUseAdminSearchTypes(actor), "Only admins can search this type.");
  const general = searchTypes.filter((t) => t.type !== "all" && !t.admin_only);
  const active = chosen.length ? chosen : general;

  let targets = active.flatMap(targetsOf);
  if (request.modelTypes.length) {
    const adminKeys = new Set(searchTypes.filter((t) => t.admin_only).flatMap((t) => t.model_types));
    if (request.modelTypes.some((m) => adminKeys.has(m) && !general.some((g) => g.model_types.includes(m))))
      authorize(actor, searchPolicy.canUseAdminSearchTypes(actor), "Only admins can search this type.");
    targets = chosen.length
      ? targets.filter((t) => request.modelTypes.includes(t.modelKey as never))
      : request.modelTypes.map((m) => targets.find((t) => t.modelKey === m) ?? { modelKey: m, subTypes: [] });
    if (!targets.length) targets = [{ modelKey: "__none__", subTypes: [] }];
  }

  // The facets of the chosen tabs, or of the "all" tab when none is chosen.
  const allTab = byKey.get("all");
  const facetKeys = [...new Set((chosen.length ? chosen : allTab ? [allTab] : general).flatMap((t) => t.attributes))];

  if (request.others.some((o) => o !== "open")) authorize(actor, searchPolicy.canUseMyStuffFilters(actor));

  let subject: Actor = actor;
  if (request.asProfile !== null) {
    authorize(actor, searchPolicy.canSearchAsProfile(actor), "Only admins can search as another profile.");
    subject = await loadActor(db, request.asProfile);
    if (!subject.signedIn) throw new HttpError(422, `No user profile with id ${request.asProfile}.`, { as_profile: ["No such profile."] });
  }
  if (request.ignorePermissions) authorize(actor, searchPolicy.canIgnorePermissions(actor), "Only admins can ignore permissions.");

  return {
    request,
    scope: request.ignorePermissions ? { kind: "all" } : contentObjectPolicy.viewScope(subject),
    profileId: subject.profile?.id ?? null,
    targets,
    facetTypeIds,
    facetKeys: facetKeys.filter((k) => k in facetTypeIds),
    searchTypes: searchTypes.filter((t) => !t.admin_only || searchPolicy.canUseAdminSearchTypes(actor)),
  };
}

/**
 * Owner and publisher filters must name profiles that exist: a bookmark naming a deleted or mistyped one is refused with
 * the ids it names (the screen shows the reason and offers Clear filters, as for an unknown attribute value), where it
 * found nothing under a tag reading "Owner: #123".
 */
async function checkProfileFilters(db: Db, request: SearchRequest): Promise<void> {
  const ids = [...new Set([...request.owners, ...request.publishers])];
  if (!ids.length) return;
  const known = new Set((await db.selectFrom("profiles").select("id").where("id", "in", ids).execute()).map((r) => r.id));
  const errors: Record<string, string[]> = {};
  for (const [field, label, list] of [["f[owners]", "owner", request.owners], ["f[publishers]", "publisher", request.publishers]] as const) {
    const wrong = list.filter((id) => !known.has(id));
    if (wrong.length) errors[field] = [`Unknown ${label}${wrong.length > 1 ? "s" : ""}: ${wrong.join(", ")}.`];
  }
  const messages = Object.values(errors).flat();
  if (messages.length) throw new HttpError(422, messages[0]!, errors);
}

/** Each attribute filter's values must be items of its facet's type: a subject's id sent as a grade is refused, not searched as a subject. */
async function checkAttributeFilters(request: SearchRequest, facetTypeIds: Record<string, number>, lookups: SearchLookups): Promise<void> {
  const chosen = Object.entries(request.attributes).filter(([, ids]) => ids.length);
  if (!chosen.length) return;
  const items = await lookups.attributeItems(chosen.flatMap(([, ids]) => ids));
  const errors: Record<string, string[]> = {};
  for (const [key, ids] of chosen) {
    const wrong = ids.filter((id) => items.get(id)?.type_id !== facetTypeIds[key]);
    const label = ATTRIBUTE_FACETS.find((f) => f.url === key)?.label ?? key;
    if (wrong.length) errors[key] = [`Unknown ${label} value${wrong.length > 1 ? "s" : ""}: ${wrong.join(", ")}.`];
  }
  const messages = Object.values(errors).flat();
  if (messages.length) throw new HttpError(422, messages[0]!, errors);
}
