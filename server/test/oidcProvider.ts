import http from "node:http";
import Provider from "oidc-provider";
import * as oidc from "openid-client";
import { listenLocal } from "./localHttp.js";

// Its callers pick the provider's port before starting it (the issuer URL is its configuration).
export { freePort } from "./localHttp.js";

/** The one person the test identity provider knows. */
export const TEST_ACCOUNT = { sub: "test-subject-1", name: "Sso Tester", email: "sso.tester@example.test" };
export const TEST_CLIENT = { clientId: "platform-test", clientSecret: "platform-test-secret" };
/**
 * A public native client (the desktop app): no secret, PKCE, and a loopback redirect whose port the provider
 * ignores when matching, as RFC 8252 section 7.3 asks.
 */
export const TEST_NATIVE_CLIENT = { clientId: "desktop-test", redirectUri: "http://127.0.0.1/callback" };

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1:port with one confidential client (redirectUris) and
 * one public native client (TEST_NATIVE_CLIENT, which also gets refresh tokens), PKCE required.
 * Its interaction page signs TEST_ACCOUNT in at once, and consent is granted without asking (first-party clients).
 */
export async function startOidcProvider(options: { port: number; redirectUris: string[]; account?: typeof TEST_ACCOUNT }): Promise<TestOidcProvider> {
  const account = options.account ?? TEST_ACCOUNT;
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
      {
        client_id: TEST_NATIVE_CLIENT.clientId,
        application_type: "native",
        token_endpoint_auth_method: "none",
        redirect_uris: [TEST_NATIVE_CLIENT.redirectUri],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    // Refresh tokens for every client allowed the grant (the desktop), without the consent prompt offline_access needs.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed("refresh_token"),
    claims: { openid: ["sub"], profile: ["name"], email: ["email"] },
    // Profile claims in the ID token too (the platform also reads userinfo when they are missing).
    conformIdTokenClaims: false,
    cookies: { keys: ["test-provider-cookie-key"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id, name: account.name, email: account.email }) }),
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      provider
        .interactionDetails(req, res)
        .then(async (details) => {
          if (details.prompt.name !== "consent") {
            return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
          }
          // Only native clients get here: oidc-provider always asks them for consent. Grant it at once.
          const grant = new provider.Grant({ clientId: String(details.params.client_id), accountId: account.sub });
          grant.addOIDCScope("openid profile email");
          return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
        })
        .catch((err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        });
      return;
    }
    handle(req, res);
  });
  const local = await listenLocal(server, { port: options.port });
  return { issuer, close: local.close };
}

/**
 * Drives a browser through the provider from an authorization URL (following its redirects with a cookie jar)
 * until it is sent to a URL outside the provider: the platform's callback, returned as it is.
 */
export async function completeAtProvider(authorizationUrl: string, jar = new Map<string, string>()): Promise<string> {
  let url = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(url, { redirect: "manual", headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {} });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, ...v] = pair!.split("=");
      jar.set(k!.trim(), v.join("="));
    }
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect at ${url}`);
    url = new URL(location, url).href;
    if (new URL(url).origin !== origin) return url;
  }
  throw new Error("too many redirects at the provider");
}

/**
 * Real tokens from a real authorization-code + PKCE flow at `issuer`: as the desktop app (the public native client,
 * loopback redirect) unless a confidential client and its redirect URI are given.
 */
export async function obtainTokens(issuer: string, client: { clientId: string; clientSecret?: string; redirectUri: string } = { clientId: TEST_NATIVE_CLIENT.clientId, redirectUri: "http://127.0.0.1:49152/callback" }) {
  const auth = client.clientSecret ? oidc.ClientSecretBasic(client.clientSecret) : oidc.None();
  const config = await oidc.discovery(new URL(issuer), client.clientId, client.clientSecret ? { client_secret: client.clientSecret } : undefined, auth, { execute: [oidc.allowInsecureRequests] });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: client.redirectUri,
    scope: "openid profile email",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  // The provider signs the test account in and sends the browser to the redirect URI; nobody need listen there.
  const callback = await completeAtProvider(url.href);
  return oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
}
