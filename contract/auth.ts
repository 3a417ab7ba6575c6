import { z } from "zod";
import { flag, MESSAGES } from "./common.js";

/** A text field's type error: its required message when missing, else that it must be text. */
const textOr = (required: string, name: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? required : `${name} must be text.`) });

/** POST /auth: the login form (first document: username, password, remember). */
export const SignInRequest = z.object({
  username: z.string(textOr(MESSAGES.usernameRequired, "Username")).trim().min(1, MESSAGES.usernameRequired).max(255, "Username may be at most 255 characters."),
  password: z.string(textOr(MESSAGES.passwordRequired, "Password")).min(1, MESSAGES.passwordRequired).max(1024, "Password may be at most 1024 characters."),
  remember: flag("remember"),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/**
 * POST /auth answer: errors to show, a place to go, or nothing (reload the page). An account that signs in
 * through single sign-on gets `redirect` (its provider's start URL) with the dialog's texts instead.
 */
export const SignInResponse = z.object({
  errors: z.array(z.string()).optional(),
  message: z.string().optional(),
  redirectTo: z.string().optional(),
  redirect: z.string().optional(),
  /** Key under which the browser remembers "redirect me automatically" for this provider. */
  remember_key: z.string().optional(),
  heading: z.string().optional(),
  cta: z.string().optional(),
  show_relogin_button: z.boolean().optional(),
});
export type SignInResponse = z.infer<typeof SignInResponse>;

/** POST /auth's failures (401, 422, 429): the message, and the spec's errors[] list to show. */
export const SignInErrorBody = z.object({ message: z.string(), errors: z.array(z.string()).optional() });

export const ForgotRequest = z.object({
  email: z.string(textOr("Please provide your email address", "Email")).trim().min(1, "Please provide your email address").email("The provided email address is invalid"),
});
export const MessageResponse = z.object({ message: z.string() });

/** The permissions map of the logged profile. */
export const PermissionsMap = z.record(z.string(), z.boolean());

/** The logged profile (first document: id, avatar, common, profileAttributes, permissions). */
export const LoggedProfile = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  link: z.string(),
  common: z.object({ type_name_singular: z.string(), icon: z.string() }),
  profileAttributes: z.record(z.string(), z.array(z.number())),
  permissions: PermissionsMap,
  /** The signed-in person's own address (only ever theirs: no other answer carries an address). */
  email: z.string().nullable(),
  /** Whether that address is confirmed (notification mail goes only to confirmed addresses). */
  email_verified: z.boolean(),
});
export type LoggedProfile = z.infer<typeof LoggedProfile>;

/** GET /getInitializeData */
export const InitializeData = z.object({
  profile: LoggedProfile.nullable(),
  csrfToken: z.string(),
});
export type InitializeData = z.infer<typeof InitializeData>;

/**
 * How the desktop app signs in with a provider itself (system browser, loopback redirect, RFC 8252): the issuer and
 * the public native client registered there. Present only when the server has a desktop client for the provider.
 */
export const DesktopSignIn = z.object({ issuer: z.string(), clientId: z.string() });
export type DesktopSignIn = z.infer<typeof DesktopSignIn>;

/** GET /providers: the configured single sign-on providers; `url` starts the sign-in (GET /auth/sso/{key}). */
export const Provider = z.object({ key: z.string(), label: z.string(), image: z.string().nullable(), url: z.string(), desktop: DesktopSignIn.optional() });
export const ProvidersResponse = z.object({ providers: z.array(Provider) });
export type ProvidersResponse = z.infer<typeof ProvidersResponse>;

/** Why a new password (registration, reset, account) is too weak, besides its length. */
export const PASSWORD_MESSAGES = {
  onlySpaces: "Password cannot be only spaces.",
  sameAsUsername: "Password cannot be your username.",
} as const;

/** A password an account may be given: at registration and when resetting it. */
export const NewPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(8, "Password must be at least 8 characters.")
  .max(1024, "Password may be at most 1024 characters.")
  // Eight spaces pass the length rule but are the first thing a guesser tries.
  .refine((password) => password.trim().length > 0, PASSWORD_MESSAGES.onlySpaces);

/** POST /auth/register: a new member account (signs the new member in). */
export const RegisterRequest = z.object({
  name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(255, "Name may be at most 255 characters."),
  username: z
    .string({ error: MESSAGES.usernameRequired })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.usernameRequired)
    .min(3, "Username must be at least 3 characters.")
    .max(64, "Username may be at most 64 characters.")
    .regex(/^[a-z0-9._-]+$/, "Username may contain only letters, digits, periods, hyphens and underscores."),
  email: z.string({ error: "Please provide your email address" }).trim().min(1, "Please provide your email address").email("The provided email address is invalid"),
  password: NewPassword,
})
  // The username is public (profile links, search) and the first guess anyone makes.
  .refine((r) => r.password.trim().toLowerCase() !== r.username, { path: ["password"], message: PASSWORD_MESSAGES.sameAsUsername });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Message texts of setting a new password with a reset link. */
export const RESET_MESSAGES = {
  tokenRequired: "This password reset link is incomplete. Ask for a new one.",
  tokenInvalid: "This password reset link has expired or was already used. Ask for a new one.",
  mismatch: "The two passwords do not match.",
  done: "Your password has been changed. Sign in with your new password.",
} as const;

/** POST /auth/reset: the token from the mailed link and the new password (the rules registration uses). */
export const ResetPasswordRequest = z.object({
  token: z.string({ error: RESET_MESSAGES.tokenRequired }).trim().min(1, RESET_MESSAGES.tokenRequired).max(200, RESET_MESSAGES.tokenInvalid),
  password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** POST /auth/register's own refusal (422 on the username field), which the form shows under that field. */
export const REGISTER_MESSAGES = {
  usernameTaken: "That username is taken.",
} as const;

/** Short texts for /auth/login?sso_error=...: why a single sign-on attempt did not sign anyone in. */
export const SSO_ERRORS = {
  expired: "The sign-in attempt expired or was already used. Please try again.",
  refused: "The sign-in was cancelled or refused by the identity provider.",
  failed: "Single sign-on failed. Please try again.",
  unavailable: "The identity provider is not reachable right now. Please try again later.",
} as const;

/** The POST /auth answer for an account that signs in with a provider (no password of its own). */
export const ssoSignInAnswer = (provider: { key: string; label: string }) => ({
  redirect: `/auth/sso/${provider.key}`,
  remember_key: `sso-${provider.key}`,
  heading: `Sign in with ${provider.label}`,
  message: `Your account uses ${provider.label}. Continue to sign in there.`,
  cta: "Connect",
  // The account signs in only with this provider, so the login form keeps a re-login button for it once it worked.
  show_relogin_button: true,
});

/** 401/503 messages for a request with `Authorization: Bearer <token>` (the desktop app's sign-in) that is refused. */
export const BEARER_ERRORS = {
  expired: "Your sign-in has expired. Please sign in again.",
  invalid: "Your sign-in is not valid. Please sign in again.",
  unavailable: "The identity provider is not reachable right now. Please try again later.",
} as const;
