import { Router, type Request } from "express";
import { ForgotRequest, MESSAGES, REGISTER_MESSAGES, RESET_MESSAGES, RegisterRequest, ResetPasswordRequest, SignInRequest, ssoSignInAnswer, type SignInResponse } from "../../../contract/index.js";
import { createMember } from "../../commands/createMember.js";
import { mailEmailConfirmation } from "../../commands/mailEmailConfirmation.js";
import { resetPassword } from "../../commands/resetPassword.js";
import type { SsoProviderConfig } from "../../config.js";
import { isUniqueViolation, type Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { perMinuteLimit } from "../../lib/perMinuteLimit.js";
import { dummyHash, hashPassword, verifyPassword } from "../../lib/password.js";
import { regenerateSession, saveSession } from "../../lib/session.js";
import { parseOr422, plainMessage } from "../../lib/validate.js";
import { passwordResetMail } from "../../mail/messages.js";
import type { MailContext } from "../../mail/transport.js";
import { findIdentityOfProfile } from "../../models/identities.js";
import { createResetToken, findResettableAccounts } from "../../models/passwordResets.js";
import { findUserByUsername } from "../../models/profiles.js";

const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A reset mail for each account with this address and a password (none for SSO-only accounts), after the answer
 * has gone: the answer is the same, as fast, whether or not an account exists.
 */
async function mailResetLinks(db: Db, req: Request, mail: MailContext, email: string): Promise<void> {
  try {
    for (const account of await findResettableAccounts(db, email)) {
      const token = await createResetToken(db, account.id);
      const link = `${mail.baseUrl(req)}/auth/reset?token=${encodeURIComponent(token)}`;
      void mail.mailer.send(passwordResetMail({ to: account.email!, name: account.name, username: account.username!, link }));
    }
  } catch (err) {
    req.log.error({ err }, "password reset mail was not prepared");
  }
}

/** Sign-in (POST /auth), registration, sign-out, forgotten passwords and setting a new one (POST /auth/reset). */
export function authRouter(db: Db, options: { rateLimit: number; ssoProviders?: SsoProviderConfig[]; mail: MailContext }): Router {
  const router = Router();
  // Attempts per client address and minute, counted in the database so every instance shares them. A sign-in
  // that succeeds is given back, so only failures (guesses) use the allowance up; every registration and reset
  // request counts (a successful one is what would be abused).
  const limited = (prefix: string, skipSuccessfulRequests: boolean) => perMinuteLimit(db, prefix, options.rateLimit, { skipSuccessfulRequests });
  const limiter = limited("auth:", true);
  const registerLimiter = limited("register:", false);
  const forgotLimiter = limited("forgot:", false);
  // Tokens are 256 random bits, so guessing is hopeless; the limit only keeps a flood of tries off the database.
  const resetLimiter = limited("reset:", true);

  router.post("/auth", limiter, async (req, res) => {
    // Its own answer shape (errors as a list, as the spec says), with parseOr422's messages in words.
    const parsed = SignInRequest.safeParse(req.body ?? {}, { error: (issue) => plainMessage(issue) });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => i.message);
      res.status(422).json({ message: errors[0], errors } satisfies SignInResponse);
      return;
    }
    const { username, password, remember } = parsed.data;
    const user = await findUserByUsername(db, username);
    // An account made by single sign-on has no password: send the browser to its provider instead.
    const identity = user && !user.password_hash ? await findIdentityOfProfile(db, user.id) : undefined;
    const ssoProvider = identity && options.ssoProviders?.find((p) => p.key === identity.provider);
    if (ssoProvider) {
      res.json(ssoSignInAnswer(ssoProvider) satisfies SignInResponse);
      return;
    }
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) {
      res.status(401).json({ message: MESSAGES.badCredentials, errors: [MESSAGES.badCredentials] } satisfies SignInResponse);
      return;
    }
    // A new session id at sign-in prevents session fixation.
    await regenerateSession(req);
    req.session.profileId = user.id;
    if (remember) req.session.cookie.maxAge = REMEMBER_MS;
    else req.session.cookie.expires = undefined;
    await saveSession(req);
    res.json({} satisfies SignInResponse);
  });

  router.post("/auth/register", registerLimiter, async (req, res) => {
    const body = parseOr422(RegisterRequest, req.body ?? {});
    const taken = () => new HttpError(422, REGISTER_MESSAGES.usernameTaken, { username: [REGISTER_MESSAGES.usernameTaken] });
    if (await findUserByUsername(db, body.username)) throw taken();
    const profile = await createMember(db, { name: body.name, username: body.username, email: body.email, passwordHash: await hashPassword(body.password) }).catch((err: unknown) => {
      // Another registration took the name while this one hashed its password.
      throw isUniqueViolation(err) ? taken() : err;
    });
    await regenerateSession(req);
    req.session.profileId = profile.id;
    await saveSession(req);
    res.status(201).json({} satisfies SignInResponse);
    // The new member confirms the address with the mailed link (notifications are mailed only to confirmed addresses).
    await mailEmailConfirmation(db, req, options.mail, profile, profile.email!, true).catch((err: unknown) => req.log.error({ err }, "e-mail confirmation was not prepared"));
  });

  router.post("/auth/logout", async (req, res) => {
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    res.clearCookie("sid", { path: "/" });
    res.json({});
  });

  router.post("/auth/forgot", forgotLimiter, async (req, res) => {
    const { email } = parseOr422(ForgotRequest, req.body ?? {});
    // The answer never reveals whether the account exists; the mail is prepared after it.
    res.json({ message: MESSAGES.forgotSent });
    await mailResetLinks(db, req, options.mail, email);
  });

  router.post("/auth/reset", resetLimiter, async (req, res) => {
    const body = parseOr422(ResetPasswordRequest, req.body ?? {});
    const profileId = await resetPassword(db, body);
    if (profileId === null) throw new HttpError(400, RESET_MESSAGES.tokenInvalid, { token: [RESET_MESSAGES.tokenInvalid] });
    res.json({ message: RESET_MESSAGES.done });
  });

  router.all("/auth", (_req, _res) => {
    throw new HttpError(405, "Use POST to sign in.");
  });
  return router;
}
