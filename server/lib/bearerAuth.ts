import type { RequestHandler } from "express";
import * as jose from "jose";
import * as oidc from "openid-client";
import { BEARER_ERRORS } from "../../contract/index.js";
import { signInWithIdentity, type IdentityClaims } from "../commands/signInWithIdentity.js";
import type { SsoProviderConfig } from "../config.js";
import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { loadActor } from "./actor.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Why a bearer token was refused: its status and the message the client shows. */
export class BearerTokenError extends Error {
  constructor(
    readonly status: 401 | 503,
    message: string,
  ) {
    super(message);
    this.name = "BearerTokenError";
  }
}

/** A desktop-capable provider's discovered issuer and signing keys. */
interface VerificationKeys {
  issuer: string;
  keys: ReturnType<typeof jose.createRemoteJWKSet>;
}

const stringClaim = (claims: jose.JWTPayload, name: string): string | undefined => {
  const value = claims[name];
  return typeof value === "string" && value ? value : undefined;
};

/**
 * Verifies the desktop app's bearer tokens: ID tokens a configured provider issued to its desktop (native) client.
 * The signature is checked against the issuer's JWKS (discovered once, keys cached and refetched on rotation by
 * jose), and the issuer, the audience (the desktop client id) and the expiry are checked too.
 */
export class BearerTokenVerifier {
  private readonly discovered = new Map<string, Promise<VerificationKeys>>();
  private readonly desktopProviders: SsoProviderConfig[];

  constructor(providers: SsoProviderConfig[]) {
    this.desktopProviders = providers.filter((p) => p.desktopClientId);
  }

  /** True when some provider has a desktop client, i.e. bearer tokens can be accepted at all. */
  get enabled(): boolean {
    return this.desktopProviders.length > 0;
  }

  private keys(provider: SsoProviderConfig): Promise<VerificationKeys> {
    let found = this.discovered.get(provider.key);
    if (!found) {
      const issuer = new URL(provider.issuer);
      // Plain HTTP only for an issuer on this machine (development and tests), as for the web's SSO.
      const insecure = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
      found = oidc.discovery(issuer, provider.desktopClientId!, undefined, oidc.None(), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined).then((configuration) => {
        const metadata = configuration.serverMetadata();
        if (!metadata.jwks_uri) throw new Error(`${provider.issuer} publishes no jwks_uri`);
        return { issuer: metadata.issuer, keys: jose.createRemoteJWKSet(new URL(metadata.jwks_uri)) };
      });
      // A failed discovery is tried again on the next request.
      found.catch(() => this.discovered.delete(provider.key));
      this.discovered.set(provider.key, found);
    }
    return found;
  }

  /** The provider and the person's claims for a valid token; a BearerTokenError otherwise. */
  async verify(token: string): Promise<{ provider: SsoProviderConfig; claims: IdentityClaims }> {
    let unverified: jose.JWTPayload;
    try {
      unverified = jose.decodeJwt(token);
    } catch {
      throw new BearerTokenError(401, BEARER_ERRORS.invalid);
    }
    // The unverified issuer only picks which provider's keys to check against; it proves nothing by itself.
    const candidates = this.desktopProviders.filter((p) => p.issuer.replace(/\/+$/, "") === unverified.iss?.replace(/\/+$/, ""));
    if (candidates.length === 0) throw new BearerTokenError(401, BEARER_ERRORS.invalid);
    let expired = false;
    for (const provider of candidates) {
      let keys: VerificationKeys;
      try {
        keys = await this.keys(provider);
      } catch {
        throw new BearerTokenError(503, BEARER_ERRORS.unavailable);
      }
      try {
        const { payload } = await jose.jwtVerify(token, keys.keys, { issuer: keys.issuer, audience: provider.desktopClientId!, requiredClaims: ["sub", "exp", "iat"] });
        return {
          provider,
          claims: { sub: payload.sub!, name: stringClaim(payload, "name"), email: stringClaim(payload, "email"), email_verified: payload.email_verified === true, preferred_username: stringClaim(payload, "preferred_username") },
        };
      } catch (error) {
        if (error instanceof jose.errors.JWKSTimeout) throw new BearerTokenError(503, BEARER_ERRORS.unavailable);
        if (error instanceof jose.errors.JWTExpired) expired = true;
      }
    }
    throw new BearerTokenError(401, expired ? BEARER_ERRORS.expired : BEARER_ERRORS.invalid);
  }
}

/**
 * Accepts `Authorization: Bearer <token>` as a session: the token's subject is mapped to its profile through the
 * identity link (created on first use, as a web sign-in would), and the request is marked bearer-authenticated so
 * CSRF protection, which guards cookies, does not apply. A bad or expired token is a 401 JSON answer, never a guest.
 */
export function bearerAuthentication(db: Db, providers: SsoProviderConfig[]): RequestHandler {
  const verifier = new BearerTokenVerifier(providers);
  // Parallel first requests of one person share one lookup, so they do not race to create the profile.
  const inFlight = new Map<string, Promise<Profile>>();
  const profileFor = (provider: string, claims: IdentityClaims) => {
    const key = `${provider}\n${claims.sub}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = signInWithIdentity(db, { provider, claims }).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return async (req, res, next) => {
    const header = req.get("authorization");
    // Other schemes (a proxy's Basic auth, say) are not ours to judge.
    if (!header || !/^bearer(\s|$)/i.test(header)) return next();
    const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
    try {
      if (!match || !verifier.enabled) throw new BearerTokenError(401, BEARER_ERRORS.invalid);
      const { provider, claims } = await verifier.verify(match[1]!);
      const profile = await profileFor(provider.key, claims);
      req.actor = await loadActor(db, profile.id);
      req.bearerAuthenticated = true;
      next();
    } catch (error) {
      if (!(error instanceof BearerTokenError)) return next(error);
      if (error.status === 401) res.setHeader("WWW-Authenticate", `Bearer error="invalid_token"`);
      res.status(error.status).json({ message: error.message });
    }
  };
}
