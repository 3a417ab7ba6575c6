import crypto from "node:crypto";
import { createContent, type CreateContentInput } from "../commands/createContent.js";
import type { Db } from "../db/connection.js";
import type { Insertable } from "kysely";
import type { AnnouncementsTable, Content, Institution, InterceptorRow, InterceptorsTable, NewsItemRow, NewsItemsTable, Profile } from "../db/schema.js";
import { hashPassword } from "../lib/password.js";
import { upsertAnnouncement } from "../models/announcements.js";
import { addToCollections } from "../commands/collectionItems.js";
import { insertInstitution } from "../models/institutions.js";
import { insertInterceptor } from "../models/interceptors.js";
import { insertNewsItem } from "../models/newsItems.js";
import { insertProfile } from "../models/profiles.js";
import type { TestClient, TestServer } from "./testServer.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

/** A user as the factories build it: the profile and the password it signs in with. */
export type TestUser = Profile & { password: string };

/** What buildUser may be told about the user. */
export type UserOverrides = { admin?: boolean; moderator?: boolean; publisher?: boolean; password?: string; name?: string; permissions?: string[]; email?: string; emailVerified?: boolean };

/**
 * The scrypt cost of the accounts tests build: the same algorithm at a cost that takes milliseconds, not the
 * production setting's 0.2 to 0.4 s on this machine (each hash and each sign-in paid it; the suite builds hundreds).
 * Accounts made through the app (registration, SSO, the demo seed) keep the production cost, and auth.test.ts checks it.
 */
const TEST_USER_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };

/** A user with a known password ("password" by default). */
export async function buildUser(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  const password = overrides.password ?? "password";
  const username = `user_${unique()}`;
  const profile = await insertProfile(db, {
    kind: "user",
    name: overrides.name ?? `User ${username}`,
    username,
    email: overrides.email ?? null,
    email_verified_at: overrides.email && overrides.emailVerified ? new Date().toISOString() : null,
    password_hash: await hashPassword(password, TEST_USER_HASH_COST),
    is_admin: overrides.admin ? 1 : 0,
    is_moderator: overrides.moderator ? 1 : 0,
    is_publisher: overrides.publisher ? 1 : 0,
    permissions: JSON.stringify(overrides.permissions ?? []),
  });
  return { ...profile, password };
}

/** A client of the test server signed in as the user. */
export async function signedInClient(server: TestServer, user: TestUser): Promise<TestClient> {
  const client = server.client();
  await client.signIn(user.username!, user.password);
  return client;
}

/** A fresh user (see buildUser) and a client signed in as them. */
export async function buildSignedInUser(server: TestServer, overrides: UserOverrides = {}): Promise<[TestUser, TestClient]> {
  const user = await buildUser(server.db, overrides);
  return [user, await signedInClient(server, user)];
}

/** A client signed in as a fresh user, for tests that never need the user itself. */
export async function buildSignedInClient(server: TestServer, overrides: UserOverrides = {}): Promise<TestClient> {
  return (await buildSignedInUser(server, overrides))[1];
}

/** The roles the spec names around one item, each a user with a client signed in as them, plus a guest. */
export interface RoleCast {
  owner: TestUser;
  member: TestUser;
  leader: TestUser;
  groupie: TestUser;
  moderator: TestUser;
  admin: TestUser;
  /** The group `leader` leads and `groupie` belongs to (the caller grants it what the test needs). */
  group: Profile;
  clients: Record<"owner" | "member" | "leader" | "groupie" | "moderator" | "admin" | "guest", TestClient>;
}

/** The cast of a policy test: an item's owner, a member with no grant, a group's leader and member, a moderator and an admin. */
export async function buildRoleCast(server: TestServer): Promise<RoleCast> {
  const users = {
    owner: await buildUser(server.db, { name: "Olga Owner" }),
    member: await buildUser(server.db, { name: "Milo Member" }),
    leader: await buildUser(server.db, { name: "Lea Leader" }),
    groupie: await buildUser(server.db, { name: "Gus Groupie" }),
    moderator: await buildUser(server.db, { moderator: true, name: "Mona Moderator" }),
    admin: await buildUser(server.db, { admin: true, name: "Adam Admin" }),
  };
  const group = await buildGroup(server.db, users.leader, [users.groupie]);
  const clients = { guest: server.client() } as RoleCast["clients"];
  for (const [role, user] of Object.entries(users) as [keyof typeof users, TestUser][]) clients[role] = await signedInClient(server, user);
  return { ...users, group, clients };
}

