import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, PASSWORD_MESSAGES } from "../../../contract/index.js";
import { buildUser } from "../../test/factories.js";
import { startTestServer } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("sign-in", () => {
  const { server } = useTestServer();
  let user: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    user = await buildUser(server.db, { password: "correct horse battery" });
  });

  it("signs in with the right password and the profile appears in getInitializeData", async () => {
    const c = server.client();
    const res = await c.signIn(user.username!, "correct horse battery");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const init = await c.get("/getInitializeData");
    expect(init.body.profile).toMatchObject({ id: user.id, username: user.username });
    expect(init.body.profile.permissions).toMatchObject({ is_admin: false, bulk_importer: false, search_as_profile: false, search_ignore_permissions: false, review_reports: false, read_contact_messages: false });
    expect(JSON.stringify(init.body)).not.toContain("password");
    // An admin holds every permission, so the screens gated on one (the bulk import button) show for it.
    const admin = await buildUser(server.db, { admin: true });
    const a = server.client();
    await a.signIn(admin.username!, admin.password);
    expect((await a.get("/getInitializeData")).body.profile.permissions).toMatchObject({ is_admin: true, bulk_importer: true, search_as_profile: true, search_ignore_permissions: true, review_reports: true, read_contact_messages: true });
  });

  it("refuses a wrong password with errors[] and no session", async () => {
    const c = server.client();
    const res = await c.signIn(user.username!, "wrong");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.badCredentials, errors: [MESSAGES.badCredentials] });
    expect((await c.get("/getInitializeData")).body.profile).toBeNull();
  });

  it("answers an unknown username exactly like a wrong password", async () => {
    const res = await server.client().signIn("nobody-here", "whatever");
    expect(res.status).toBe(401);
    expect(res.body.errors).toEqual([MESSAGES.badCredentials]);
  });

  it("requires username and password with the spec's messages", async () => {
    const c = server.client();
    const res = await c.post("/auth", { username: "", password: "" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([MESSAGES.usernameRequired, MESSAGES.passwordRequired]);
    const missing = await c.post("/auth", {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(MESSAGES.usernameRequired);
    // Too long, or not text: said as it is, not as "required".
    for (const [body, message] of [
      [{ username: "a".repeat(300), password: "x" }, "Username may be at most 255 characters."],
      [{ username: "admin", password: "p".repeat(2000) }, "Password may be at most 1024 characters."],
      [{ username: 123, password: "x" }, "Username must be text."],
    ] as const) {
      const res = await c.post("/auth", body);
      expect([res.status, res.body.message], JSON.stringify(body).slice(0, 40)).toEqual([422, message]);
    }
  });

  it("refuses a sign-in without the CSRF token even with no session yet (login CSRF), and answers other cookieless writes as a guest", async () => {
    // However the path is written: the router matches it case-insensitively, with or without a trailing slash.
    for (const path of ["/auth", "/auth/", "/AUTH", "/Auth/", "//auth", "/auth/register", "/auth/register/", "/AUTH/Register"]) {
      const body = path.toLowerCase().includes("register") ? { name: "Forged", username: `forged${path.length}`, email: "f@example.org", password: "long enough pw" } : { username: user.username, password: "correct horse battery" };
      const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect([res.status, res.headers.getSetCookie().length], path).toEqual([403, 0]);
    }
    // No session cookie: no one's authority to borrow, so a write gets the route's own answer.
    const favorite = await fetch(`${server.url}/profile/favorite`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: "resource:1" }) });
    expect([favorite.status, ((await favorite.json()) as { message: string }).message]).toEqual([401, MESSAGES.signInRequired]);
    // A session cookie without its token is still refused.
    const c = server.client();
    await c.signIn(user.username!, "correct horse battery");
    expect((await c.request("POST", "/profile/favorite", { type: "resource:1" })).status).toBe(403);
  });

  it("refuses a write without the CSRF token", async () => {
    const c = server.client();
    await c.get("/getInitializeData");
    const res = await c.request("POST", "/auth", { username: user.username, password: "correct horse battery" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.csrf });
  });

  it("gives a session cookie without remember and a 30-day cookie with it", async () => {
    const plain = server.client();
    await plain.token();
    const a = await plain.request("POST", "/auth", { username: user.username, password: "correct horse battery" }, { "x-csrf-token": await plain.token() });
    const cookieA = a.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookieA).not.toMatch(/Expires=/i);
    expect(cookieA).toMatch(/HttpOnly/i);
    expect(cookieA).toMatch(/SameSite=Lax/i);
    const remembered = server.client();
    const b = await remembered.request("POST", "/auth", { username: user.username, password: "correct horse battery", remember: 1 }, { "x-csrf-token": await remembered.token() });
    const cookieB = b.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    const expires = new Date(/Expires=([^;]+)/i.exec(cookieB)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("signs out", async () => {
    const c = server.client();
    await c.signIn(user.username!, "correct horse battery");
    expect((await c.post("/auth/logout")).status).toBe(200);
    expect((await c.get("/getInitializeData")).body.profile).toBeNull();
  });

  it("answers forgot-password without revealing accounts, and validates the address", async () => {
    const c = server.client();
    expect((await c.post("/auth/forgot", { email: "someone@example.org" })).body).toEqual({ message: MESSAGES.forgotSent });
    const bad = await c.post("/auth/forgot", { email: "not-an-address" });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("The provided email address is invalid");
  });

  it("answers bad JSON with a 400 and no stack trace", async () => {
    const c = server.client();
    const res = await c.request("POST", "/auth", "{bad json", { "x-csrf-token": await c.token() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("refuses bodies it cannot read with a 415 or 400 in words, not as missing fields or library texts", async () => {
    const c = server.client();
    const csrf = { "x-csrf-token": await c.token() };
    const credentials = JSON.stringify({ username: "someone", password: "secret-password" });
    for (const type of ["text/plain", "application/xml", "text/csv"]) {
      const res = await c.request("POST", "/auth", credentials, { ...csrf, "content-type": type });
      expect([res.status, res.body], type).toEqual([415, { message: "Send the request body as JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data." }]);
    }
    const cases: [Record<string, string>, number, string][] = [
      [{ "content-type": "application/json", "content-encoding": "gzip" }, 400, "The request body could not be decompressed."],
      [{ "content-type": "application/json", "content-encoding": "compress" }, 415, "The request body's Content-Encoding is not supported: send it as is, or gzip, deflate or br."],
      [{ "content-type": "application/json; charset=latin9" }, 415, "The request body's charset is not supported: send UTF-8."],
    ];
    for (const [headers, status, message] of cases) {
      const res = await c.request("POST", "/auth", credentials, { ...csrf, ...headers });
      expect([res.status, res.body], JSON.stringify(headers)).toEqual([status, { message }]);
    }
    // A JSON body that is not an object: the route's own message, in words.
    const list = await c.request("POST", "/auth", "[1, 2]", csrf);
    expect(list.status).toBe(422);
    expect(list.body.message).not.toMatch(/Invalid input|expected/);
    // A write with an empty body (Content-Length: 0, no type) is a bodiless write, not an unknown kind of body.
    const empty = await c.request("POST", "/auth/logout", "", { ...csrf, "content-type": "", "content-length": "0" });
    expect(empty.status).toBeLessThan(300);
    // Forms are read, as are bodiless writes.
    const form = await c.request("POST", "/auth", "username=someone&password=secret-password", { ...csrf, "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).not.toBe(415);
  });

  it("refuses a multipart body sent to a call that does not read one, instead of answering as if no body came", async () => {
    const message = "This call reads JSON (application/json) or a form (application/x-www-form-urlencoded), not multipart/form-data.";
    const c = server.client();
    // A sign-in sent as multipart answered "Username is required.", and POST /search searched everything, ignoring its st.
    for (const [path, fields] of [
      ["/auth", { username: user.username!, password: "correct horse battery" }],
      ["/search", { st: "ab" }],
      ["/profile/favorite", { type: "resource:1" }],
      ["/auth/forgot", { email: "someone@example.org" }],
    ] as const) {
      const res = await c.postFiles(path, fields);
      expect([res.status, res.body], path).toEqual([415, { message }]);
    }
    // The upload calls still read it (this one then refuses a guest for its own reason, not the body's type).
    const upload = await c.postFiles("/resources/create-fetch", { title: "Tide Pools", add_resource_type: "show-url", url: "https://example.org/tides" });
    expect(upload.status).not.toBe(415);
  });

  it("refuses a remember value that is not a yes or no, which was read as no", async () => {
    const message = "remember must be 1 or 0 (true or false).";
    for (const remember of ["maybe", { on: 1 }, 2]) {
      const c = server.client();
      const res = await c.post("/auth", { username: user.username, password: "correct horse battery", remember });
      expect([res.status, res.body], JSON.stringify(remember)).toEqual([422, { message, errors: [message] }]);
      expect((await c.get("/getInitializeData")).body.profile, JSON.stringify(remember)).toBeNull();
    }
    // What a checkbox sends, ticked or not, and a form's repeated field (its last value counts).
    for (const remember of ["1", "on", true, 1, "0", false, "", ["0", "on"]]) {
      const res = await server.client().post("/auth", { username: user.username, password: "correct horse battery", remember });
      expect(res.status, JSON.stringify(remember)).toBe(200);
    }
  });

  it("answers unknown API paths with JSON 404", async () => {
    const res = await server.client().get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MESSAGES.notFound });
    // The spec's API families too, whatever the client accepts.
    for (const path of ["/comment/no-such-call", "/permissions/no-such-call", "/i18n/x/en/1.js", "/feeds/posts/1"]) {
      const other = await fetch(`${server.url}${path}`, { headers: { accept: "*/*" } });
      expect([other.status, other.headers.get("content-type")?.split(";")[0]], path).toEqual([404, "application/json"]);
    }
  });
});

describe("sign-in rate limit", () => {
  const { server } = useTestServer({ env: { AUTH_RATE_LIMIT: "3" } });

  it("answers 429 with the message after too many attempts", async () => {
    const c = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.signIn("someone", "wrong")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Reset requests are limited too.
    const resets: number[] = [];
    for (let i = 0; i < 4; i++) resets.push((await c.post("/auth/forgot", { email: "someone@example.org" })).status);
    expect(resets).toEqual([200, 200, 200, 429]);
    const res = await c.signIn("someone", "wrong");
    expect(res.body.errors).toEqual([MESSAGES.tooManyAttempts]);
    // The count lives in the database: another instance refuses the same client too.
    const other = await server.startInstance();
    expect((await c.at(other.url).signIn("someone", "wrong")).status).toBe(429);
  });
});

describe("sign-in rate limit, for those who sign in", () => {
  it("counts failures only: signing in gives the attempt back", async () => {
    const server = await startTestServer({ env: { AUTH_RATE_LIMIT: "3" } });
    try {
      const user = await buildUser(server.db, { password: "correct horse battery" });
      const c = server.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await c.signIn(user.username!, "correct horse battery")).status);
      for (let i = 0; i < 4; i++) statuses.push((await c.signIn(user.username!, "wrong")).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 401, 401, 401, 429]);
      // Registrations count whether or not they succeed: a successful one is what a flood would be made of.
      const registrations: number[] = [];
      for (let i = 0; i < 4; i++) registrations.push((await server.client().post("/auth/register", { name: "New", username: `newcomer${i}`, email: `n${i}@example.org`, password: "long enough pw" })).status);
      expect(registrations).toEqual([201, 201, 201, 429]);
    } finally {
      await server.stop();
    }
  });
});

describe("sessions", () => {
  it("are shared by two instances on one database and survive a restart", async () => {
    const first = await startTestServer();
    try {
      const user = await buildUser(first.db);
      const c = first.client();
      await c.signIn(user.username!, user.password);
      const second = await first.startInstance();
      expect((await c.at(second.url).get("/getInitializeData")).body.profile.id).toBe(user.id);
      await first.close();
      const third = await first.startInstance();
      const afterRestart = c.at(third.url);
      expect((await afterRestart.get("/getInitializeData")).body.profile.id).toBe(user.id);
      // The CSRF token lives in the session too, so writes keep working after the restart.
      expect((await afterRestart.post("/auth/logout")).status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});

describe("registration", () => {
  const { server } = useTestServer();

  it("creates a member, signs it in, and refuses a taken username", async () => {
    const c = server.client();
    const res = await c.post("/auth/register", { name: "Nia Newcomer", username: "Nia.New", email: "nia@example.org", password: "long enough pw" });
    expect(res.status).toBe(201);
    const init = await c.get("/getInitializeData");
    expect(init.body.profile).toMatchObject({ name: "Nia Newcomer", username: "nia.new", permissions: { is_admin: false } });
    const again = await server.client().post("/auth/register", { name: "Other", username: "nia.new", email: "o@example.org", password: "long enough pw" });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ message: "That username is taken.", errors: { username: ["That username is taken."] } });
    expect((await server.client().signIn("nia.new", "long enough pw")).status).toBe(200);
    // The production cost (the test factories' accounts use a cheaper one): N=2^15, r=8, p=3.
    const stored = await server.db.selectFrom("profiles").select("password_hash").where("username", "=", "nia.new").executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$32768\$8\$3\$/);
  });

  it("gives one of two registrations racing for a username the account, and the other the spec's message, not a 500", async () => {
    const register = (name: string) => server.client().post("/auth/register", { name, username: "racer", email: `${name}@example.org`, password: "long enough pw" });
    const answers = await Promise.all([register("first"), register("second")]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body).toMatchObject({ message: "That username is taken.", errors: { username: ["That username is taken."] } });
    // The loser left nothing behind: one profile, listed once.
    expect(await server.db.selectFrom("profiles").select("id").where("username", "=", "racer").execute()).toHaveLength(1);
    expect(await server.db.selectFrom("content").select("id").where("model_key", "=", "user").where("description", "=", "@racer").execute()).toHaveLength(1);
  });

  it("validates every field with a message", async () => {
    const res = await server.client().post("/auth/register", { name: "", username: "a b", email: "nope", password: "short" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "name", "password", "username"]);
  });

  it("refuses a password of only spaces or the username itself, and makes no account", async () => {
    for (const [username, password, message] of [
      ["spacey", "          ", PASSWORD_MESSAGES.onlySpaces],
      ["Same.Name", "same.name", PASSWORD_MESSAGES.sameAsUsername],
      ["same.again", " SAME.AGAIN ", PASSWORD_MESSAGES.sameAsUsername],
    ] as const) {
      const res = await server.client().post("/auth/register", { name: "Weak", username, email: "weak@example.org", password });
      expect([res.status, res.body.message, res.body.errors], username).toEqual([422, message, { password: [message] }]);
      expect(await server.db.selectFrom("profiles").select("id").where("username", "=", username.toLowerCase()).execute(), username).toHaveLength(0);
    }
    // A password that only contains the username, or has spaces in it, is fine.
    const ok = await server.client().post("/auth/register", { name: "Fine", username: "fine.one", email: "fine@example.org", password: " fine.one and more " });
    expect(ok.status).toBe(201);
  });
});
