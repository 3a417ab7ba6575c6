import * as oidc from "openid-client";
import type { SsoProviderConfig } from "../config.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** What a sign-in learns of the person from the provider (the ID token, completed from userinfo). */
export interface ProviderClaims {
  sub: string;
  name?: string;
  email?: string;
  /** The provider vouches for the address (the email_verified claim is true). */
  email_verified?: boolean;
  preferred_username?: string;
}

/** The checks a callback's answer must pass, kept in the session since the sign-in started. */
export interface PendingChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** A string claim, or undefined. */
const stringClaim = (claims: Record<string, unknown> | undefined, name: string): string | undefined => {
  const value = claims?.[name];
  return typeof value === "string" && value ? value : undefined;
};

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

  /**
   * Redeems the callback's authorization code (PKCE, state and nonce checked) and reads who signed in; throws when
   * anything does not check out (oidc.AuthorizationResponseError when the provider refused).
   */
  async claimsFromCallback(provider: SsoProviderConfig, callbackUrl: URL, pending: PendingChecks): Promise<ProviderClaims> {
    const configuration = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error("no ID token in the token response");
    let profileClaims: Record<string, unknown> = idToken;
    // Providers that keep profile claims out of the ID token answer them at the userinfo endpoint.
    if (!stringClaim(idToken, "name") || !stringClaim(idToken, "email")) {
      profileClaims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub).catch(() => ({}))), ...idToken };
    }
    return { sub: idToken.sub, name: stringClaim(profileClaims, "name"), email: stringClaim(profileClaims, "email"), email_verified: profileClaims.email_verified === true, preferred_username: stringClaim(profileClaims, "preferred_username") };
  }
}
