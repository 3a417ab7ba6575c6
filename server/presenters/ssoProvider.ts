import type { ProvidersResponse } from "../../contract/index.js";
import type { SsoProviderConfig } from "../config.js";

/** A configured SSO provider as the login page sees it (never its issuer or client secret). */
export function presentSsoProvider(provider: SsoProviderConfig): ProvidersResponse["providers"][number] {
  return { key: provider.key, label: provider.label, image: provider.image ?? null, url: `/auth/sso/${provider.key}` };
}
