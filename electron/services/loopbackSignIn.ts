import http from "node:http";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import { isLoopbackUrl } from "../security/httpUrl.js";


export interface LoopbackSignInOptions {
  issuer: string;
  /** A public client registered with the provider for a loopback redirect (application_type native). */
  clientId: string;
  /** Space-separated scopes; "openid" is required. */
  scope?: string;
  /** Opens the authorization URL in the person's default browser (shell.openExternal in the app). */
  openExternal(url: string): Promise<void>;
  /** How long to wait for the browser to come back; five minutes unless given. */
  timeoutMs?: number;
  /** Stops waiting (a newer sign-in replaced this one): rejects with a SignInError of `signInReplacedMessage`. */
  signal?: AbortSignal;
}

export interface SignInTokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expires_at: number;
  /** The ID token's claims, checked by openid-client (issuer, audience, nonce, expiry). */
  claims: oidc.IDToken;
}

/** Why a sign-in failed, in words to show the person. */
export class SignInError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SignInError";
  }
}

/** The provider could not be reached at all (discovery failed): nothing was refused, so stored tokens stay. */
export class ProviderUnreachableError extends SignInError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ProviderUnreachableError";
  }
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family: system-ui, sans-serif; margin: 3rem"><h1>${title}</h1><p>${text}</p></body></html>`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Discovers the provider for a public native client (no client authentication); a SignInError when unreachable. */
async function discoverNativeClient(issuerUrl: string, clientId: string): Promise<oidc.Configuration> {
  const issuer = new URL(issuerUrl);
  // An issuer may be plain HTTP on this computer only (development and tests), as on the server (server/lib/oidcClients.ts).
  const insecure = issuer.protocol === "http:" && isLoopbackUrl(issuer);
  try {
    return await oidc.discovery(issuer, clientId, undefined, oidc.None(), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined);
  } catch (error) {
    throw new ProviderUnreachableError(`Could not reach the sign-in provider at ${issuer.origin}.`, { cause: error });
  }
}

/** Why a sign-in stopped when a newer one started (its browser tab may have been closed). */
export const signInReplacedMessage = "This sign-in was stopped because a newer one started.";

/** Starts an HTTP server on 127.0.0.1 with a port the system picks. */
async function listenOnLoopback(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Signs in through the system browser (RFC 8252): authorization code with PKCE S256, state and nonce, and a
 * redirect to a one-time HTTP server on 127.0.0.1. Resolves with the tokens, or rejects with a SignInError.
 */
export async function signInWithLoopback(options: LoopbackSignInOptions): Promise<SignInTokens> {
  const config = await discoverNativeClient(options.issuer, options.clientId);

  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();

  let finish!: (callback: { url: URL; response: http.ServerResponse }) => void;
  const callbackArrived = new Promise<{ url: URL; response: http.ServerResponse }>((resolve) => (finish = resolve));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== "/callback") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found.");
      return;
    }
    finish({ url, response });
  });
  const port = await listenOnLoopback(server);
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  let timer: NodeJS.Timeout | undefined;

  try {
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: options.scope ?? "openid profile email",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    const timeoutMs = options.timeoutMs ?? 5 * 60_000;
    // Waiting ends when the browser comes back, the time runs out, or a newer sign-in replaces this one.
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SignInError(`Sign-in timed out: the browser did not come back within ${Math.round(timeoutMs / 1000)} seconds.`)), timeoutMs);
      const replaced = () => reject(new SignInError(signInReplacedMessage));
      if (options.signal?.aborted) replaced();
      else options.signal?.addEventListener("abort", replaced, { once: true });
    });
    await Promise.race([options.openExternal(authorizationUrl.href), timedOut]);
    const { url, response } = await Promise.race([callbackArrived, timedOut]);

    try {
      // openid-client sends the callback's address without its query as redirect_uri: it must be ours, port included.
      const tokens = await exchange(config, new URL(url.search, redirectUri), { codeVerifier, state, nonce });
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page("Signed in", "Sign-in finished. You can close this window and return to the app."));
      return tokens;
    } catch (error) {
      const message = error instanceof SignInError ? error.message : "The sign-in could not be completed.";
      response.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(page("Sign-in failed", `${escapeHtml(message)} You can close this window and try again from the app.`));
      throw error instanceof SignInError ? error : new SignInError(message, { cause: error });
    }
  } finally {
    clearTimeout(timer);
    server.close();
    server.closeIdleConnections();
  }
}

/** Checks the callback's state and error, then redeems the code at the token endpoint as a public client. */
async function exchange(config: oidc.Configuration, url: URL, checks: { codeVerifier: string; state: string; nonce: string }): Promise<SignInTokens> {
  // Checked here, before the code is redeemed, so a forged callback never spends a code.
  if (url.searchParams.get("state") !== checks.state) throw new SignInError("The sign-in answer did not belong to this sign-in (wrong state).");
  const providerError = url.searchParams.get("error");
  if (providerError) throw new SignInError(`The sign-in provider refused: ${url.searchParams.get("error_description") ?? providerError}.`);

  const tokens = await oidc.authorizationCodeGrant(config, url, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  return toSignInTokens(tokens);
}

/** The tokens we keep from a token endpoint answer, which must carry an ID token (it is what the platform checks). */
function toSignInTokens(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, refreshToken?: string): SignInTokens {
  const claims = tokens.claims();
  if (!tokens.id_token || !claims) throw new SignInError("The sign-in provider sent no ID token.");
  const refresh_token = tokens.refresh_token ?? refreshToken;
  return {
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    ...(refresh_token ? { refresh_token } : {}),
    expires_at: Date.now() + (tokens.expiresIn() ?? 3600) * 1000,
    claims,
  };
}

/**
 * Trades a refresh token for new tokens at the provider (a public client: no authentication), without the browser.
 * Rejects with a SignInError when the provider is unreachable or refuses (the refresh token expired or was revoked).
 */
export async function refreshSignIn(options: { issuer: string; clientId: string; refreshToken: string }): Promise<SignInTokens> {
  const config = await discoverNativeClient(options.issuer, options.clientId);
  let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
  try {
    tokens = await oidc.refreshTokenGrant(config, options.refreshToken);
  } catch (error) {
    // An OAuth error answer (invalid_grant: expired or revoked) is a refusal; anything else is a network failure.
    if (!(error instanceof oidc.ResponseBodyError)) throw new ProviderUnreachableError(`Could not reach the sign-in provider at ${new URL(options.issuer).origin}.`, { cause: error });
    throw new SignInError("The sign-in could not be renewed. Please sign in again.", { cause: error });
  }
  // A provider that does not rotate refresh tokens answers without one: the old one stays valid.
  return toSignInTokens(tokens, options.refreshToken);
}
