import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, PROFILE_AUTOCOMPLETE_LIMIT, PROFILE_AUTOCOMPLETE_MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildGroup, buildUser, statusesByRole, type TestUser } from "../../test/factories.js";
import { useCast } from "../../test/useServer.js";

// GET /profile/autocomplete: the permissions and share dialogs' picker of people and groups.
describe("the profile autocomplete", () => {
  const { server, cast } = useCast();
  const fits = apiReferenceCheck();
  const word = "Quokkaname";
  let people: TestUser[];
  let ownGroup: { id: number; name: string };
  let otherGroup: { id: number; name: string };

  const names = async (query: string, client = () => cast.clients.groupie) => {
    const res = await client().get(`/profile/autocomplete?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    fits("get", "/profile/autocomplete", res);
    return (res.body.data as { name: string }[]).map((p) => p.name);
  };

  beforeAll(async () => {
    people = [];
    for (const name of ["Ann", "Bob", "Cy"]) people.push(await buildUser(server.db, { name: `${word} ${name}` }));
    // The groupie's group holds Ann; another group holds Bob; Cy is in none.
    const own = await buildGroup(server.db, people[0]!, [cast.groupie]);
    const other = await buildGroup(server.db, people[1]!);
    await server.db.updateTable("profiles").set({ name: `${word} Team` }).where("id", "=", own.id).execute();
    await server.db.updateTable("profiles").set({ name: `${word} Club` }).where("id", "=", other.id).execute();
    ownGroup = { id: own.id, name: `${word} Team` };
    otherGroup = { id: other.id, name: `${word} Club` };
  });

  it("answers signed-in people only (a guest gets 401), every role alike", async () => {
    const statuses = await statusesByRole(cast.clients, (c) => c.get(`/profile/autocomplete?st=${word}`));
    expect(statuses).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
    expect((await cast.clients.guest.get(`/profile/autocomplete?st=${word}`)).body.message).toBe(MESSAGES.signInRequired);
  });

  it("finds people and groups by name, by name order, and nobody for an empty term", async () => {
    const res = await cast.clients.member.get(`/profile/autocomplete?st=${word.toLowerCase()}`);
    expect(res.body.data).toEqual([
      { profile_id: people[0]!.id, name: `${word} Ann`, is_group: false },
      { profile_id: people[1]!.id, name: `${word} Bob`, is_group: false },
      { profile_id: otherGroup.id, name: otherGroup.name, is_group: true },
      { profile_id: people[2]!.id, name: `${word} Cy`, is_group: false },
      { profile_id: ownGroup.id, name: ownGroup.name, is_group: true },
    ]);
    expect(await names("st=")).toEqual([]);
    expect(await names("")).toEqual([]);
  });

  it("narrows to groups or to people, leaves out the filter's ids, and stops at the limit", async () => {
    expect(await names(`st=${word}&only-group=1`)).toEqual([otherGroup.name, ownGroup.name]);
    expect(await names(`st=${word}&only-profile=1`)).toEqual([`${word} Ann`, `${word} Bob`, `${word} Cy`]);
    expect(await names(`st=${word}&filter=${people[0]!.id},${ownGroup.id}`)).toEqual([`${word} Bob`, otherGroup.name, `${word} Cy`]);
    expect(await names(`st=${word}&filter[]=${people[1]!.id}&filter[]=${people[2]!.id}&only-profile=1`)).toEqual([`${word} Ann`]);
    expect(await names(`st=${word}&limit=2`)).toEqual([`${word} Ann`, `${word} Bob`]);
  });

  it("keeps to the asker's own groups and the people in them with user-group-profiles", async () => {
    // The groupie belongs to its cast group and to "Team" (with Ann): not Bob's Club, nor Bob, nor Cy.
    expect(await names(`st=${word}&user-group-profiles=1`)).toEqual([`${word} Ann`, ownGroup.name]);
    expect(await names(`st=${word}&user-group-profiles=1&only-group=1`)).toEqual([ownGroup.name]);
    // A member of no group finds nobody that way.
    expect(await names(`st=${word}&user-group-profiles=1`, () => cast.clients.member)).toEqual([]);
  });

  it("keeps every person but only the asker's own groups with recommendable (the Recommend picker); the staff's, every group", async () => {
    expect(await names(`st=${word}&recommendable=1`)).toEqual([`${word} Ann`, `${word} Bob`, `${word} Cy`, ownGroup.name]);
    expect(await names(`st=${word}&recommendable=1&only-group=1`)).toEqual([ownGroup.name]);
    expect(await names(`st=${word}&recommendable=1`, () => cast.clients.member)).toEqual([`${word} Ann`, `${word} Bob`, `${word} Cy`]);
    for (const staff of [() => cast.clients.moderator, () => cast.clients.admin]) expect(await names(`st=${word}&recommendable=1&only-group=1`, staff)).toEqual([otherGroup.name, ownGroup.name]);
  });

  it("refuses contradictory or malformed parameters with 422 and a message", async () => {
    const refused = async (query: string, message: string) => {
      const res = await cast.clients.member.get(`/profile/autocomplete?st=${word}&${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message).toBe(message);
      fits("get", "/profile/autocomplete", res);
    };
    await refused("only-group=1&only-profile=1", PROFILE_AUTOCOMPLETE_MESSAGES.onlyOne);
    await refused("filter=abc", PROFILE_AUTOCOMPLETE_MESSAGES.badFilter);
    await refused("filter=1,-2", PROFILE_AUTOCOMPLETE_MESSAGES.badFilter);
    await refused("filter=99999999999", PROFILE_AUTOCOMPLETE_MESSAGES.badFilter);
    await refused("limit=0", PROFILE_AUTOCOMPLETE_MESSAGES.badLimit);
    await refused(`limit=${PROFILE_AUTOCOMPLETE_LIMIT + 1}`, PROFILE_AUTOCOMPLETE_MESSAGES.badLimit);
    await refused("limit=2.5", PROFILE_AUTOCOMPLETE_MESSAGES.badLimit);
    await refused("only-group=maybe", "only-group must be 1 or 0 (true or false).");
  });
});
