import { GROUP_DISCUSSION_CONTEXT } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { discussionLink, notifyNewDiscussion } from "../commands/notify.js";
import { postComment } from "../commands/postComment.js";
import { createContent, type Visibility } from "../commands/createContent.js";
import { hashPassword, type ScryptCost } from "../lib/password.js";
import { FEATURED_COLLECTION_KEY, getConfigValue, setConfigValue } from "../models/appConfig.js";
import { upsertAnnouncement } from "../models/announcements.js";
import { insertInterceptor } from "../models/interceptors.js";
import { insertNewsItem } from "../models/newsItems.js";
import { notifyProfiles } from "../models/notifications.js";
import { insertProfile } from "../models/profiles.js";
import { addSectionComment, setSectionThreadStatus } from "../models/sectionComments.js";
import { writeSections } from "../models/sections.js";
import { escapeHtml } from "../lib/shortCodes.js";
import { demoAttributeTrees, insertTree, type InsertedItem } from "./attributeTrees.js";
import { capitalize, DESCRIPTION_SENTENCES, pick, pickSome, rng, SUBJECT_TOPICS, TITLE_PATTERNS } from "./vocabulary.js";
import { seedCurriculumTemplates } from "./templates.js";
import { seedDemoProducts } from "./demoProducts.js";
import { seedDemoResourceMedia } from "./demoMedia.js";
import type { FileStorage } from "../storage/fileStorage.js";
import type { Content } from "../db/schema.js";

/**
 * A few threads of the Science Team's discussions (the group widget), each with its replies, posted through the
 * same command as the app; the second one is long enough for the list's 5-line More/Less. The members hear of them
 * as they would in the app (new discussions; replies to the threads they started), so the demo's Notifications
 * pages are not empty.
 */
async function seedGroupDiscussions(db: Db, group: { page: Content; groupId: number }, who: { leader: number; learner: number; author: number }): Promise<void> {
  const threads: { by: number; title: string; text: string; replies: [number, string][] }[] = [
    {
      by: who.leader,
      title: "Field trip to the science museum",
      text: "The bus is booked for May 14. Which exhibits should we plan the day around?",
      replies: [
        [who.learner, "The energy gallery has a hands-on section that fits our unit on circuits."],
        [who.author, "I can prepare a worksheet for the planetarium show."],
      ],
    },
    {
      by: who.author,
      title: "Sharing rubrics for the ecosystem project",
      text: [
        "I have put together a rubric for the ecosystem project with four criteria:",
        "1. Observation: the log is complete, dated and has sketches.",
        "2. Food web: every organism is placed and every arrow is explained.",
        "3. Evidence: claims cite at least two observations.",
        "4. Presentation: the poster is readable from two metres away.",
        "Each criterion is scored from 1 to 4. Please tell me whether the wording works for your classes before Friday.",
      ].join("\n"),
      replies: [[who.leader, "Looks great. Could we add a line about working in teams?"]],
    },
    { by: who.learner, title: "Volunteers for the science fair judging", text: "We still need two judges for the afternoon session on June 2.", replies: [] },
  ];
  const groupItemId = group.page.id;
  for (const thread of threads) {
    const id = await postComment(db, { contentId: groupItemId, creatorId: thread.by, title: thread.title, content: thread.text, isHtml: false, parentId: null, context: GROUP_DISCUSSION_CONTEXT });
    await notifyNewDiscussion(db, { groupId: group.groupId, authorId: thread.by, groupPage: group.page, threadId: id, title: thread.title });
    for (const [by, text] of thread.replies) {
      await postComment(db, { contentId: groupItemId, creatorId: by, title: null, content: text, isHtml: false, parentId: id, context: GROUP_DISCUSSION_CONTEXT });
      // Every member may read the group's discussions: its author (subscribed on posting) hears of each reply, led to the thread.
      if (by !== thread.by) await notifyProfiles(db, [thread.by], { kind: "comment_reply", actorId: by, subjectId: group.page.id, subjectTitle: group.page.title, subjectLink: discussionLink(group.page, id), excerpt: text });
    }
  }
}

