import * as oidc from "openid-client";
import type { SsoProviderConfig } from "../config.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Discovers each provider once (client_secret_basic, the OpenID default registration) and keeps its openid-client Configuration (a failed discovery is retried next time). */
export class OidcClients {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly providers: SsoProviderConfig[]) {}

  /** The configured provider with this key, if any. */
  find(key: string): SsoProviderConfig | undefined {
    return this.providers.find((p) => p.key === key);
  }

  /** The provider's discovered configuration. */
  configuration(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    let configuration = this.configurations.get(provider.key);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      // Plain HTTP only for an issuer on this machine (development and tests); anything else must be HTTPS.
      const insecure = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
      configuration = oidc.discovery(issuer, provider.clientId, { client_secret: provider.clientSecret }, oidc.ClientSecretBasic(provider.clientSecret), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined);
      configuration.catch(() => this.configurations.delete(provider.key));
      this.configurations.set(provider.key, configuration);
    }
    return configuration;
  }
}
