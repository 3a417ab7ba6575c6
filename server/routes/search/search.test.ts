import { beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { buildAttribute, buildContent, buildGroup, buildUser } from "../../test/factories.js";
import { useTestServer } from "../../test/useServer.js";

type User = Profile & { password: string };

describe("search", () => {
  const { server } = useTestServer();
  let owner: User, member: User, leader: User, groupMember: User, admin: User, outsider: User;
  let grade5: number, grade6: number, algebra: number;
  const items: Record<string, Content> = {};

  beforeAll(async () => {
    const db = server.db;
    [owner, member, leader, groupMember, admin, outsider] = await Promise.all([
      buildUser(db, { name: "Olivia Owner" }),
      buildUser(db),
      buildUser(db),
      buildUser(db),
      buildUser(db, { admin: true }),
      buildUser(db),
    ]);
    const group = await buildGroup(db, leader, [groupMember]);
    grade5 = await buildAttribute(db, "grades", "Grade 5");
    grade6 = await buildAttribute(db, "grades", "Grade 6");
    algebra = await buildAttribute(db, "subjects", "Algebra");
    const at = (d: string) => `${d}T10:00:00.000Z`;
    items.publicPhoto = await buildContent(db, { ownerId: owner.id, title: "Photosynthesis Lab", description: "Plants make sugar from light", tags: ["biology"], attributeIds: [grade5], createdAt: at("2024-01-10") });
    items.publicAlgebra = await buildContent(db, { ownerId: owner.id, title: "Algebra Tiles Worksheet", attributeIds: [grade6, algebra], createdAt: at("2024-06-01"), publisherId: member.id });
    items.lesson = await buildContent(db, { ownerId: member.id, modelKey: "lesson_plan", title: "Zebra Habitats Lesson Plan", description: "photosynthesis in grasslands", attributeIds: [grade5], createdAt: at("2025-03-03") });
    items.authed = await buildContent(db, { ownerId: owner.id, title: "Members Only Photosynthesis Notes", visibility: "authed", createdAt: at("2025-05-05") });
    items.restrictedProfile = await buildContent(db, { ownerId: owner.id, title: "Private Photosynthesis Draft", visibility: "restricted", grantProfiles: [member.id], createdAt: at("2025-06-06") });
    items.restrictedGroup = await buildContent(db, { ownerId: owner.id, title: "Group Photosynthesis Plan", visibility: "restricted", grantGroups: [group.id], createdAt: at("2025-07-07") });
    items.user = await buildContent(db, { ownerId: outsider.id, modelKey: "user", title: "Photosynthesis Fan Account", visibility: "restricted" });
    // Shared only by edit grants, which let their holders view too (as the item's own page does).
    items.editProfile = await buildContent(db, { ownerId: owner.id, title: "Editable Photosynthesis Rubric", visibility: "restricted", createdAt: at("2025-08-08") });
    items.editGroup = await buildContent(db, { ownerId: owner.id, title: "Group-Edited Photosynthesis Guide", visibility: "restricted", createdAt: at("2025-09-09") });
    await db
      .insertInto("content_grants")
      .values([
        { content_id: items.editProfile.id, scope: "profile", profile_id: member.id, permission: "edit" },
        { content_id: items.editGroup.id, scope: "group", profile_id: group.id, permission: "edit" },
      ])
      .execute();
  });

  const titles = (body: { data: { title: string }[] }) => body.data.map((d) => d.title).sort();

  it("shows guests public items only", async () => {
    const res = await server.client().get("/api/search?query=photosynthesis");
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["Photosynthesis Lab", "Zebra Habitats Lesson Plan"]);
    expect(res.body.total).toBe(2);
    // A guest's search makes no session (express-session is skipped for it), and neither does its HEAD.
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${server.url}/api/search?query=photosynthesis`, { method: "HEAD" })).status).toBe(200);
  });

  it("still reads the session of a search sent with a session cookie, whatever else the cookie header holds", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    const cookie = c.cookieHeader();
    const seen = await fetch(`${server.url}/api/search?query=photosynthesis`, { headers: { cookie: `theme=dark; ${cookie}` } });
    expect(titles((await seen.json()) as { data: { title: string }[] })).toContain("Private Photosynthesis Draft");
  });

  it("shows members signed-in items and what is granted to them", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    expect(titles((await c.get("/api/search?query=photosynthesis")).body)).toEqual([
      "Editable Photosynthesis Rubric",
      "Members Only Photosynthesis Notes",
      "Photosynthesis Lab",
      "Private Photosynthesis Draft",
      "Zebra Habitats Lesson Plan",
    ]);
  });

  it("shows group leaders and members what is granted to their group", async () => {
    for (const u of [leader, groupMember]) {
      const c = server.client();
      await c.signIn(u.username!, u.password);
      expect(titles((await c.get("/api/search?query=photosynthesis")).body)).toContain("Group Photosynthesis Plan");
      expect(titles((await c.get("/api/search?query=photosynthesis")).body)).toContain("Group-Edited Photosynthesis Guide");
    }
    const c = server.client();
    await c.signIn(outsider.username!, outsider.password);
    const seen = titles((await c.get("/api/search?query=photosynthesis")).body);
    expect(seen).not.toContain("Group Photosynthesis Plan");
    expect(seen).not.toContain("Private Photosynthesis Draft");
    expect(seen).not.toContain("Editable Photosynthesis Rubric");
    expect(seen).not.toContain("Group-Edited Photosynthesis Guide");
  });

  it("marks a card editable for those an edit grant names: the profile, or a leader (not a member) of the group", async () => {
    const editable = async (u: User, title: string) => {
      const c = server.client();
      await c.signIn(u.username!, u.password);
      const card = (await c.get("/api/search?query=photosynthesis")).body.data.find((d: { title: string }) => d.title === title);
      return card.abilities.edit as boolean;
    };
    expect(await editable(member, "Editable Photosynthesis Rubric")).toBe(true);
    expect(await editable(member, "Photosynthesis Lab")).toBe(false);
    expect(await editable(leader, "Group-Edited Photosynthesis Guide")).toBe(true);
    expect(await editable(groupMember, "Group-Edited Photosynthesis Guide")).toBe(false);
  });

  it("shows owners their own restricted items", async () => {
    const c = server.client();
    await c.signIn(owner.username!, owner.password);
    const seen = titles((await c.get("/api/search?query=photosynthesis")).body);
    expect(seen).toContain("Private Photosynthesis Draft");
    expect(seen).toContain("Group Photosynthesis Plan");
  });

  it("keeps admin-only types and options for admins", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    expect((await c.get("/api/search?types=users")).status).toBe(403);
    expect((await c.get("/api/search?ignore_permissions=1")).status).toBe(403);
    expect((await c.get(`/api/search?as_profile=${owner.id}`)).status).toBe(403);
    expect((await server.client().get("/api/search?types=users")).status).toBe(401);

    const a = server.client();
    await a.signIn(admin.username!, admin.password);
    expect(titles((await a.get("/api/search?types=users&query=photosynthesis")).body)).toEqual([]);
    expect(titles((await a.get("/api/search?types=users&query=photosynthesis&ignore_permissions=1")).body)).toEqual(["Photosynthesis Fan Account"]);
    const asMember = await a.get(`/api/search?query=photosynthesis&as_profile=${member.id}`);
    expect(titles(asMember.body)).toContain("Private Photosynthesis Draft");
    expect(titles(asMember.body)).not.toContain("Group Photosynthesis Plan");
    const everything = await a.get("/api/search?query=photosynthesis&ignore_permissions=1");
    // Everything in the general types (the admin-only user type is searched on its own tab).
    expect(everything.body.total).toBe(7);
  });

  it("names the user searched as, so a bookmarked search as someone says whose view it is", async () => {
    const a = server.client();
    await a.signIn(admin.username!, admin.password);
    const asOwner = await a.get(`/api/search?query=photosynthesis&as_profile=${owner.id}`);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.asProfile).toEqual({ profile_id: owner.id, name: "Olivia Owner" });
    expect((await a.get("/api/search?query=photosynthesis")).body.asProfile).toBeNull();
    expect((await server.client().get("/api/search?query=photosynthesis")).body.asProfile).toBeNull();
  });

  it("filters by attribute values, bracketed or nested under f, and counts each value", async () => {
    const c = server.client();
    const bracketed = await c.get(`/api/search?grades[]=${grade5}`);
    expect(titles(bracketed.body)).toEqual(["Photosynthesis Lab", "Zebra Habitats Lesson Plan"]);
    const nested = await c.get(`/api/search?f[grades][]=${grade6}`);
    expect(titles(nested.body)).toEqual(["Algebra Tiles Worksheet"]);
    const either = await c.get(`/api/search?grades=${grade5}&grades=${grade6}`);
    expect(either.body.total).toBe(3);
    const all = await c.get("/api/search");
    const grades = all.body.facets.attributes.grades as { id: number; count: number }[];
    expect(grades.find((g) => g.id === grade5)?.count).toBe(2);
    expect(grades.find((g) => g.id === grade6)?.count).toBe(1);
    expect(all.body.facets.types).toMatchObject({ resources: 2, lesson_plans: 1, all: 3 });
    expect(all.body.facets.attributes.subjects.find((s: { id: number }) => s.id === algebra).count).toBe(1);
  });

  it("counts a facet with chosen values as if none were chosen in it, so its other values can be added with their counts", async () => {
    const c = server.client();
    const counts = (list: { id?: number; profile_id?: number; count: number }[]) => Object.fromEntries(list.map((v) => [v.id ?? v.profile_id, v.count]));
    const oneGrade = (await c.get(`/api/search?grades[]=${grade5}`)).body;
    expect(oneGrade.total).toBe(2);
    // Grade 6 is offered with what choosing it too would add; other facets count the matches.
    expect(counts(oneGrade.facets.attributes.grades)).toEqual({ [grade5]: 2, [grade6]: 1 });
    expect(oneGrade.facets.attributes.subjects ?? []).toEqual([]);
    const gradeAndSubject = (await c.get(`/api/search?grades[]=${grade6}&subjects[]=${algebra}`)).body;
    expect(counts(gradeAndSubject.facets.attributes.grades)).toEqual({ [grade6]: 1 });
    expect(counts(gradeAndSubject.facets.attributes.subjects)).toEqual({ [algebra]: 1 });
    // Owners and publishers the same way; the chosen ones are listed whatever their rank.
    const oneOwner = (await c.get(`/api/search?f[owners][]=${member.id}`)).body;
    expect(oneOwner.total).toBe(1);
    expect(counts(oneOwner.facets.owners)).toEqual({ [owner.id]: 2, [member.id]: 1 });
    expect(counts(oneOwner.facets.attributes.grades)).toEqual({ [grade5]: 1 });
    const onePublisher = (await c.get(`/api/search?publishers[]=${member.id}&grades[]=${grade5}`)).body;
    expect(onePublisher.total).toBe(0);
    // Chosen and finding nothing: still listed, with 0, so its tag shows a name.
    expect(onePublisher.facets.publishers).toEqual([{ profile_id: member.id, name: member.name, count: 0 }]);
    expect(counts(onePublisher.facets.attributes.grades)).toEqual({ [grade5]: 0, [grade6]: 1 });
  });

  it("filters by type tab, model type, owner, publisher and created dates", async () => {
    const c = server.client();
    expect(titles((await c.get("/api/search?f[t][]=lesson_plans")).body)).toEqual(["Zebra Habitats Lesson Plan"]);
    expect(titles((await c.get("/api/search?f[_types][]=lesson_plan")).body)).toEqual(["Zebra Habitats Lesson Plan"]);
    expect(titles((await c.get(`/api/search?f[owners][]=${member.id}`)).body)).toEqual(["Zebra Habitats Lesson Plan"]);
    expect(titles((await c.get(`/api/search?publishers[]=${member.id}`)).body)).toEqual(["Algebra Tiles Worksheet"]);
    expect(titles((await c.get("/api/search?from=2024-02-01&to=2024-12-31")).body)).toEqual(["Algebra Tiles Worksheet"]);
    expect(titles((await c.get("/api/search?created_from=2025-01-01")).body)).toEqual(["Zebra Habitats Lesson Plan"]);
  });

  it("reads the created dates as days of the asker's time zone (tz), and as UTC days without one", async () => {
    const c = server.client();
    const found = async (query: string) => titles((await c.get(`/api/search?${query}`)).body);
    // Photosynthesis Lab was created at 10:00 UTC on 2024-01-10: 23:00 the day before in Pago Pago (UTC-11)...
    expect(await found("from=2024-01-09&to=2024-01-09&tz=Pacific/Pago_Pago")).toEqual(["Photosynthesis Lab"]);
    expect(await found("created_from=2024-01-10&created_to=2024-01-10&tz=Pacific/Pago_Pago")).toEqual([]);
    expect(await found("from=2024-01-09&to=2024-01-09")).toEqual([]);
    expect(await found("from=2024-01-10&to=2024-01-10")).toEqual(["Photosynthesis Lab"]);
    // ...and midnight, the first instant of 2024-01-11, in Kiritimati (UTC+14): the day's start is in it, the day before's end is not.
    expect(await found("from=2024-01-11&to=2024-01-11&tz=Pacific/Kiritimati")).toEqual(["Photosynthesis Lab"]);
    expect(await found("to=2024-01-10&tz=Pacific/Kiritimati")).toEqual([]);
    expect(await found("from=2024-01-11&tz=Pacific/Kiritimati")).toContain("Photosynthesis Lab");
    // A zone's name in any case is that zone; without a date it changes nothing.
    expect(await found("from=2024-01-09&to=2024-01-09&tz=pacific/pago_pago")).toEqual(["Photosynthesis Lab"]);
    expect((await c.get("/api/search?tz=Pacific/Pago_Pago")).body.total).toBe((await c.get("/api/search")).body.total);
    const res = await c.get("/api/search?from=2024-01-09&tz=Mars/Olympus_Mons");
    expect([res.status, res.body.message]).toEqual([422, "tz must be a time zone, such as America/New_York."]);
  });

  it("applies the my-stuff filters for members and refuses them to guests", async () => {
    const c = server.client();
    await c.signIn(member.username!, member.password);
    expect(titles((await c.get("/api/search?f[others][]=mine")).body)).toEqual(["Zebra Habitats Lesson Plan"]);
    // "My content" counts the member's own matches (its lesson plan, whose description mentions photosynthesis); guests get no such count.
    expect((await c.get("/api/search")).body.facets.others.mine).toBe(1);
    expect((await c.get("/api/search?query=algebra")).body.facets.others.mine).toBe(0);
    expect((await c.get("/api/search?query=photosynthesis")).body.facets.others.mine).toBe(1);
    expect((await server.client().get("/api/search")).body.facets.others).not.toHaveProperty("mine");
    await c.post("/profile/favorite", { modelName: "resource", type: `resource:${items.publicPhoto!.id}`, value: true });
    expect(titles((await c.get("/api/search?other=favorites")).body)).toEqual(["Photosynthesis Lab"]);
  });

  it("counts the matches a signed-in profile has favorited, afresh on every search", async () => {
    const c = server.client();
    await c.signIn(groupMember.username!, groupMember.password);
    const favorites = async (query: string) => (await c.get(`/api/search${query}`)).body.facets.others.favorites;
    const favorite = (item: Content, value: boolean) => c.post("/profile/favorite", { modelName: item.model_key, type: `${item.model_key}:${item.id}`, value });
    expect(await favorites("")).toBe(0);
    await favorite(items.publicPhoto!, true);
    await favorite(items.restrictedGroup!, true);
    await favorite(items.publicAlgebra!, true);
    // Asked twice: the second answer may come from the cache of this catalogue version, which a favorite does not move.
    expect(await favorites("?query=photosynthesis")).toBe(2);
    expect(await favorites("?query=photosynthesis")).toBe(2);
    expect(await favorites("")).toBe(3);
    // Words (one, several, a prefix covering several terms: plants and plan), attribute and other filters narrow it as they narrow the matches.
    expect(await favorites("?query=algebra")).toBe(1);
    // A term with no searchable words finds nothing, favorites included.
    expect(await favorites("?query=!!!")).toBe(0);
    expect(await favorites("?query=photosynthesis%20lab")).toBe(1);
    expect(await favorites("?query=pla")).toBe(2);
    expect(await favorites(`?grades[]=${grade5}`)).toBe(1);
    expect(await favorites("?f[others][]=open")).toBe(2);
    expect(await favorites("?f[others][]=restricted")).toBe(1);
    expect(await favorites("?f[others][]=favorites&query=lab")).toBe(1);
    await favorite(items.publicPhoto!, false);
    expect(await favorites("?query=photosynthesis")).toBe(1);
    // A favorite the profile may no longer see (it left the group the item was shared with) is not counted.
    await server.db.deleteFrom("group_members").where("profile_id", "=", groupMember.id).execute();
    expect(await favorites("")).toBe(1);
    // Guests have no favorites, and no count.
    expect((await server.client().get("/api/search")).body.facets.others).not.toHaveProperty("favorites");
    expect((await server.client().get("/api/search?f[others][]=mine")).status).toBe(401);
    expect(titles((await server.client().get("/api/search?f[others][]=open")).body)).toHaveLength(3);
  });

  it("sorts by the spec's codes and strings", async () => {
    const c = server.client();
    const byTitle = (await c.get("/api/search?s=1")).body.data.map((d: { title: string }) => d.title);
    expect(byTitle).toEqual(["Algebra Tiles Worksheet", "Photosynthesis Lab", "Zebra Habitats Lesson Plan"]);
    expect((await c.get("/api/search?s=-1")).body.data[0].title).toBe("Zebra Habitats Lesson Plan");
    expect((await c.get("/api/search?sort=title_lsort_desc")).body.data[0].title).toBe("Zebra Habitats Lesson Plan");
    expect((await c.get("/api/search?s=3")).body.data[0].title).toBe("Photosynthesis Lab");
    expect((await c.get("/api/search?s=-3")).body.data[0].title).toBe("Zebra Habitats Lesson Plan");
  });

  it("pages with a default size of 15", async () => {
    const db = server.db;
    for (let i = 0; i < 17; i++) await buildContent(db, { ownerId: owner.id, title: `Paging Quokka ${String(i).padStart(2, "0")}` });
    const c = server.client();
    const first = await c.get("/api/search?query=quokka&s=1");
    expect(first.body.data).toHaveLength(15);
    expect(first.body.per).toBe(15);
    expect(first.body.total).toBe(17);
    const second = await c.get("/api/search?query=quokka&s=1&page=2");
    expect(second.body.data.map((d: { title: string }) => d.title)).toEqual(["Paging Quokka 15", "Paging Quokka 16"]);
  });

  it("finds new content at once, with fresh counts, after the same search ran before", async () => {
    const c = server.client();
    const before = await c.get(`/api/search?query=walrus&grades=${grade6}`);
    expect(before.body.total).toBe(0);
    await buildContent(server.db, { ownerId: owner.id, title: "Walrus Migration Map", attributeIds: [grade6] });
    const after = await c.get(`/api/search?query=walrus&grades=${grade6}`);
    expect(titles(after.body)).toEqual(["Walrus Migration Map"]);
    expect(after.body.facets.attributes.grades.find((g: { id: number }) => g.id === grade6).count).toBe(1);
  });

  it("answers POST /search with arrObjResponse", async () => {
    const c = server.client();
    const res = await c.post("/search", { st: "photosynthesis", f: { _types: ["resource"] }, limit: 5, page: 1 });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect(res.body.arrObjResponse.total).toBe(1);
    expect(res.body.arrObjResponse.data[0].title).toBe("Photosynthesis Lab");
  });

  it("suggests a spelling when a term finds little", async () => {
    const res = await server.client().get("/api/search?query=photosyntesis");
    expect(res.body.total).toBe(0);
    expect(res.body.didYouMean).toBe("photosynthesis");
  });

  it("suggests only words the asker would find: never a restricted or members-only item's", async () => {
    await buildContent(server.db, { ownerId: owner.id, title: "Quetzalcoatl Field Notes", visibility: "restricted", grantProfiles: [member.id] });
    await buildContent(server.db, { ownerId: owner.id, title: "Xylophonist Rehearsal Plan", visibility: "authed" });
    const guest = server.client();
    const signedIn = server.client();
    await signedIn.signIn(member.username!, member.password);
    const outsiderClient = server.client();
    await outsiderClient.signIn(outsider.username!, outsider.password);
    for (const [client, query, expected] of [
      [guest, "quetzalcoatk", null],
      [outsiderClient, "quetzalcoatk", null],
      [signedIn, "quetzalcoatk", "quetzalcoatl"],
      [guest, "xylophomist", null],
      [outsiderClient, "xylophomist", "xylophonist"],
    ] as const) {
      const res = await client.get(`/api/search?query=${query}`);
      expect(res.body.total, query).toBe(0);
      expect(res.body.didYouMean, `${query}`).toBe(expected);
    }
    // Nor a restricted item's word that only starts a word the guest may see (a check by prefix would pass it).
    await buildContent(server.db, { ownerId: owner.id, title: "Zorblat Merger Memo", visibility: "restricted" });
    await buildContent(server.db, { ownerId: owner.id, title: "Zorblatum Tales" });
    expect((await guest.get("/api/search?query=zorblet")).body.didYouMean).toBeNull();
    // Nor words each found alone but never together: the suggestion, searched as its link will, must find something.
    await buildContent(server.db, { ownerId: owner.id, title: "Volcanology Eruption Basics" });
    expect((await guest.get("/api/search?query=photosyntesis%20volcanolgy")).body.didYouMean).toBeNull();
    expect((await guest.get("/api/search?query=volcanolgy%20eruption")).body.didYouMean).toBe("volcanology eruption");
    // Words past the eighth are kept as typed.
    await buildContent(server.db, { ownerId: owner.id, title: "Quokka habitat survey river delta marsh tundra canyon glacier basin" });
    expect((await guest.get("/api/search?query=quokka%20habitat%20survey%20river%20delta%20marsh%20tundra%20canyom%20glacier%20basin")).body.didYouMean).toBe(
      "quokka habitat survey river delta marsh tundra canyon glacier basin",
    );
    // A word the asker finds only outside the filters chosen is not suggested either.
    expect((await signedIn.get(`/api/search?query=photosyntesis&grades=${grade6}`)).body.didYouMean).toBeNull();
    expect((await signedIn.get(`/api/search?query=photosyntesis&grades=${grade5}`)).body.didYouMean).toBe("photosynthesis");
  });

  it("rejects bad parameters with a 422 and a message", async () => {
    const c = server.client();
    for (const q of ["page=0", "page=abc", "per=1000", "from=yesterday", "types=nonsense", "_types=spaceship", `query=${"x".repeat(81)}`]) {
      const res = await c.get(`/api/search?${q}`);
      expect(res.status, q).toBe(422);
      expect(typeof res.body.message, q).toBe("string");
    }
    // Each with the message it gets: never a value quietly dropped, guessed or searched as something else.
    for (const [q, message] of [
      ["query=ph", "Please enter at least 3 characters to search."],
      ["page=abc", "page must be a whole number."],
      ["per=0", "per must be 1 or more."],
      ["from=2025-13-45", "from must be a date (YYYY-MM-DD)."],
      ["created_to=2025-02-30", "to must be a date (YYYY-MM-DD)."],
      ["from=2025-09-01&to=2025-01-01", "from must be on or before to."],
      ["s=7", "sort must be one of: 1, 2, 3, -1, -2, -3, title_lsort_asc, title_lsort_desc, updated_at_asc, updated_at_desc, created_at_asc, created_at_desc."],
      ["sort=bogus", "sort must be one of: 1, 2, 3, -1, -2, -3, title_lsort_asc, title_lsort_desc, updated_at_asc, updated_at_desc, created_at_asc, created_at_desc."],
      [`grades[]=${algebra}`, `Unknown Grades value: ${algebra}.`],
      [`subjects[]=${algebra}&subjects[]=999999&grades[]=${grade5}`, "Unknown Subjects value: 999999."],
      // A bookmark naming a profile that is not there (deleted, mistyped) is told so, not answered "Owner: #999998" and nothing.
      ["f[owners][]=999998", "Unknown owner: 999998."],
      ["owners[]=999998&owners[]=999997", "Unknown owners: 999998, 999997."],
      ["publishers[]=999996", "Unknown publisher: 999996."],
    ] as const) {
      const res = await c.get(`/api/search?${q}`);
      expect([res.status, res.body.message], q).toEqual([422, message]);
    }
    // Field errors name the parameter the client sent, not the server's name for it.
    for (const [q, field, message] of [
      ["f[_types][]=spaceship", "f[_types]", "f[_types] must be one of: user, attribute_item, profile, resource, cms_page, lesson_plan, collection, outline, project, pathway."],
      ["f[owners][]=abc", "f[owners]", "f[owners] must be a number."],
      ["grades[]=x", "grades", "grades must be a number."],
      ["as_profile=abc", "as_profile", "as_profile must be a number."],
      // Ids beyond the databases' integers (PostgreSQL refused to compare them: a 500).
      ["f[owners][]=9999999999", "f[owners]", "f[owners] must be at most 2147483647."],
      ["publishers[]=9999999999", "f[publishers]", "f[publishers] must be at most 2147483647."],
      ["grades[]=9999999999", "grades", "grades must be at most 2147483647."],
      ["as_profile=9999999999", "as_profile", "as_profile must be at most 2147483647."],
      ["s=7", "s", "sort must be one of: 1, 2, 3, -1, -2, -3, title_lsort_asc, title_lsort_desc, updated_at_asc, updated_at_desc, created_at_asc, created_at_desc."],
    ] as const) {
      const res = await c.get(`/api/search?${q}`);
      expect([res.status, res.body.message, res.body.errors], q).toEqual([422, message, { [field]: [message] }]);
    }
    // The same dates, the whole range of one day, are fine.
    expect((await c.get("/api/search?from=2024-01-10&to=2024-01-10")).body.total).toBe(1);
    for (const [body, message] of [
      [{ st: { a: 1 } }, "st must be a value, not an object."],
      [{ f: "resources" }, "f must be an object of filters (f[t][], f[owners][], ...)."],
      [{ s: { x: 1 } }, "s must be a value, not an object."],
      [{ f: [1] }, "f must be an object of filters (f[t][], f[owners][], ...)."],
      [{ st: "ab" }, "Please enter at least 3 characters to search."],
    ] as const) {
      const res = await c.post("/search", body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([422, message]);
    }
    // No filters, however an empty map is written.
    for (const f of [null, [], {}]) expect((await c.post("/search", { st: "photosynthesis", f })).status, JSON.stringify(f)).toBe(200);
  });

  it("refuses unknown types and sub types, and out-of-range ids and flags, naming the parameter sent and what it must be", async () => {
    const c = server.client();
    for (const [q, field, message] of [
      // Ids must be positive: "at least 0" refused 0 with a message that allowed it.
      ["f[owners][]=0", "f[owners]", "f[owners] must be more than 0."],
      ["grades[]=-4", "grades", "grades must be more than 0."],
      ["as_profile=-3", "as_profile", "as_profile must be more than 0."],
      ["f[t][]=spaceships", "f[t]", "Unknown search type: spaceships."],
      // An unknown sub type matched nothing and answered 200 with no results.
      ["f[st][]=spaceship", "f[st]", "Unknown sub type: spaceship."],
      // Anything but a yes or no was read as no.
      ["ignore_permissions=maybe", "ignore_permissions", "ignore_permissions must be 1 or 0 (true or false)."],
      ["only_mine=perhaps", "only_mine", "only_mine must be 1 or 0 (true or false)."],
      ["facets=some", "facets", "facets must be 1 or 0 (true or false)."],
    ] as const) {
      const res = await c.get(`/api/search?${q}`);
      expect([res.status, res.body.message, res.body.errors], q).toEqual([422, message, { [field]: [message] }]);
    }
    // A known sub type is searched; facets=false leaves the facets out, as facets=0 does.
    const groups = await c.get("/api/search?f[st][]=group");
    expect(groups.status).toBe(200);
    expect((await c.get("/api/search?query=photosynthesis&facets=false")).body.facets).toBeNull();
    expect((await c.get("/api/search?query=photosynthesis&ignore_permissions=0&only_mine=no")).body.total).toBe(2);
    // A number too large for JSON's doubles (1e400 parses as Infinity) is a page out of range, not "an object".
    for (const raw of ['{"page": 1e400}', '{"page": -1e400}']) {
      const res = await c.request("POST", "/search", raw, { "content-type": "application/json" });
      expect([res.status, res.body.message], raw).toEqual([422, "page must be a whole number."]);
    }
  });

  it("answers a term with no searchable words (punctuation, symbols) with no results and zero counts, on either search path", async () => {
    const c = server.client();
    for (const term of ["!!!", "%E2%9C%93%E2%9C%93%E2%9C%93"]) {
      const res = await c.get(`/api/search?query=${term}&f[owners][]=${owner.id}`);
      expect([res.status, res.body.data, res.body.total], term).toEqual([200, [], 0]);
      // The in-memory index answered facets: null here, where the SQL path (SEARCH_INDEX=sql) counts zeros.
      expect(res.body.facets, term).not.toBeNull();
      expect(Object.values(res.body.facets.types).every((n) => n === 0), term).toBe(true);
      expect(res.body.facets.owners, term).toEqual([{ profile_id: owner.id, name: "Olivia Owner", count: 0 }]);
    }
  });

  it("refuses a filter under f it does not know, which it searched as no filter", async () => {
    const c = server.client();
    const res = await c.get(`/api/search?query=photosynthesis&f[grade][]=${grade6}`);
    expect([res.status, res.body]).toEqual([422, { message: "Unknown filter: f[grade].", errors: { "f[grade]": ["Unknown filter: f[grade]."] } }]);
    const posted = await c.post("/search", { st: "photosynthesis", f: { _types: ["resource"], ownerz: [owner.id] } });
    expect([posted.status, posted.body.message]).toEqual([422, "Unknown filter: f[ownerz]."]);
    // Every filter the screen and the POST /search call send under f is read.
    const known = ["t][]=resources", "st][]=group", "_types][]=resource", "others][]=open", `owners][]=${owner.id}`, `publishers][]=${member.id}`, "types][]=resources", "other][]=open", `provider][]=${member.id}`, `grades][]=${grade5}`, `subjects][]=${algebra}`];
    for (const q of known) expect((await c.get(`/api/search?f[${q}`)).status, q).toBe(200);
  });

  it("refuses a body nested thousands deep with a 400, which overflowed the stack reading its filters (a 500)", async () => {
    const c = server.client();
    const message = "The request body may nest objects and lists at most 32 levels deep.";
    for (const raw of [`{"f":{"t":${"[".repeat(50_000)}${"]".repeat(50_000)}}}`, `{"f":{"t":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}}`]) {
      const res = await c.request("POST", "/search", raw, { "content-type": "application/json" });
      expect([res.status, res.body]).toEqual([400, { message }]);
    }
    // Any call: the check is made on every body before the routes read it.
    const signIn = await c.request("POST", "/auth", `{"username":${"[".repeat(40)}${"]".repeat(40)}}`, { "content-type": "application/json", "x-csrf-token": await c.token() });
    expect([signIn.status, signIn.body]).toEqual([400, { message }]);
    // Lists nested a few levels (indexed objects, as a form writes them) are still read.
    expect((await c.post("/search", { st: "photosynthesis", f: { t: { 0: ["resources"] } } })).status).toBe(200);
  });

  it("refuses a URL with more query parameters than it reads, rather than dropping the rest unread", async () => {
    const c = server.client();
    const padding = Array.from({ length: 500 }, (_, i) => `x${i}=1`).join("&");
    // The 501st parameter, a term too short to search, was silently dropped and the search answered 200.
    const res = await c.get(`/api/search?${padding}&query=ph`);
    expect([res.status, res.body]).toEqual([400, { message: "The request has too many query parameters (at most 500)." }]);
    expect((await c.get(`/api/search?${Array.from({ length: 499 }, (_, i) => `x${i}=1`).join("&")}&query=ph`)).body.message).toBe("Please enter at least 3 characters to search.");
  });

  it("refuses a list parameter with more values than it reads, naming the limit", async () => {
    const c = server.client();
    const grades = (n: number) => Array.from({ length: n }, () => "grades[]=1").join("&");
    expect(await c.get(`/api/search?${grades(201)}`).then((r) => [r.status, r.body])).toEqual([400, { message: "The request has too many values in one list parameter (at most 200)." }]);
    // Read whole up to the limit (qs made a longer list an object of indices, refused as a list of the wrong kind).
    expect((await c.get(`/api/search?${grades(200)}`)).status).toBe(200);
  });

  it("presents cards with the spec's fields and never leaks internals", async () => {
    const res = await server.client().get("/api/search?query=algebra");
    const card = res.body.data[0];
    expect(card).toMatchObject({ model_key: "resource", title: "Algebra Tiles Worksheet", owner_data: { name: "Olivia Owner" }, favorite: false });
    expect(card.common).toMatchObject({ type_name_singular: "Resource", type_name_display: "Resource", sub_type_name: null, features: { favorite: true } });
    expect(card.link).toMatch(/^\/resources\//);
    // The per-type id, and the fields the second document lists for a search result item.
    expect(card).toMatchObject({ resource_id: card.id, tracking_snippet: null, thumb_key: null, purchasable_in_products_count: 0, is_fee_based: false });
    expect(card).not.toHaveProperty("page_id");
    expect(card).not.toHaveProperty("join_mode");
    expect(JSON.stringify(res.body)).not.toMatch(/password|visibility|title_sort/);
    // A group's card: its profile's id, is_group, the sub type's name, and how one joins it (the default: anyone).
    const leaderClient = server.client();
    await leaderClient.signIn(leader.username!, leader.password);
    const created = await leaderClient.post("/groups", { name: "Cardfield Circle", description: "A group to see its card" });
    const groups = (await leaderClient.get("/api/search?f[t][]=groups&query=cardfield")).body.data as Record<string, unknown>[];
    expect(groups).toEqual([
      expect.objectContaining({ model_key: "profile", is_group: true, join_mode: "anyone", profile_id: created.body.objGroup.id, common: expect.objectContaining({ type_name_display: "Group", sub_type_name: "Group" }) }),
    ]);
  });
});