/** The demo accounts (listed in the README). */
export const DEMO_ACCOUNTS = [
  { username: "admin", password: "admin-demo-pass", name: "Ada Admin", role: "admin" },
  { username: "moderator", password: "moderator-demo-pass", name: "Morgan Moderator", role: "moderator" },
  { username: "teacher", password: "teacher-demo-pass", name: "Maria Lopez", role: "member (group leader)" },
  { username: "learner", password: "learner-demo-pass", name: "Sam Carter", role: "member (group member)" },
  { username: "author", password: "author-demo-pass", name: "James Chen", role: "member" },
  { username: "importer", password: "importer-demo-pass", name: "Priya Natarajan", role: "member with bulk_importer" },
] as const;

/** Demo institutions (schools and districts; locations as "City, ST", the state code the autocomplete's state filter reads). */
const INSTITUTIONS: [name: string, location: string][] = [
  ["Lincoln Elementary School", "Springfield, IL"],
  ["Lincoln High School", "Portland, OR"],
  ["Roosevelt Middle School", "Austin, TX"],
  ["Austin Independent School District", "Austin, TX"],
  ["Houston Independent School District", "Houston, TX"],
  ["Riverside Unified School District", "Riverside, CA"],
  ["Los Angeles Unified School District", "Los Angeles, CA"],
  ["Oakland Technical High School", "Oakland, CA"],
  ["Chicago Public Schools", "Chicago, IL"],
  ["Evanston Township High School", "Evanston, IL"],
  ["Boston Latin School", "Boston, MA"],
  ["Cambridge Rindge and Latin School", "Cambridge, MA"],
  ["Denver Public Schools", "Denver, CO"],
  ["Jefferson County Public Schools", "Louisville, KY"],
  ["Jefferson Elementary School", "Madison, WI"],
  ["Miami-Dade County Public Schools", "Miami, FL"],
  ["Seattle Public Schools", "Seattle, WA"],
  ["Washington Middle School", "Seattle, WA"],
  ["Fairfax County Public Schools", "Falls Church, VA"],
  ["Brooklyn Technical High School", "Brooklyn, NY"],
  ["New York City Department of Education", "New York, NY"],
  ["Phoenix Union High School District", "Phoenix, AZ"],
];

const PUBLISHERS = ["Open Learning Press", "Riverbend Science Collaborative", "Summit Math Partners", "Civic Futures Institute"];

/** The attribute types whose picker offers a write-in ("Other") field in the demo, with its placeholder (at most 100 characters). */
const DEMO_WRITE_INS: Record<string, string> = { professional_roles: "Another role not listed", industries: "Another industry not listed" };

/** Item counts per model key in the demo catalogue (over 300 in all). */
const COUNTS: Record<string, number> = { resource: 160, lesson_plan: 50, collection: 25, outline: 20, project: 25, pathway: 15, cms_page: 10 };

/**
 * Seeds the demo catalogue once (deterministic: the same rows on every machine): attribute trees,
 * accounts for every role, publishers, a group with a leader and members, and 300+ items.
 * `passwordCost` hashes the demo accounts' passwords at another scrypt cost than production's (DEMO_PASSWORD_COST);
 * `interceptorOn: false` seeds the demo's interceptor switched off (DEMO_INTERCEPTOR=0, as the browser tests run).
 */
