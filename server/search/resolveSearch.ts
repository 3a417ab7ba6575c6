import type { SearchRequest, SearchTypeConfig } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { loadActor, type Actor } from "../lib/actor.js";
import { HttpError } from "../lib/errors.js";
import { authorize, contentObjectPolicy, searchPolicy } from "../policies/index.js";
import type { ResolvedSearch, TypeTarget } from "./searchContent.js";
import type { SearchSettings } from "./searchLookups.js";

const targetsOf = (t: SearchTypeConfig): TypeTarget[] =>
  t.model_types.map((modelKey) => ({ modelKey, subTypes: t.model_sub_types[modelKey] ?? t.sub_types }));

/**
 * Turns a validated request into what the query runs: which types and facets apply, and whose
 * view of the catalogue to search. Admin-only types and options are authorized here.
 */
export async function resolveSearch(db: Db, actor: Actor, request: SearchRequest, { searchTypes, facetTypeIds }: SearchSettings): Promise<ResolvedSearch> {
  const byKey = new Map(searchTypes.map((t) => [t.type, t]));
  const unknown = request.types.filter((t) => !byKey.has(t));
  if (unknown.length) {
    const message = `Unknown search type: ${unknown.join(", ")}.`;
    throw new HttpError(422, message, { types: [message] });
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