/** Each role's answer status to one call (the cast's clients, the guest's included), by role. */
export async function statusesByRole(clients: RoleCast["clients"], call: (client: TestClient) => Promise<{ status: number }>): Promise<Partial<Record<keyof RoleCast["clients"], number>>> {
  const out: Partial<Record<keyof RoleCast["clients"], number>> = {};
  for (const role of Object.keys(clients) as (keyof RoleCast["clients"])[]) out[role] = (await call(clients[role])).status;
  return out;
}

/** An institution (a listed one by default: with a "City, ST" location). */
export async function buildInstitution(db: Db, overrides: { name?: string; location?: string | null } = {}): Promise<Institution> {
  return insertInstitution(db, { name: overrides.name ?? `Institution ${unique()}`, location: overrides.location === undefined ? "Springfield, IL" : overrides.location, created_by: null });
}

/** A group with a leader and members. */
export async function buildGroup(db: Db, leader: Profile, members: Profile[] = []): Promise<Profile> {
  const group = await insertProfile(db, { kind: "group", name: `Group ${unique()}` });
  await db
    .insertInto("group_members")
    .values([{ group_id: group.id, profile_id: leader.id, role: "leader" as const }, ...members.map((m) => ({ group_id: group.id, profile_id: m.id, role: "member" as const }))])
    .execute();
  return group;
}

/**
 * A group's page: its profile:group content row, owned by the group's leader as createGroup makes it. A restricted
 * one only the group's members may see (read granted to the group).
 */
export async function buildGroupPage(db: Db, leader: Profile, group: Profile, title: string, options: { restricted?: boolean } = {}): Promise<Content> {
  const page = await buildContent(db, { ownerId: leader.id, modelKey: "profile", subType: "group", title, profileId: group.id, ...(options.restricted ? { visibility: "restricted" as const } : {}) });
  if (options.restricted) await db.insertInto("content_grants").values({ content_id: page.id, scope: "group", profile_id: group.id, permission: "read" }).execute();
  return page;
}

/** A content object (a public resource unless told otherwise). */
export async function buildContent(db: Db, input: Partial<CreateContentInput> & { ownerId: number }): Promise<Content> {
  return createContent(db, { modelKey: "resource", title: `Resource ${unique()}`, ...input });
}

/** An attribute item of a type (by key), for tagging. */
export async function buildAttribute(db: Db, typeKey: string, name: string, parentId: number | null = null): Promise<number> {
  const type = await db.selectFrom("attribute_types").select("id").where("key", "=", typeKey).executeTakeFirstOrThrow();
  const row = await db
    .insertInto("attribute_items")
    .values({ type_id: type.id, parent_id: parentId, name, short_name: null, slug: name.toLowerCase().replace(/\W+/g, "-"), description: null, sort_order: 0, depth: parentId ? 1 : 0, is_leaf: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A system announcement: an announcement page (public unless told) and its banner settings (shown from an hour ago, open-ended, unless told). */
export async function buildAnnouncement(
  db: Db,
  input: Partial<CreateContentInput> & { ownerId: number },
  banner: Partial<Omit<Insertable<AnnouncementsTable>, "content_id">> = {},
): Promise<Content> {
  const item = await createContent(db, { modelKey: "cms_page", subType: "announcement", title: `Announcement ${unique()}`, description: "A short line for the banner.", ...input });
  await upsertAnnouncement(db, { content_id: item.id, start_time: new Date(Date.now() - 3_600_000).toISOString(), ...banner });
  return item;
}

/** A news item (published, for everyone, last in the carousel's order unless told). */
export async function buildNewsItem(db: Db, input: Partial<Insertable<NewsItemsTable>> = {}): Promise<NewsItemRow> {
  const now = new Date().toISOString();
  return insertNewsItem(db, { title: `News ${unique()}`, description: "A line of news.", sort_order: 1000, created_at: now, updated_at: now, ...input });
}

/** An interceptor (switched on, open-ended, last in the queue unless told). */
export async function buildInterceptor(db: Db, input: Partial<Insertable<InterceptorsTable>> = {}): Promise<InterceptorRow> {
  const now = new Date().toISOString();
  return insertInterceptor(db, { title: `Notice ${unique()}`, content: "<p>Please read this.</p>", sort_order: 1000, created_at: now, updated_at: now, ...input });
}

/** A collection (public unless told) holding the given items, in that order. */
export async function buildCollection(db: Db, input: Partial<CreateContentInput> & { ownerId: number }, items: Content[] = []): Promise<Content> {
  const collection = await createContent(db, { modelKey: "collection", title: `Collection ${unique()}`, ...input });
  for (const item of items) await addToCollections(db, [collection.id], item.id, input.ownerId);
  return collection;
}