export async function seedDemo(db: Db, options: { passwordCost?: ScryptCost; interceptorOn?: boolean; storage?: FileStorage } = {}): Promise<boolean> {
  if (await getConfigValue(db, "demo_seeded", false)) return false;
  const r = rng(20261122);
  const types = new Map((await db.selectFrom("attribute_types").select(["id", "key"]).execute()).map((t) => [t.key, t.id]));
  for (const [key, placeholder] of Object.entries(DEMO_WRITE_INS)) {
    await db.updateTable("attribute_types").set({ show_other: 1, other_placeholder: placeholder, other_max_length: 100 }).where("key", "=", key).execute();
  }
  const trees = demoAttributeTrees(SUBJECT_TOPICS);
  const items: Record<string, InsertedItem[]> = {};
  for (const [key, nodes] of Object.entries(trees)) items[key] = await insertTree(db, types.get(key)!, nodes);
  const leaves = (key: string) => items[key]!.filter((i) => i.leaf);
  const byName = (key: string, name: string) => items[key]!.find((i) => i.name === name)!;

  const accounts: Record<string, number> = {};
  for (const a of DEMO_ACCOUNTS) {
    const p = await insertProfile(db, {
      kind: "user",
      name: a.name,
      username: a.username,
      email: `${a.username}@example.org`,
      // The demo's addresses count as confirmed, so its notification mails can be tried out.
      email_verified_at: "2023-01-05T09:00:00.000Z",
      password_hash: await hashPassword(a.password, options.passwordCost),
      is_admin: a.role === "admin" ? 1 : 0,
      is_moderator: a.role === "moderator" ? 1 : 0,
      // An endorsement publisher with an account, who may endorse items they manage as themselves.
      is_publisher: a.username === "author" ? 1 : 0,
      permissions: JSON.stringify(a.username === "importer" ? ["bulk_importer"] : []),
      created_at: "2023-01-05T09:00:00.000Z",
      updated_at: "2023-01-05T09:00:00.000Z",
    });
    accounts[a.username] = p.id;
  }
  const publishers: number[] = [];
  for (const name of PUBLISHERS) {
    const p = await insertProfile(db, { kind: "user", name, is_publisher: 1, location: "United States", created_at: "2023-01-02T09:00:00.000Z", updated_at: "2023-01-02T09:00:00.000Z" });
    publishers.push(p.id);
  }
  await seedDemoInstitutions(db, accounts.teacher!);
  const authors = [accounts.teacher!, accounts.author!, accounts.learner!, accounts.moderator!, ...publishers];

  // Groups: profiles of kind group, searchable as profile:group content.
  const groupNames = ["Grade 5 Science Team", "Middle School Math PLC", "District Curriculum Council", "Digital Learning Innovators", "Early Literacy Network"];
  // Each group's leader owns its page, as creating a group in the app makes them (commands/createGroup.ts).
  const groupLeaders = [accounts.teacher!, accounts.author!, accounts.teacher!, accounts.teacher!, accounts.teacher!];
  const groups: number[] = [];
  const groupItems: Content[] = [];
  for (const [i, name] of groupNames.entries()) {
    const groupType = items.group_types![i % items.group_types!.length]!;
    const g = await insertProfile(db, { kind: "group", name, short_name: name.split(" ").map((w) => w[0]).join(""), description: `${name}: a place to share and plan together.`, group_type_id: groupType.id, view_permission: 3, join_permission: 6, created_at: "2023-02-01T09:00:00.000Z", updated_at: "2023-02-01T09:00:00.000Z" });
    groups.push(g.id);
    const groupItem = await createContent(db, { modelKey: "profile", subType: "group", title: name, description: `${name} brings educators together to share resources and plan units.`, ownerId: groupLeaders[i]!, profileId: g.id, attributeIds: [groupType.id], createdAt: `2023-02-0${i + 1}T09:00:00.000Z` });
    groupItems.push(groupItem);
  }
  const scienceTeam = groups[0]!;
  await db.insertInto("group_members").values([
    ...groups.map((group, i) => ({ group_id: group, profile_id: groupLeaders[i]!, role: "leader" as const })),
    { group_id: scienceTeam, profile_id: accounts.learner!, role: "member" },
    { group_id: scienceTeam, profile_id: accounts.author!, role: "member" },
  ]).execute();
  await seedGroupDiscussions(db, { page: groupItems[0]!, groupId: scienceTeam }, { leader: accounts.teacher!, learner: accounts.learner!, author: accounts.author! });

  const subjects = Object.keys(SUBJECT_TOPICS);
  const standardFor: Record<string, string> = { Mathematics: "CCSS.MATH", "English Language Arts": "CCSS.ELA", Science: "NGSS", "Social Studies": "C3" };
  const standardLeaves = leaves("standards");
  const rootIdByFramework = new Map(trees.standards!.map((fw, i) => [fw.short_name, items.standards!.filter((s) => s.depth === 0)[i]!.id]));
  let n = 0;
  for (const [modelKey, count] of Object.entries(COUNTS)) {
    for (let k = 0; k < count; k++, n++) {
      const subject = pick(r, subjects);
      const topic = pick(r, SUBJECT_TOPICS[subject]!);
      const title = pick(r, TITLE_PATTERNS[modelKey]!).replace(/\{t\}|\{T\}/, capitalize(topic));
      const description = pickSome(r, DESCRIPTION_SENTENCES, 3).join(" ").replaceAll("{t}", topic);
      const gradeStart = Math.floor(r() * 12);
      const grades = items.grades!.slice(gradeStart, gradeStart + 1 + Math.floor(r() * 3)).map((g) => g.id);
      const attributeIds = [...grades, byName("subjects", subject).id];
      const framework = standardFor[subject];
      if (framework && modelKey !== "cms_page") {
        const own = standardLeaves.filter((l) => l.rootId === rootIdByFramework.get(framework));
        attributeIds.push(...pickSome(r, own, 1 + Math.floor(r() * 2)).map((s) => s.id));
      }
      if (modelKey === "resource") attributeIds.push(pick(r, items.resource_categories!).id);
      if (modelKey !== "cms_page") attributeIds.push((r() < 0.8 ? items.content_pricing![0]! : pick(r, items.content_pricing!)).id);
      if (modelKey === "project" || modelKey === "pathway" || (modelKey === "resource" && subject === "Career and Technical Education")) {
        attributeIds.push(pick(r, items.industries!).id, pick(r, items.professional_roles!).id);
      }
      const roll = r();
      const visibility: Visibility = modelKey === "cms_page" ? "public" : roll < 0.8 ? "public" : roll < 0.9 ? "authed" : "restricted";
      const owner = modelKey === "cms_page" ? accounts.admin! : pick(r, authors);
      const created = new Date(Date.UTC(2023, 0, 10) + Math.floor(r() * 1000) * 86_400_000 + n * 60_000);
      const updated = new Date(created.getTime() + Math.floor(r() * 200) * 86_400_000);
      await createContent(db, {
        modelKey,
        subType: modelKey === "cms_page" ? "announcement" : null,
        title,
        description,
        tags: [topic, subject.toLowerCase()],
        url: modelKey === "resource" ? `https://example.org/resources/${n}` : null,
        ownerId: owner,
        publisherId: r() < 0.5 ? pick(r, publishers) : null,
        visibility,
        isFeeBased: attributeIds.includes(items.content_pricing![1]!.id),
        attributeIds,
        grantGroups: visibility === "restricted" && r() < 0.6 ? [scienceTeam] : [],
        // The author account reads the restricted items of others (its own it owns: no grant to itself, which the Permissions form refuses).
        grantProfiles: visibility === "restricted" && owner !== accounts.author ? [accounts.author!] : [],
        createdAt: created.toISOString(),
        updatedAt: (updated.getTime() > Date.UTC(2026, 10, 1) ? created : updated).toISOString(),
      });
    }
  }
  if (options.storage) await seedDemoResourceMedia(db, options.storage);
  await fillDemoCollections(db);
  await seedDemoAnnouncements(db);
  await seedDemoNews(db);
  await seedDemoInterceptor(db, options.interceptorOn ?? true);
  await chooseFeaturedCollection(db);
  await seedDemoEndorsements(db, accounts.moderator!);
  await seedDemoReports(db, { learner: accounts.learner!, teacher: accounts.teacher! });
  await seedDemoSections(db, { learner: accounts.learner!, teacher: accounts.teacher!, author: accounts.author! });
  await seedDemoCurriculumBodies(db, types.get("subjects")!);
  // Users are searchable by admins (an admin-only search type).
  for (const a of DEMO_ACCOUNTS) {
    await createContent(db, { modelKey: "user", title: a.name, description: `${a.role} account @${a.username}`, ownerId: accounts[a.username]!, profileId: accounts[a.username]!, visibility: "restricted", createdAt: "2023-01-05T09:00:00.000Z" });
  }
  await seedCurriculumTemplates(db, { teacher: accounts.teacher! });
  await seedDemoProducts(db, { learner: accounts.learner!, learnerGroup: scienceTeam });
  // Real trees name some things twice (ecology is taught in science and in geography): added after the
  // catalogue so its picks stay as they were, it gives a bulk import an ambiguous value to resolve.
  for (const subject of ["Science", "Social Studies"]) {
    const parent = byName("subjects", subject);
    await insertTree(db, types.get("subjects")!, [{ name: "Ecology" }], parent.id, parent.depth + 1, parent.rootId);
  }
  await setConfigValue(db, "demo_seeded", true);
  return true;
}

