import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { linkIn } from "../../test/mailbox.js";
import { startTestServer } from "../../test/testServer.js";
import { useMailbox, useTestServer } from "../../test/useServer.js";

const PUBLIC_URL = "http://commons.example.test";
const CONFIRM_PREFIX = `${PUBLIC_URL}/account/confirm-email?token=`;
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get("token")!);

describe("account settings: password and e-mail address", () => {
  const mailbox = useMailbox();
  const { server } = useTestServer(() => ({ env: { SMTP_URL: mailbox.url, PUBLIC_URL } }));
  const fits = apiReferenceCheck();

  it("answers guests 401 on every account call, and each person only their own account", async () => {
    const guest = server.client();
    for (const [method, path] of [["GET", "/api/account"], ["POST", "/api/account/password"], ["POST", "/api/account/email"]] as const) {
      const res = await guest.send(method, path, method === "GET" ? undefined : { current_password: "x", password: "long enough 1", email: "a@example.com" });
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe(MESSAGES.signInRequired);
    }
    const ann = await buildUser(server.db, { name: "Ann Account", email: "ann@example.com" });
    const client = await signedInClient(server, ann);
    const account = await client.get("/api/account");
    expect(account.status).toBe(200);
    expect(account.body).toEqual({ username: ann.username, email: "ann@example.com", email_verified: false, pending_email: null, has_password: true, sso_provider: null });
    fits("get", "/api/account", account);
    const init = await client.get("/getInitializeData");
    expect(init.body.profile).toMatchObject({ id: ann.id, email: "ann@example.com", email_verified: false });
    // Others' addresses are never answered: a profile's page carries none.
    const other = await signedInClient(server, await buildUser(server.db));
    const page = await other.get(`/api/profiles/${ann.uid}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain("ann@example.com");
  });

  it("changes the password: the current one checked (422 on its field), registration's rules, other sessions and reset links ended, this one kept", async () => {
    const user = await buildUser(server.db, { name: "Pat Password", password: "old password 1" });
    const here = await signedInClient(server, user);
    const elsewhere = await signedInClient(server, user);
    const wrong = await here.post("/api/account/password", { current_password: "not it", password: "new password 2" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect(wrong.body.errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    fits("post", "/api/account/password", wrong);
    const short = await here.post("/api/account/password", { current_password: "old password 1", password: "short" });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(["Password must be at least 8 characters."]);
    const missing = await here.post("/api/account/password", { password: "new password 2" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.current_password).toEqual([ACCOUNT_MESSAGES.currentPasswordRequired]);
    // Nothing changed so far: both sessions are signed in.
    expect((await elsewhere.get("/getInitializeData")).body.profile?.id).toBe(user.id);

    await server.db.insertInto("password_resets").values({ profile_id: user.id, token_hash: "a".repeat(64), expires_at: new Date(Date.now() + 60_000).toISOString(), created_at: new Date().toISOString() }).execute();
    const changed = await here.post("/api/account/password", { current_password: "old password 1", password: "new password 2" });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    fits("post", "/api/account/password", changed);
    expect((await here.get("/getInitializeData")).body.profile?.id).toBe(user.id);
    expect((await elsewhere.get("/getInitializeData")).body.profile).toBeNull();
    expect(await server.db.selectFrom("password_resets").select("id").where("profile_id", "=", user.id).execute()).toEqual([]);
    expect((await server.client().signIn(user.username!, "old password 1")).status).toBe(401);
    expect((await server.client().signIn(user.username!, "new password 2")).status).toBe(200);
  });

  it("refuses a password change to an account that signs in only through its provider, with a clear message", async () => {
    // Signed in, then made SSO-only (as an account a provider created is): no password, an identity link.
    const sso = await buildUser(server.db, { name: "Sid Sso" });
    const client = await signedInClient(server, sso);
    await server.db.updateTable("profiles").set({ password_hash: null }).where("id", "=", sso.id).execute();
    await server.db.insertInto("identities").values({ provider: "campus", subject: `sub-${sso.id}`, profile_id: sso.id, created_at: new Date().toISOString() }).execute();
    const account = await client.get("/api/account");
    expect(account.body).toMatchObject({ has_password: false, sso_provider: "campus" });
    const refused = await client.post("/api/account/password", { current_password: "anything", password: "new password 2" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.ssoOnly);
    fits("post", "/api/account/password", refused);
  });

  it("changes the address only once its mailed link is opened: the new address is mailed, the old one told; the link works once", async () => {
    const user: TestUser = await buildUser(server.db, { name: "Eve Email", email: "eve.old@example.com", password: "eve password 1", emailVerified: true });
    const client = await signedInClient(server, user);
    const noPassword = await client.post("/api/account/email", { email: "eve.new@example.com" });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
    const wrong = await client.post("/api/account/email", { email: "eve.new@example.com", current_password: "nope" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const invalid = await client.post("/api/account/email", { email: "not an address", current_password: "eve password 1" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe(ACCOUNT_MESSAGES.emailInvalid);
    fits("post", "/api/account/email", invalid);

    mailbox.received.length = 0;
    const asked = await client.post("/api/account/email", { email: "Eve.New@example.com", current_password: "eve password 1" });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(ACCOUNT_MESSAGES.emailSent("Eve.New@example.com"));
    expect(asked.body.account).toMatchObject({ email: "eve.old@example.com", email_verified: true, pending_email: "Eve.New@example.com" });
    fits("post", "/api/account/email", asked);

    const mail = await mailbox.next("Eve.New@example.com");
    expect(mail.subject).toBe("Confirm your Curriculum Commons e-mail address");
    expect(mail.text).toContain("Hello Eve Email,");
    expect(mail.text).toContain("for 24 hours");
    const token = tokenOf(linkIn(mail, CONFIRM_PREFIX));
    const rows = await server.db.selectFrom("email_changes").selectAll().where("profile_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)) / 3_600_000).toBe(24);
    const notice = await mailbox.next("eve.old@example.com");
    expect(notice.subject).toBe("A new e-mail address was asked for your Curriculum Commons account");
    expect(notice.text).toContain("Eve.New@example.com");
    expect(notice.text).not.toContain(token);

    // Not used until confirmed.
    expect((await client.get("/getInitializeData")).body.profile).toMatchObject({ email: "eve.old@example.com", email_verified: true });
    // The token alone decides: a browser signed in as no one confirms it.
    const confirmed = await server.client().post("/api/account/confirm-email", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: ACCOUNT_MESSAGES.emailConfirmed("Eve.New@example.com"), email: "Eve.New@example.com" });
    fits("post", "/api/account/confirm-email", confirmed);
    expect((await client.get("/api/account")).body).toMatchObject({ email: "Eve.New@example.com", email_verified: true, pending_email: null });

    const again = await server.client().post("/api/account/confirm-email", { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    fits("post", "/api/account/confirm-email", again);
    const none = await server.client().post("/api/account/confirm-email", {});
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(ACCOUNT_MESSAGES.tokenRequired);
  });

  it("refuses an expired link, and accepts an address another account uses (as registration does)", async () => {
    const taken = await buildUser(server.db, { email: "shared@example.com" });
    const user = await buildUser(server.db, { name: "Sue Shared", password: "sue password 1" });
    const client = await signedInClient(server, user);
    mailbox.received.length = 0;
    const asked = await client.post("/api/account/email", { email: taken.email, current_password: "sue password 1" });
    expect(asked.status).toBe(200);
    const token = tokenOf(linkIn(await mailbox.next(taken.email!), CONFIRM_PREFIX));
    await server.db.updateTable("email_changes").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("profile_id", "=", user.id).execute();
    const expired = await server.client().post("/api/account/confirm-email", { token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect((await client.get("/api/account")).body).toMatchObject({ email: null, email_verified: false });
  });

  it("mails a new member a confirmation link for the address given at registration; opening it confirms the address", async () => {
    mailbox.received.length = 0;
    const browser = server.client();
    const username = `newbie${Date.now().toString(36)}`;
    expect((await browser.post("/auth/register", { name: "Nia Newbie", username, email: "nia.newbie@example.com", password: "long enough pw" })).status).toBe(201);
    const mail = await mailbox.next("nia.newbie@example.com");
    expect(mail.subject).toBe("Confirm your Curriculum Commons e-mail address");
    expect(mail.text).toContain(`Welcome to Curriculum Commons`);
    expect(mail.text).toContain(`"${username}"`);
    expect((await browser.get("/getInitializeData")).body.profile).toMatchObject({ email: "nia.newbie@example.com", email_verified: false });
    await browser.token(); // the new session's CSRF token
    const confirmed = await browser.post("/api/account/confirm-email", { token: tokenOf(linkIn(mail, CONFIRM_PREFIX)) });
    expect(confirmed.status).toBe(200);
    expect((await browser.get("/getInitializeData")).body.profile).toMatchObject({ email: "nia.newbie@example.com", email_verified: true });
    // Only the new address was mailed (a registration has no old one to tell).
    expect(mailbox.received.flatMap((m) => m.envelopeTo)).toEqual(["nia.newbie@example.com"]);
  });
});

describe("account settings: the current password's guesses", () => {
  it("count against sign-in's per-minute allowance: wrong current passwords and failed sign-ins share it (429 past it)", async () => {
    const server = await startTestServer({ env: { AUTH_RATE_LIMIT: "3" } });
    try {
      const user = await buildUser(server.db, { password: "right password 1" });
      const client = await signedInClient(server, user);
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await client.post("/api/account/password", { current_password: `guess ${i}`, password: "new password 2" })).status);
      statuses.push((await server.client().signIn(user.username!, "guess 3")).status);
      const limited = await client.post("/api/account/password", { current_password: "right password 1", password: "new password 2" });
      statuses.push(limited.status);
      expect(statuses).toEqual([422, 422, 401, 429]);
      expect(limited.body.message).toBe(MESSAGES.tooManyAttempts);
    } finally {
      await server.stop();
    }
  });
});
