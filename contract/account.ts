import { z } from "zod";
import { NewPassword } from "./auth.js";

/** Message texts of the Account settings page (/account) and the e-mail confirmation link (/account/confirm-email). */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is not correct.",
  passwordChanged: "Your password has been changed. Other devices signed in to your account were signed out.",
  ssoOnly: "Your account signs in through your identity provider, which manages its password. Change it there.",
  emailRequired: "Please provide your email address",
  emailInvalid: "The provided email address is invalid",
  emailTooLong: "The email address may be at most 255 characters.",
  emailSent: (email: string) => `We sent a confirmation link to ${email}. Open it within 24 hours to confirm the address.`,
  tokenRequired: "This confirmation link is incomplete. Ask for a new one on your account page.",
  tokenInvalid: "This confirmation link has expired or was already used. Ask for a new one on your account page.",
  emailConfirmed: (email: string) => `Your e-mail address ${email} is confirmed.`,
} as const;

/** How long an e-mail confirmation link works, in hours (the mail says so). */
export const EMAIL_CONFIRM_HOURS = 24;

const emailAddress = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(255, ACCOUNT_MESSAGES.emailTooLong)
  .email(ACCOUNT_MESSAGES.emailInvalid);

const currentPassword = z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(1024, "Password may be at most 1024 characters.");

/** GET /api/account: the signed-in person's own sign-in details (never another's). */
export const AccountResponse = z.object({
  username: z.string(),
  email: z.string().nullable(),
  /** The address was confirmed through its mailed link (or by the identity provider). */
  email_verified: z.boolean(),
  /** An address asked for and not confirmed yet (its link not opened), or null. */
  pending_email: z.string().nullable(),
  /** False for an account that signs in only through single sign-on (it has no password here). */
  has_password: z.boolean(),
  /** The identity provider's label, for an account linked to one. */
  sso_provider: z.string().nullable(),
});
export type AccountResponse = z.infer<typeof AccountResponse>;

/** POST /api/account/password: the current password and the new one (registration's rules). */
export const ChangePasswordRequest = z.object({ current_password: currentPassword, password: NewPassword });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * POST /api/account/email: the new address, and the current password for an account that has one (a session left open
 * somewhere must not be enough to send the account's reset links elsewhere). Asking for the current address again
 * sends its confirmation link again, with no password.
 */
export const ChangeEmailRequest = z.object({ email: emailAddress, current_password: currentPassword.optional() });
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>;

/** POST /api/account/confirm-email: the token of the mailed link. */
export const ConfirmEmailRequest = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.tokenRequired }).trim().min(1, ACCOUNT_MESSAGES.tokenRequired).max(200, ACCOUNT_MESSAGES.tokenInvalid),
});
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

/** The answers of the account's writes: a message to show, and the account as it is now (confirming answers no account). */
export const AccountWriteResponse = z.object({ message: z.string(), account: AccountResponse.optional() });
export type AccountWriteResponse = z.infer<typeof AccountWriteResponse>;

/** The confirmed address, with the message (the confirm page may be opened signed out, or as someone else). */
export const ConfirmEmailResponse = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;