/** The demo institutions, and the two the teacher (Maria Lopez) names on her profile. */
async function seedDemoInstitutions(db: Db, teacher: number): Promise<void> {
  const created = "2023-01-02T09:00:00.000Z";
  const rows = await db
    .insertInto("institutions")
    .values(INSTITUTIONS.map(([name, location]) => ({ name, location, created_by: null, created_at: created })))
    .returning(["id", "name"])
    .execute();
  const idOf = (name: string) => rows.find((r) => r.name === name)!.id;
  await db
    .insertInto("profile_institutions")
    .values(["Roosevelt Middle School", "Austin Independent School District"].map((name, position) => ({ profile_id: teacher, institution_id: idOf(name), position })))
    .execute();
}

/** Creates the admin account named by ADMIN_USERNAME and ADMIN_PASSWORD when it does not exist yet. */
export async function ensureAdminAccount(db: Db, username: string | undefined, password: string | undefined): Promise<boolean> {
  if (!username || !password) return false;
  const existing = await db.selectFrom("profiles").select("id").where("username", "=", username.toLowerCase()).executeTakeFirst();
  if (existing) return false;
  const p = await insertProfile(db, { kind: "user", name: username, username, password_hash: await hashPassword(password), is_admin: 1 });
  await createContent(db, { modelKey: "user", title: username, description: "admin account", ownerId: p.id, profileId: p.id, visibility: "restricted" });
  return true;
}

