import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, RESET_MESSAGES } from "../../../contract/index.js";
import { insertProfile } from "../../models/profiles.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { linkIn, outboxMails, startMailbox, waitFor } from "../../test/mailbox.js";
import { startTestServer } from "../../test/testServer.js";
import { useMailbox, useTestServer } from "../../test/useServer.js";

const PUBLIC_URL = "http://commons.example.test";
const RESET_PREFIX = `${PUBLIC_URL}/auth/reset?token=`;
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get("token")!);

describe("password reset through a real SMTP server", () => {
  const mailbox = useMailbox();
  const { server } = useTestServer(() => ({ env: { SMTP_URL: mailbox.url, MAIL_FROM: "Commons Test <noreply@commons.example.test>", PUBLIC_URL } }));
  let user: TestUser;
  const fits = apiReferenceCheck();

  beforeAll(async () => {
    user = await buildUser(server.db, { name: "Rita Reset", email: "Rita.Reset@example.com", password: "old password 1" });
  });

  it("mails a one-hour reset link through SMTP (with the URL's user and password) and stores only the token's hash", async () => {
    const answer = await server.client().post("/auth/forgot", { email: "rita.reset@EXAMPLE.com" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: MESSAGES.forgotSent });
    fits("post", "/auth/forgot", answer);
    const mail = await mailbox.next("Rita.Reset@example.com");
    expect(mailbox.received.find((m) => m === mail)?.user).toBe("mailer");
    expect(mail.headers.from).toBe("Commons Test <noreply@commons.example.test>");
    expect(mail.subject).toBe("Reset your Curriculum Commons password");
    expect(mail.text).toContain("Hello Rita Reset,");
    expect(mail.text).toContain(`"${user.username}"`);
    const token = tokenOf(linkIn(mail, RESET_PREFIX));
    const rows = await server.db.selectFrom("password_resets").selectAll().where("profile_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)) / 60000;
    expect(minutes).toBe(60);
  });

  it("sets the new password with the link, once: the old password, the other links and the other sessions stop working", async () => {
    const elsewhere = await signedInClient(server, user);
    expect((await elsewhere.get("/getInitializeData")).body.profile?.id).toBe(user.id);
    mailbox.received.length = 0;
    await server.client().post("/auth/forgot", { email: user.email });
    const first = tokenOf(linkIn(await mailbox.next(user.email!), RESET_PREFIX));
    mailbox.received.length = 0;
    await server.client().post("/auth/forgot", { email: user.email });
    const second = tokenOf(linkIn(await mailbox.next(user.email!), RESET_PREFIX));
    expect(second).not.toBe(first);

    const browser = server.client();
    const reset = await browser.post("/auth/reset", { token: second, password: "new password 2" });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: RESET_MESSAGES.done });
    fits("post", "/auth/reset", reset);
    // It sends the person to sign in (it does not sign them in itself).
    expect((await browser.get("/getInitializeData")).body.profile).toBeNull();
    expect((await server.client().signIn(user.username!, "old password 1")).status).toBe(401);
    expect((await server.client().signIn(user.username!, "new password 2")).status).toBe(200);
    expect((await elsewhere.get("/getInitializeData")).body.profile).toBeNull();

    for (const token of [second, first]) {
      const again = await server.client().post("/auth/reset", { token, password: "third password 3" });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(RESET_MESSAGES.tokenInvalid);
      fits("post", "/auth/reset", again);
    }
    expect(await server.db.selectFrom("password_resets").select("id").where("profile_id", "=", user.id).execute()).toEqual([]);
    user.password = "new password 2";
  });

  it("also ends the sessions written before migration 032, which name the profile only in their data, and no one else's", async () => {
    const other = await buildUser(server.db, { name: "Otto Other", email: "otto.other@example.com", password: "other password 1" });
    const older = await signedInClient(server, user);
    const othersOlder = await signedInClient(server, other);
    expect((await older.get("/getInitializeData")).body.profile?.id).toBe(user.id);
    // As those sessions were stored before the column: no profile_id, the profile only in the data.
    const sidOf = (cookies: string) => decodeURIComponent(/(?:^|;\s*)sid=([^;]+)/.exec(cookies)![1]!).replace(/^s:/, "").split(".")[0]!;
    const sids = [sidOf(older.cookieHeader()), sidOf(othersOlder.cookieHeader())];
    await server.db.updateTable("sessions").set({ profile_id: null }).where("sid", "in", sids).execute();
    // And a session of a profile whose id starts with this one's digits (12 for 1, 10 for 1...), which must stay.
    const lookalike = { sid: "lookalike-session", data: JSON.stringify({ cookie: {}, profileId: Number(`${user.id}0`) }), expires_at: Date.now() + 3_600_000, profile_id: null };
    await server.db.insertInto("sessions").values(lookalike).execute();
    expect((await older.get("/getInitializeData")).body.profile?.id).toBe(user.id);

    mailbox.received.length = 0;
    await server.client().post("/auth/forgot", { email: user.email });
    const token = tokenOf(linkIn(await mailbox.next(user.email!), RESET_PREFIX));
    expect((await server.client().post("/auth/reset", { token, password: "newer password 4" })).status).toBe(200);
    user.password = "newer password 4";

    expect((await older.get("/getInitializeData")).body.profile).toBeNull();
    expect(await server.db.selectFrom("sessions").select("sid").where("sid", "=", sids[0]!).executeTakeFirst()).toBeUndefined();
    expect((await othersOlder.get("/getInitializeData")).body.profile?.id).toBe(other.id);
    expect(await server.db.selectFrom("sessions").select("sid").where("sid", "=", lookalike.sid).executeTakeFirst()).toEqual({ sid: lookalike.sid });
  });

  it("refuses an expired or unknown token, and a password registration would refuse, with 4xx and a message", async () => {
    mailbox.received.length = 0;
    await server.client().post("/auth/forgot", { email: user.email });
    const token = tokenOf(linkIn(await mailbox.next(user.email!), RESET_PREFIX));
    const tooShort = await server.client().post("/auth/reset", { token, password: "short" });
    expect(tooShort.status).toBe(422);
    expect(tooShort.body.message).toBe("Password must be at least 8 characters.");
    fits("post", "/auth/reset", tooShort);
    const noToken = await server.client().post("/auth/reset", { password: "long enough 1" });
    expect(noToken.status).toBe(422);
    expect(noToken.body.message).toBe(RESET_MESSAGES.tokenRequired);
    const unknown = await server.client().post("/auth/reset", { token: "not-a-token", password: "long enough 1" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(RESET_MESSAGES.tokenInvalid);

    // An hour later: the same token is refused.
    await server.db.updateTable("password_resets").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("profile_id", "=", user.id).execute();
    const expired = await server.client().post("/auth/reset", { token, password: "long enough 1" });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(RESET_MESSAGES.tokenInvalid);
    expect((await server.client().signIn(user.username!, user.password)).status).toBe(200);
  });

  it("answers alike whether or not an account exists, and mails no SSO-only account and no unknown address", async () => {
    await insertProfile(server.db, { kind: "user", name: "Sam Sso", username: `sso_${Date.now()}`, email: "sso.only@example.com", password_hash: null });
    const known = await buildUser(server.db, { email: "known.person@example.com" });
    mailbox.received.length = 0;
    const answers = [];
    for (const email of ["nobody.here@example.com", "sso.only@example.com", "known.person@example.com"]) answers.push(await server.client().post("/auth/forgot", { email }));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ message: MESSAGES.forgotSent });
    }
    await mailbox.next(known.email!);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.received.flatMap((m) => m.envelopeTo)).toEqual(["known.person@example.com"]);
    expect(await server.db.selectFrom("password_resets").select("profile_id").where("profile_id", "!=", known.id).where("profile_id", "!=", user.id).execute()).toEqual([]);
  });

  it("still refuses a malformed address with 422 and the message", async () => {
    const res = await server.client().post("/auth/forgot", { email: "no-at-sign" });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The provided email address is invalid");
  });
});

