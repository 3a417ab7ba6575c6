import type { AccountResponse } from "../../contract/index.js";
import type { Profile } from "../db/schema.js";

/** A person's own account as GET /api/account answers it (only ever to that person). */
export function presentAccount(profile: Profile, pendingEmail: string | null, ssoProvider: string | null): AccountResponse {
  return {
    username: profile.username ?? "",
    email: profile.email,
    email_verified: Boolean(profile.email && profile.email_verified_at),
    pending_email: pendingEmail,
    has_password: profile.password_hash !== null,
    sso_provider: ssoProvider,
  };
}