/** Each demo collection gathers 3 to 8 of the catalogue's other items (a generator of its own, so the catalogue's picks stay as they were). */
async function fillDemoCollections(db: Db): Promise<void> {
  const r = rng(20261123);
  const collections = await db.selectFrom("content").select(["id", "owner_id", "created_at"]).where("model_key", "=", "collection").orderBy("id").execute();
  const candidates = await db.selectFrom("content").select("id").where("model_key", "in", ["resource", "lesson_plan", "outline", "project", "pathway"]).orderBy("id").execute();
  for (const c of collections) {
    const chosen = pickSome(r, candidates, 3 + Math.floor(r() * 6));
    const at = Date.parse(c.created_at);
    await db
      .insertInto("collection_items")
      .values(chosen.map((item, k) => ({ collection_id: c.id, content_id: item.id, added_by: c.owner_id, added_at: new Date(at + (k + 1) * 60_000).toISOString(), position: k })))
      .execute();
  }
}

/** Each demo item a publisher publishes is endorsed by it as "Published by", shown on the item's page (added by the moderator). */
async function seedDemoEndorsements(db: Db, moderatorId: number): Promise<void> {
  const published = await db.selectFrom("content").select(["id", "publisher_id", "created_at"]).where("publisher_id", "is not", null).orderBy("id").execute();
  if (!published.length) return;
  await db
    .insertInto("content_endorsements")
    .values(published.map((c) => ({ content_id: c.id, profile_id: c.publisher_id!, type: "published_by", publish_to_public: 1, created_by: moderatorId, created_at: c.created_at, updated_at: c.created_at })))
    .execute();
}

/** Two open reports for the moderator's Reports page (fixed times): a broken resource and an awesome lesson plan, on public items. */
async function seedDemoReports(db: Db, by: { learner: number; teacher: number }): Promise<void> {
  const first = (modelKey: string) => db.selectFrom("content").select("id").where("model_key", "=", modelKey).where("visibility", "=", "public").orderBy("id").executeTakeFirst();
  const [resource, plan] = [await first("resource"), await first("lesson_plan")];
  const reports = [
    ...(resource ? [{ content_id: resource.id, profile_id: by.learner, reason: "broken" as const, message: "The video link opens a page that says it was removed.", created_at: "2026-11-20T15:42:00.000Z" }] : []),
    ...(plan ? [{ content_id: plan.id, profile_id: by.teacher, reason: "awesome" as const, message: "My class loved this one; worth featuring.", created_at: "2026-11-22T09:05:00.000Z" }] : []),
  ];
  if (reports.length) await db.insertInto("content_flags").values(reports).execute();
}

/**
 * A body for every demo lesson plan (three sections built from its description, so the item pages read as lessons),
 * and comments on the sections of the teacher's first public one: an open question on its activity, and a resolved
 * exchange on its overview. Comment times are fixed, so the seed is the same on every machine.
 */