describe("mail without SMTP_URL, and a mail server that is down", () => {
  it("writes the mail as an .eml file into DATA_DIR/outbox", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-outbox-"));
    const server = await startTestServer({ env: { DATA_DIR: dataDir } });
    try {
      await buildUser(server.db, { email: "outbox.person@example.com" });
      expect((await server.client().post("/auth/forgot", { email: "outbox.person@example.com" })).status).toBe(200);
      const [mail] = await waitFor(async () => {
        const mails = await outboxMails(dataDir);
        return mails.length ? mails : undefined;
      });
      expect(mail!.to).toBe("outbox.person@example.com");
      // No PUBLIC_URL: the link names the address the server listens on.
      const link = linkIn(mail!, `${server.url}/auth/reset?token=`);
      const token = tokenOf(link);
      expect((await server.client().post("/auth/reset", { token, password: "from the outbox" })).status).toBe(200);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers at once when the SMTP server cannot be reached (the failure is only logged)", async () => {
    const closed = await startMailbox();
    const url = closed.url;
    await closed.close();
    const server = await startTestServer({ env: { SMTP_URL: url } });
    try {
      await buildUser(server.db, { email: "unlucky@example.com" });
      const started = Date.now();
      const res = await server.client().post("/auth/forgot", { email: "unlucky@example.com" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: MESSAGES.forgotSent });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await server.stop();
    }
  });
});
