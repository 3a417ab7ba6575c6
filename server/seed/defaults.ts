import crypto from "node:crypto";
import type { SearchTypeConfig } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { ensureConfigValue } from "../models/appConfig.js";
import { ensureTour } from "../models/guidedTours.js";
import { saveSearchType } from "../models/searchTypes.js";

/** The attribute types every installation has (their trees are data). */
export const ATTRIBUTE_TYPES = [
  { key: "grades", name: "Grades", leaf_only: 0, single: 0 },
  { key: "subjects", name: "Subjects", leaf_only: 0, single: 0 },
  { key: "standards", name: "Standards", leaf_only: 1, single: 0 },
  { key: "industries", name: "Industries", leaf_only: 0, single: 0 },
  { key: "professional_roles", name: "Professional Roles", leaf_only: 0, single: 0 },
  { key: "resource_categories", name: "Resource Categories", leaf_only: 0, single: 1 },
  { key: "content_pricing", name: "Content Pricing", leaf_only: 0, single: 1 },
  { key: "group_types", name: "Group Types", leaf_only: 0, single: 1 },
];

const FILTERS = ["owners", "publishers", "others", "dates"];
const type = (t: string, label: string, icon: string, modelTypes: SearchTypeConfig["model_types"], attributes: string[], extra: Partial<SearchTypeConfig> = {}): SearchTypeConfig => ({
  type: t,
  label,
  icon,
  model_types: modelTypes,
  sub_types: [],
  model_sub_types: {},
  attributes,
  filters: FILTERS,
  group_type_ids: [],
  admin_only: false,
  ...extra,
});

/** The search types (tabs) of a new installation. */
export const DEFAULT_SEARCH_TYPES: SearchTypeConfig[] = [
  type("all", "All", "grip", [], ["grades", "subjects", "standards", "resource_categories", "content_pricing"]),
  type("resources", "Resources", "file-lines", ["resource"], ["grades", "subjects", "standards", "industries", "professional_roles", "resource_categories", "content_pricing"]),
  type("lesson_plans", "Lesson Plans", "chalkboard-user", ["lesson_plan"], ["grades", "subjects", "standards", "content_pricing"]),
  type("collections", "Collections", "layer-group", ["collection"], ["grades", "subjects"]),
  type("outlines", "Outlines", "list-tree", ["outline"], ["grades", "subjects", "standards"]),
  type("projects", "Projects", "diagram-project", ["project"], ["grades", "subjects", "standards", "industries", "professional_roles"]),
  type("pathways", "Pathways", "route", ["pathway"], ["grades", "subjects", "standards", "industries", "professional_roles"]),
  type("groups", "Groups", "users", ["profile"], ["grouptypes"], { sub_types: ["group"], model_sub_types: { profile: ["group"] }, filters: ["others", "dates"] }),
  type("announcements", "Announcements", "bullhorn", ["cms_page"], [], { sub_types: ["announcement"], model_sub_types: { cms_page: ["announcement"] }, filters: ["owners", "dates"] }),
  type("users", "Users", "user-gear", ["user"], [], { admin_only: true, filters: ["dates"] }),
];

/** The badges every installation offers (more can be added as rows of `badges`). */
export const DEFAULT_BADGES = [
  { key: "exemplar", name: "Exemplar", description: "A model of its kind, chosen by the site's reviewers.", icon: "award" },
  { key: "peer_reviewed", name: "Peer Reviewed", description: "Read and checked by educators other than its author.", icon: "award" },
  { key: "standards_aligned", name: "Standards Aligned", description: "Its standards have been checked against what it teaches.", icon: "award" },
  { key: "editors_pick", name: "Editor's Pick", description: "Recommended by the site's editors.", icon: "award" },
];

/**
 * The guided tours every installation has, named after the dialog they tour (its id); their selectors are the
 * dialogs' `data-tour` marks and action rows. Administrators may change them (PUT /system/guided-tour/{id}).
 */
export const DEFAULT_TOURS = [
  {
    name: "manage-permissions-modal",
    configuration: [
      { selector: '#manage-permissions-modal [data-tour="permissions-table"]', title: "Who may see and edit", content: "Tick Read to let everybody, signed-in members or anyone with the link see the item. People and groups you add can be given Edit too." },
      { selector: '#manage-permissions-modal [data-tour="permissions-add"]', title: "Add people and groups", content: "Search for a person or a group by name and add them to the table; they may read the item until you tick Edit." },
      { selector: "#manage-permissions-modal .dialog__actions", title: "Save your changes", content: "Nothing changes until you save. Cancel leaves the permissions as they were." },
    ],
  },
  {
    name: "manage-content-endorsements-modal",
    configuration: [
      { selector: '#manage-content-endorsements-modal [data-tour="endorsements-list"]', title: "Endorsements", content: "Each endorser is shown on the item with the kind of endorsement you choose: published, sponsored, endorsed or recognized by." },
      { selector: '#manage-content-endorsements-modal [data-tour="endorsements-add"]', title: "Add an endorser", content: "Add a person or a group as an endorser. Moderators may add anyone; others may add themselves or a group they lead." },
      { selector: "#manage-content-endorsements-modal .dialog__actions", title: "Save your changes", content: "Endorsements change when you save; removed ones are struck out until then." },
    ],
  },
];

/** Writes what every installation needs once: attribute types, search types, badges, guided tours, the session secret. */
export async function ensureDefaults(db: Db): Promise<{ sessionSecret: string }> {
  for (const [i, t] of ATTRIBUTE_TYPES.entries()) {
    await db.insertInto("attribute_types").values({ ...t, sort_order: i }).onConflict((oc) => oc.column("key").doNothing()).execute();
  }
  for (const [i, b] of DEFAULT_BADGES.entries()) {
    await db.insertInto("badges").values({ ...b, sort_order: i }).onConflict((oc) => oc.column("key").doNothing()).execute();
  }
  for (const tour of DEFAULT_TOURS) await ensureTour(db, tour.name, tour.configuration);
  const existing = await db.selectFrom("search_types").select("type").execute();
  if (!existing.length) for (const [i, t] of DEFAULT_SEARCH_TYPES.entries()) await saveSearchType(db, t, i);
  // One secret for every instance sharing the database, made at first start.
  const sessionSecret = await ensureConfigValue(db, "session_secret", () => crypto.randomBytes(32).toString("hex"));
  return { sessionSecret };
}