async function seedDemoSections(db: Db, by: { learner: number; teacher: number; author: number }): Promise<void> {
  const plans = await db.selectFrom("content").select(["id", "title", "description", "owner_id", "visibility"]).where("model_key", "=", "lesson_plan").orderBy("id").execute();
  for (const plan of plans) {
    const [first = "", ...rest] = plan.description.split(/(?<=\.) /);
    await writeSections(db, plan.id, [
      { title: "Overview", html: `<p>${first}</p><p>Students work in pairs, then share what they found with the class.</p>` },
      { title: "Activity", html: `<p>${rest.join(" ") || first}</p><ol><li>Warm-up question (5 minutes)</li><li>Guided practice (20 minutes)</li><li>Independent work (15 minutes)</li></ol>` },
      { title: "Check for understanding", html: "<p>Exit ticket: each student answers two questions on what they learned and one on what is still unclear.</p>" },
    ]);
  }
  const reviewed = plans.find((p) => p.owner_id === by.teacher && p.visibility === "public");
  if (!reviewed) return;
  const sections = await db.selectFrom("content_sections").select(["uid", "title"]).where("content_id", "=", reviewed.id).orderBy("position").execute();
  const uidOf = (title: string) => sections.find((s) => s.title === title)!.uid!;
  const comment = async (section: string, profileId: number, content: string, at: string) => {
    const row = await addSectionComment(db, { contentId: reviewed.id, sectionUid: uidOf(section), profileId, content });
    await db.updateTable("section_comments").set({ created_at: at, updated_at: at }).where("id", "=", row.id).execute();
    return row.thread_id;
  };
  const overview = await comment("Overview", by.author, "Could the pairs be groups of three? Our classes are large.", "2026-11-18T10:12:00.000Z");
  await comment("Overview", by.teacher, "Yes: threes work well too. I added a note.", "2026-11-18T14:40:00.000Z");
  await setSectionThreadStatus(db, overview, 2);
  await comment("Activity", by.learner, "Could we have a worked example before the guided practice?", "2026-11-21T08:30:00.000Z");
}

/** The sections of a demo outline, project or pathway: `topic` is its subject's topic, `links` public resources of its subject. */
const CURRICULUM_BODIES: Record<"outline" | "project" | "pathway", (topic: string, links: string[]) => { title: string; html: string }[]> = {
  outline: (topic) => [
    { title: "Unit 1: Foundations", html: `<p>What students already know about ${topic}, and the words they will need.</p><ul><li>Key vocabulary</li><li>A short pre-assessment</li></ul>` },
    { title: "Unit 2: Investigation", html: `<p>Students look closely at ${topic} through readings, examples and a guided activity.</p><ul><li>Two guided lessons</li><li>One lab or hands-on session</li></ul>` },
    { title: "Unit 3: Application", html: `<p>Students use what they learned about ${topic} on a new problem, in small groups.</p>` },
    { title: "Assessment", html: "<p>A unit test and a short reflection: what was learned, and what is still unclear.</p>" },
  ],
  project: (topic, links) => [
    { title: "Driving question", html: `<p>How does ${topic} shape the world around us, and what could we change?</p>` },
    { title: "Research", html: `<p>Teams gather sources and take notes on ${topic}.</p>${links.slice(0, 1).join("")}` },
    { title: "Milestones", html: "<ol><li>Week 1: choose a focus and plan the work</li><li>Week 2: research and draft</li><li>Week 3: build and rehearse</li></ol>" },
    { title: "Final product", html: "<p>Each team presents its work to the class and answers questions; a rubric covers content, evidence, teamwork and presentation.</p>" },
  ],
  pathway: (topic, links) => [
    { title: "Step 1: Explore", html: `<p>Start with an overview of ${topic}.</p>${links.slice(0, 1).join("")}` },
    { title: "Step 2: Practice", html: `<p>Work through the practice materials on ${topic} at your own pace.</p>${links.slice(1, 2).join("")}` },
    { title: "Step 3: Apply", html: `<p>Use ${topic} in a short task of your own choosing, then share it with a mentor.</p>${links.slice(2, 3).join("")}` },
  ],
};

/**
 * A body for every demo outline (units), project (question, research, milestones, product) and pathway (steps), so
 * their pages read as what they are. A pathway's steps and a project's research link public resources of the same
 * subject, as '+ Add item' would (a paragraph with a link to the item's page). Deterministic: the items and the
 * resources are taken in id order.
 */
