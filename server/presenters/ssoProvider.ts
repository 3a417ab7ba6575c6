import type { ProvidersResponse } from "../../contract/index.js";
import type { SsoProviderConfig } from "../config.js";

/**
 * A configured SSO provider as the login page sees it: never the client secret, and the issuer only with a desktop
 * client id (public values a native app needs to sign in by itself; the browser sees both at the provider anyway).
 */
export function presentSsoProvider(provider: SsoProviderConfig): ProvidersResponse["providers"][number] {
  return {
    key: provider.key,
    label: provider.label,
    image: provider.image ?? null,
    url: `/auth/sso/${provider.key}`,
    ...(provider.desktopClientId ? { desktop: { issuer: provider.issuer, clientId: provider.desktopClientId } } : {}),
  };
}
