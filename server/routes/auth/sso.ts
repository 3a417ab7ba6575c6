import { Router, type Request, type Response } from "express";
import * as oidc from "openid-client";
import { MESSAGES, SSO_ERRORS, type ProvidersResponse } from "../../../contract/index.js";
import { signInWithIdentity, type IdentityClaims } from "../../commands/signInWithIdentity.js";
import { publicBaseUrl, type ServerConfig } from "../../config.js";
import type { Db } from "../../db/connection.js";
import { OidcClients } from "../../lib/oidcClients.js";
import { regenerateSession, saveSession } from "../../lib/session.js";
import { presentSsoProvider } from "../../presenters/ssoProvider.js";

const AFTER_SIGN_IN = "/search/";

/** A same-origin path to return to after sign-in, or null. */
function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || value.length > 2000) return null;
  return value;
}

/** Which short message a failed callback shows: the provider said no, or the answer did not check out. */
const errorKind = (err: unknown): keyof typeof SSO_ERRORS => (err instanceof oidc.AuthorizationResponseError ? "refused" : "failed");

/** Single sign-on with OpenID Connect (authorization code + PKCE S256, state and nonce): GET /providers, /auth/sso/*. */
export function ssoRouter(db: Db, config: ServerConfig): Router {
  const router = Router();
  const clients = new OidcClients(config.ssoProviders);

  /** Where the provider sends the browser back; PUBLIC_URL, else this server's own address. */
  const callbackUrl = (req: Request, key: string) => `${publicBaseUrl(config, req.socket.localPort)}/auth/sso/${key}/callback`;

  /** Back to the login page with a short reason; the full one goes to the log. */
  const fail = (req: Request, res: Response, kind: keyof typeof SSO_ERRORS, reason: unknown) => {
    const detail = reason instanceof Error ? [reason.message, reason.cause instanceof Error ? reason.cause.message : undefined].filter(Boolean).join(": ") : String(reason);
    req.log.warn({ err: reason instanceof Error ? reason : undefined, reason: detail, provider: req.params.provider }, "single sign-on failed");
    res.redirect(302, `/auth/login?sso_error=${encodeURIComponent(SSO_ERRORS[kind])}`);
  };

  router.get("/providers", (_req, res) => {
    const body: ProvidersResponse = { providers: config.ssoProviders.map(presentSsoProvider) };
    res.json(body);
  });

  router.get("/auth/sso/:provider", async (req, res) => {
    const provider = clients.find(req.params.provider);
    if (!provider) {
      res.status(404).json({ message: MESSAGES.notFound });
      return;
    }
    let configuration: oidc.Configuration;
    try {
      configuration = await clients.configuration(provider);
    } catch (err) {
      fail(req, res, "unavailable", err);
      return;
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    // One sign-in at a time per session: starting again replaces the pending one.
    req.session.sso = { provider: provider.key, state, nonce, codeVerifier, redirect: safeReturnPath(req.query.redirect) };
    await saveSession(req);
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl(req, provider.key),
      scope: "openid profile email",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    res.redirect(302, url.href);
  });

  router.get("/auth/sso/:provider/callback", async (req, res) => {
    const provider = clients.find(req.params.provider);
    if (!provider) {
      res.status(404).json({ message: MESSAGES.notFound });
      return;
    }
    // The pending sign-in is used up before anything is checked, so a replayed callback finds nothing.
    const pending = req.session.sso;
    if (pending) {
      delete req.session.sso;
      await saveSession(req);
    }
    if (!pending || pending.provider !== provider.key) {
      fail(req, res, "expired", "no single sign-on pending for this provider in the session");
      return;
    }
    let claims: IdentityClaims;
    try {
      const currentUrl = new URL(callbackUrl(req, provider.key));
      currentUrl.search = new URL(req.originalUrl, currentUrl).search;
      claims = await clients.claimsFromCallback(provider, currentUrl, pending);
    } catch (err) {
      fail(req, res, errorKind(err), err);
      return;
    }
    const profile = await signInWithIdentity(db, { provider: provider.key, claims });
    // A new session id at sign-in prevents session fixation.
    await regenerateSession(req);
    req.session.profileId = profile.id;
    await saveSession(req);
    res.redirect(302, pending.redirect ?? AFTER_SIGN_IN);
  });

  return router;
}