async function seedDemoCurriculumBodies(db: Db, subjectsTypeId: number): Promise<void> {
  const subjectOf = async (ids: number[]) =>
    new Map((await db.selectFrom("content_attributes").select(["content_id", "attr_item_id"]).where("type_id", "=", subjectsTypeId).where("content_id", "in", ids).execute()).map((a) => [a.content_id, a.attr_item_id]));
  const resources = await db.selectFrom("content").select(["id", "uid", "title", "tags"]).where("model_key", "=", "resource").where("visibility", "=", "public").orderBy("id").execute();
  const resourceSubject = await subjectOf(resources.map((r) => r.id));
  const items = await db.selectFrom("content").select(["id", "model_key", "tags"]).where("model_key", "in", ["outline", "project", "pathway"]).orderBy("id").execute();
  const itemSubject = await subjectOf(items.map((i) => i.id));
  const used = new Map<string, number>();
  for (const item of items) {
    const subject = itemSubject.get(item.id);
    const topic = item.tags.split(", ")[0] || "the topic";
    // Resources on the item's own topic first, then the rest of its subject's.
    const ofSubject = resources.filter((r) => resourceSubject.get(r.id) === subject);
    const onTopic = (r: { tags: string }) => r.tags.split(", ")[0] === topic;
    const same = [...ofSubject.filter(onTopic), ...ofSubject.filter((r) => !onTopic(r))];
    // Each item of a topic starts further along, so two pathways on one topic link different resources.
    const start = used.get(`${subject}:${topic}`) ?? 0;
    used.set(`${subject}:${topic}`, start + 3);
    const links = same.length ? [0, 1, 2].map((k) => same[(start + k) % same.length]!).map((r) => `<p><a href="/resources/${r.uid}">${escapeHtml(r.title)}</a></p>`) : [];
    await writeSections(db, item.id, CURRICULUM_BODIES[item.model_key as "outline" | "project" | "pathway"](escapeHtml(topic), links));
  }
}

/**
 * Makes three of the demo's announcement pages system announcements (fixed times, so the same on every machine): a
 * sticky event with a call to action and Dismiss only, an information banner with Snooze and Dismiss, and one whose
 * window has ended (never shown). No item is added, so the catalogue's counts stay as they were.
 */
async function seedDemoAnnouncements(db: Db): Promise<void> {
  const pages = await db.selectFrom("content").select("id").where("model_key", "=", "cms_page").where("sub_type", "=", "announcement").orderBy("id").limit(3).execute();
  const [event, information, ended] = pages.map((p) => p.id);
  if (event === undefined || information === undefined || ended === undefined) return;
  await upsertAnnouncement(db, {
    content_id: event,
    type: "event",
    start_time: "2026-01-01T00:00:00.000Z",
    end_time: "2099-12-31T00:00:00.000Z",
    event_start_time: "2027-02-10T17:00:00.000Z",
    event_end_time: "2027-02-10T18:00:00.000Z",
    is_sticky: 1,
    priority: 5,
    cta_text: "Register for the webinar",
    link: "https://example.org/webinars/spring-planning",
    show_snooze: 0,
    show_dismiss: 1,
    content: "<p>Join curriculum leads for an hour on planning the spring term with the new materials.</p><ul><li>A tour of what is new</li><li>Questions and answers</li></ul>",
  });
  await upsertAnnouncement(db, {
    content_id: information,
    type: "information",
    start_time: "2026-01-01T00:00:00.000Z",
    end_time: "2099-12-31T00:00:00.000Z",
    priority: 10,
    show_snooze: 1,
    show_dismiss: 1,
    content: "<p>New materials have been added to the catalogue this month. <strong>Search</strong> for them by subject or grade.</p><p>Tell us what you think with the <em>Contact us</em> link at the foot of every page.</p>",
  });
  await upsertAnnouncement(db, { content_id: ended, type: "error", start_time: "2025-01-01T00:00:00.000Z", end_time: "2025-02-01T00:00:00.000Z", priority: 100, content: "<p>Scheduled maintenance has ended.</p>" });
}

/**
 * The news carousel's slides: three for everyone and one for signed-in members (the banners are the web build's own
 * images, renderer/public/news/). The third has a description long enough to be cut to five lines with More/Less.
 */
