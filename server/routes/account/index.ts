import { Router } from "express";
import { ACCOUNT_MESSAGES, ChangeEmailRequest, ChangePasswordRequest, ConfirmEmailRequest, type AccountResponse, type AccountWriteResponse, type ConfirmEmailResponse } from "../../../contract/index.js";
import { changePassword } from "../../commands/changePassword.js";
import { mailEmailConfirmation } from "../../commands/mailEmailConfirmation.js";
import type { SsoProviderConfig } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Profile } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { perMinuteLimit } from "../../lib/perMinuteLimit.js";
import { verifyPassword } from "../../lib/password.js";
import { parseOr422 } from "../../lib/validate.js";
import type { MailContext } from "../../mail/transport.js";
import { confirmEmailChange, pendingEmailOf } from "../../models/emailChanges.js";
import { findIdentityOfProfile } from "../../models/identities.js";
import { accountPolicy, authenticate, authorize } from "../../policies/index.js";
import { presentAccount } from "../../presenters/account.js";

/** A wrong current password: 422 on that field, as the form shows it. */
const wrongCurrentPassword = () => new HttpError(422, ACCOUNT_MESSAGES.currentPasswordWrong, { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });

/**
 * The signed-in person's own account (GET /api/account), changing its password and e-mail address, and confirming an
 * address with its mailed link (POST /api/account/confirm-email: the token alone decides, signed in or not).
 */
export function accountRouter(db: Db, options: { rateLimit: number; ssoProviders?: SsoProviderConfig[]; mail: MailContext }): Router {
  const router = Router();
  // Checking a current password is a guess like a sign-in: failures count against the same allowance as POST /auth's.
  const passwordLimiter = perMinuteLimit(db, "auth:", options.rateLimit, { skipSuccessfulRequests: true });
  // Each change mails two addresses: every request counts, as registration's do.
  const emailLimiter = perMinuteLimit(db, "email-change:", options.rateLimit, { skipSuccessfulRequests: false });
  // Tokens are 256 random bits; the limit only keeps a flood of tries off the database.
  const confirmLimiter = perMinuteLimit(db, "confirm-email:", options.rateLimit, { skipSuccessfulRequests: true });

  const accountOf = async (profile: Profile): Promise<AccountResponse> => {
    const [pending, identity] = await Promise.all([pendingEmailOf(db, profile.id), findIdentityOfProfile(db, profile.id)]);
    const provider = identity ? (options.ssoProviders?.find((p) => p.key === identity.provider)?.label ?? identity.provider) : null;
    return presentAccount(profile, pending, provider);
  };
  const freshProfile = (id: number) => db.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  router.get("/api/account", authenticate(), async (req, res) => {
    authorize(req.actor, accountPolicy.canManageOwn(req.actor));
    res.json(await accountOf(req.actor.profile!));
  });

  router.post("/api/account/password", authenticate(), passwordLimiter, async (req, res) => {
    authorize(req.actor, accountPolicy.canChangePassword(req.actor), ACCOUNT_MESSAGES.ssoOnly);
    const body = parseOr422(ChangePasswordRequest, req.body ?? {});
    const profile = req.actor.profile!;
    if (!(await verifyPassword(body.current_password, profile.password_hash))) throw wrongCurrentPassword();
    if (!(await changePassword(db, { profileId: profile.id, password: body.password, keepSessionId: req.sessionID }))) throw new HttpError(403, ACCOUNT_MESSAGES.ssoOnly);
    res.json({ message: ACCOUNT_MESSAGES.passwordChanged, account: await accountOf(await freshProfile(profile.id)) } satisfies AccountWriteResponse);
  });

  router.post("/api/account/email", authenticate(), emailLimiter, async (req, res) => {
    authorize(req.actor, accountPolicy.canManageOwn(req.actor));
    const body = parseOr422(ChangeEmailRequest, req.body ?? {});
    const profile = req.actor.profile!;
    const sameAddress = profile.email?.toLowerCase() === body.email.toLowerCase();
    // A new address for an account with a password needs that password (see ChangeEmailRequest).
    if (!sameAddress && profile.password_hash) {
      if (!body.current_password) throw new HttpError(422, ACCOUNT_MESSAGES.currentPasswordRequired, { current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
      if (!(await verifyPassword(body.current_password, profile.password_hash))) throw wrongCurrentPassword();
    }
    await mailEmailConfirmation(db, req, options.mail, profile, body.email);
    res.json({ message: ACCOUNT_MESSAGES.emailSent(body.email), account: await accountOf(profile) } satisfies AccountWriteResponse);
  });

  router.post("/api/account/confirm-email", confirmLimiter, async (req, res) => {
    const { token } = parseOr422(ConfirmEmailRequest, req.body ?? {});
    const confirmed = await confirmEmailChange(db, token);
    if (!confirmed) throw new HttpError(400, ACCOUNT_MESSAGES.tokenInvalid, { token: [ACCOUNT_MESSAGES.tokenInvalid] });
    res.json({ message: ACCOUNT_MESSAGES.emailConfirmed(confirmed.email), email: confirmed.email } satisfies ConfirmEmailResponse);
  });

  return router;
}