async function seedDemoNews(db: Db): Promise<void> {
  const at = "2026-11-01T09:00:00.000Z";
  const callout = (settings: Record<string, unknown>) => JSON.stringify(settings);
  const news = [
    {
      title: "Spring planning webinar: the recordings are here",
      description: "Missed the live sessions? Watch curriculum leads walk through the new science and math units, with ideas for pacing the spring term.",
      banner_url: "/news/webinar.svg",
      link: "/search/?st=planning",
      cta_text: "Find planning resources",
      community_callout_settings: callout({ background_color: "#0f172a", background_opacity: 0.78, background_blur: 4, background_alt_text: "", text_color: "#ffffff", button_variant: "light" }),
    },
    {
      title: "New NGSS-aligned science units for grades 3 to 5",
      description: "Twelve units on ecosystems, energy and weather, each with lesson plans, labs and assessments you can copy and adapt.",
      banner_url: "/news/science.svg",
      link: "/search/?st=ecosystems",
      cta_text: "Browse the units",
      community_callout_settings: callout({ background_color: "#ffffff", background_opacity: 0.92, background_blur: 6, text_color: "#14532d", button_variant: "primary" }),
    },
    {
      title: "Share your classroom's story",
      description:
        "Every month we feature a few educators who have adapted materials from the commons for their own classrooms. Tell us what you changed and why: a lab that worked better outdoors, a reading list you rebuilt for your students, an assessment you turned into a project. " +
        "Stories can be short. A paragraph and a photo of student work (with permission) is plenty, and we will help you edit it. Featured stories appear on the search page and in the monthly newsletter, and each one links back to the materials it started from, so others can follow your path. " +
        "Submissions are open to every member, from first-year teachers to district coaches.",
      banner_url: "/news/stories.svg",
      link: "https://example.org/stories",
      cta_text: "Submit a story",
      community_callout_settings: callout({ title: "Share your story", background_color: "#431407", background_opacity: 0.85, text_color: "#ffffff", text_shadow_color: "#000000", button_variant: "light", button_outline: true }),
    },
    {
      title: "Members: open planning hour every Thursday",
      description: "Bring a unit you are working on and plan it with colleagues from the Grade 5 Science Team and the Middle School Math PLC.",
      banner_url: "/news/members.svg",
      link: "/search/?st=science",
      cta_text: "Get ready",
      audience: "authed" as const,
      community_callout_settings: callout({ background_color: "#2e1065", background_opacity: 0.8, text_color: "#ffffff", button_variant: "light" }),
    },
  ];
  for (const [k, item] of news.entries()) await insertNewsItem(db, { ...item, sort_order: k, created_at: at, updated_at: at });
}

/**
 * One interceptor, the welcome notice every signed-in demo account goes through once (Dismiss, or Remind me later for a
 * day). `on: false` seeds it switched off: the browser tests sign the demo accounts in hundreds of times, and a notice
 * over every page would stand in their way (e2e/interceptors.spec.ts makes its own).
 */
async function seedDemoInterceptor(db: Db, on: boolean): Promise<void> {
  const at = "2026-11-01T09:00:00.000Z";
  await insertInterceptor(db, {
    title: "Welcome to Curriculum Commons",
    content:
      "<p>Find, share and adapt learning materials with educators everywhere.</p><ul><li><strong>Search</strong> the catalogue by subject, grade or standard.</li><li><strong>Collect</strong> what you like into collections of your own.</li><li><strong>Create</strong> resources, lesson plans and pathways, and share them with your groups.</li></ul><p>Questions? Use the <em>Contact us</em> link at the foot of every page.</p>",
    sort_order: 0,
    is_active: on ? 1 : 0,
    created_at: at,
    updated_at: at,
  });
}

/** The footer carousel's collection: the public demo collection with the most items (some of them not public, so a guest sees fewer). */
async function chooseFeaturedCollection(db: Db): Promise<void> {
  const top = await db
    .selectFrom("content")
    .innerJoin("collection_items", "collection_items.collection_id", "content.id")
    .select(["content.uid", (eb) => eb.fn.countAll<number>().as("n")])
    .where("content.model_key", "=", "collection")
    .where("content.visibility", "=", "public")
    .groupBy(["content.id", "content.uid"])
    .orderBy("n", "desc")
    .orderBy("content.id")
    .executeTakeFirst();
  if (top) await setConfigValue(db, FEATURED_COLLECTION_KEY, top.uid);
}
