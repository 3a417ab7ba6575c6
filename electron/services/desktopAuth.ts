import { ProvidersResponse } from "../../contract/auth.js";
import { SIGN_OUT_MESSAGES } from "../../contract/desktop.js";
import type { DesktopSession, SignInResult, SignOutResult } from "../ipc/bridge.js";
import { httpOrigin } from "../security/httpUrl.js";
import { KeychainUnavailableError, KeychainWriteError, type StoredTokens, type TokenStore } from "./keychain.js";
import { ProviderUnreachableError, refreshSignIn, SignInError, signInReplacedMessage, signInWithLoopback, type LoopbackSignInOptions, type SignInTokens } from "./loopbackSignIn.js";

/** The slice of `fetch` used to ask the server for its providers (Electron's `net.fetch` in the app). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The servers this desktop signed out of, kept outside the keychain (the app's settings file): a keychain entry a
 * sign-out could not delete (a locked keyring deletes nothing and may not even say so) is never loaded again, so it
 * cannot sign the person back in silently at the next launch; only a new sign-in clears the mark.
 */
export interface SignedOutMarks {
  has(origin: string): boolean;
  set(origin: string, signedOut: boolean): void;
}

/** Marks kept in memory only (when no settings file is given). */
export function memorySignedOutMarks(): SignedOutMarks {
  const origins = new Set<string>();
  return { has: (origin) => origins.has(origin), set: (origin, signedOut) => void (signedOut ? origins.add(origin) : origins.delete(origin)) };
}

/** Everything desktop sign-in touches outside itself, passed in so tests can supply real stand-ins. */
export interface DesktopAuthDeps {
  tokenStore: Pick<TokenStore, "ensureAvailable" | "save" | "load" | "remove">;
  fetch: FetchLike;
  /** Opens the provider's authorization page in the default browser. */
  openExternal(url: string): Promise<void>;
  /** The loopback sign-in (signInWithLoopback unless given). */
  signIn?: (options: LoopbackSignInOptions) => Promise<SignInTokens>;
  /** The silent renewal with a refresh token (refreshSignIn unless given). */
  refresh?: typeof refreshSignIn;
  /** The clock, for expiry decisions. */
  now?: () => number;
  /** How long to wait for the browser to come back (five minutes unless given). */
  signInTimeoutMs?: number;
  /** The servers signed out of (in memory unless given: the app passes its settings file). */
  signedOut?: SignedOutMarks;
}

/** The texts a person sees when a desktop sign-in does not start or finish. */
export const desktopSignInMessages = {
  noServer: "Choose a server before signing in.",
  badProvider: "Unknown sign-in provider.",
  providersUnavailable: "Could not load the sign-in providers from the server. Check that it is running and try again.",
  notForDesktop: (label: string) => `Signing in with ${label} is not set up for the desktop app on this server. Ask its administrator to add a desktop client.`,
  failed: "The sign-in could not be completed. Please try again.",
} as const;

/** A token this close to expiry is renewed rather than sent, so it does not expire on the way. */
export const EXPIRY_MARGIN_MS = 30_000;

const SIGNED_OUT: DesktopSession = { signedIn: false, provider: null, name: null };
const PROVIDER_KEY = /^[a-z0-9_-]{1,100}$/i;

/** The claims of a JWT we received from the provider ourselves (already verified then); none when unreadable. */
function jwtClaims(token: string | undefined): Record<string, unknown> {
  try {
    const payload = token?.split(".")[1];
    return payload ? (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The same issuer identifier, compared as openid-client compares them (as URLs, so a trailing slash does not matter). */
function sameIssuer(a: unknown, b: string): boolean {
  try {
    return typeof a === "string" && new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/**
 * True when the stored tokens were issued by `desktop` (the ID token's issuer and audience): a refresh token is only
 * ever sent back to the issuer and client it came from, never to one the server lists later (changed, or altered on
 * the way over plain http).
 */
function issuedBy(tokens: StoredTokens, desktop: { issuer: string; clientId: string }): boolean {
  const { iss, aud } = jwtClaims(tokens.id_token);
  const audiences = Array.isArray(aud) ? aud : [aud];
  return sameIssuer(iss, desktop.issuer) && audiences.includes(desktop.clientId);
}

/** What the keychain keeps from a sign-in: the ID token is the platform's bearer token, so its expiry counts. */
function toStored(tokens: SignInTokens, provider: string): StoredTokens {
  const idTokenExpiry = typeof tokens.claims.exp === "number" ? tokens.claims.exp * 1000 : tokens.expires_at;
  return {
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    expires_at: Math.min(idTokenExpiry, tokens.expires_at),
    provider,
  };
}

/**
 * The desktop's sign-in per server: signs in through the system browser with the provider the server lists for
 * desktops, keeps the tokens only in the OS keychain, renews them silently with a refresh token when they run out
 * (at launch or later), and deletes them at sign-out. Tokens never leave the main process except as the bearer token.
 */
export class DesktopAuth {
  /** Per server origin: the tokens in use (loaded once from the keychain, then kept in step with it). */
  private readonly current = new Map<string, Promise<StoredTokens | undefined>>();
  /**
   * Per server origin: what the entry in `current` settled on, for callers that cannot wait (the session's request
   * listener); none while it is loading or renewing.
   */
  private readonly settled = new Map<string, StoredTokens | undefined>();
  /** Per server origin: the renewal started because the server refused a token, and that token. */
  private readonly refusals = new Map<string, { token: string; renewal: Promise<StoredTokens | undefined> }>();
  /**
   * Per server origin: counts sign-ins and sign-outs, so a renewal that finishes after one of them (it started with the
   * tokens they replaced) neither writes its tokens back to the keychain nor hands them out.
   */
  private readonly epochs = new Map<string, number>();
  /** Per server origin: the last keychain write; writes run one after another, so the latest decision is the one kept. */
  private readonly writes = new Map<string, Promise<unknown>>();
  /** The browser sign-in under way, if any: a newer one stops it (its tab may have been closed). */
  private signInAttempt: AbortController | null = null;

  private readonly signedOut: SignedOutMarks;

  constructor(private readonly deps: DesktopAuthDeps) {
    this.signedOut = deps.signedOut ?? memorySignedOutMarks();
  }

  /** Sets the signed-out mark; a settings file that cannot be written is logged (the keychain is still tried). */
  private markSignedOut(origin: string, signedOut: boolean): void {
    try {
      this.signedOut.set(origin, signedOut);
    } catch (error) {
      console.error("Desktop sign-in: the signed-out mark could not be saved", error);
    }
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private epoch(origin: string): number {
    return this.epochs.get(origin) ?? 0;
  }

  /** A new sign-in or a sign-out replaces the server's tokens: renewals of the old ones are void from now on. */
  private replaceSignIn(origin: string): void {
    this.epochs.set(origin, this.epoch(origin) + 1);
    this.refusals.delete(origin);
  }

  /** Runs a keychain write for `origin` after the ones already queued for it. */
  private inTurn<T>(origin: string, write: () => Promise<T>): Promise<T> {
    const next = (this.writes.get(origin) ?? Promise.resolve()).catch(() => undefined).then(write);
    this.writes.set(origin, next);
    return next;
  }

  private isFresh(tokens: StoredTokens): boolean {
    return tokens.expires_at - EXPIRY_MARGIN_MS > this.now();
  }

  /** The server's providers that have a desktop client, or undefined when the server cannot be asked. */
  private async providers(serverUrl: string): Promise<ProvidersResponse["providers"] | undefined> {
    try {
      const response = await this.deps.fetch(`${serverUrl}/providers`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
      if (!response.ok) return undefined;
      const parsed = ProvidersResponse.safeParse(await response.json());
      return parsed.success ? parsed.data.providers : undefined;
    } catch {
      return undefined;
    }
  }

  /** Signs in with `provider` through the system browser and keeps the tokens in the keychain. */
  async signIn(serverUrl: string | null, provider: unknown): Promise<SignInResult> {
    const origin = httpOrigin(serverUrl);
    if (!serverUrl || !origin) return { ok: false, message: desktopSignInMessages.noServer };
    if (typeof provider !== "string" || !PROVIDER_KEY.test(provider)) return { ok: false, message: desktopSignInMessages.badProvider };
    // One browser sign-in at a time: a new one stops the one still waiting (whose tab may be closed), so only the
    // newest can keep its tokens.
    this.signInAttempt?.abort();
    const attempt = new AbortController();
    this.signInAttempt = attempt;
    try {
      // Without a keychain the tokens could not be kept: say so before the person signs in at the provider for nothing.
      await this.deps.tokenStore.ensureAvailable();
      const providers = await this.providers(serverUrl);
      if (!providers) return { ok: false, message: desktopSignInMessages.providersUnavailable };
      const listed = providers.find((p) => p.key === provider);
      if (!listed) return { ok: false, message: desktopSignInMessages.badProvider };
      if (!listed.desktop) return { ok: false, message: desktopSignInMessages.notForDesktop(listed.label) };
      const tokens = await (this.deps.signIn ?? signInWithLoopback)({
        issuer: listed.desktop.issuer,
        clientId: listed.desktop.clientId,
        // offline_access asks for a refresh token, so the next launch can sign in without the browser.
        scope: "openid profile email offline_access",
        openExternal: this.deps.openExternal,
        timeoutMs: this.deps.signInTimeoutMs,
        signal: attempt.signal,
      });
      // Replaced while its code was being redeemed: the newer sign-in decides what is kept.
      if (attempt.signal.aborted) return { ok: false, message: signInReplacedMessage };
      const stored = toStored(tokens, provider);
      this.replaceSignIn(origin);
      await this.inTurn(origin, () => this.deps.tokenStore.save(origin, stored));
      this.markSignedOut(origin, false);
      this.remember(origin, Promise.resolve(stored));
      const name = typeof tokens.claims.name === "string" ? tokens.claims.name : undefined;
      return { ok: true, ...(name ? { name } : {}) };
    } catch (error) {
      if (error instanceof SignInError) return { ok: false, message: error.message };
      if (error instanceof KeychainUnavailableError || error instanceof KeychainWriteError) {
        // The person reads what to do; the keychain's own words (module paths, D-Bus errors) go to the log.
        console.error(`Desktop sign-in: ${error.message}`, error.cause);
        return { ok: false, message: error.message };
      }
      console.error("Desktop sign-in failed", error);
      return { ok: false, message: desktopSignInMessages.failed };
    } finally {
      if (this.signInAttempt === attempt) this.signInAttempt = null;
    }
  }

  /**
   * Forgets the server's sign-in, always: from memory at once, and marked signed out (SignedOutMarks) before the tokens
   * are deleted from the keychain. A keychain that refuses the delete is logged and said (`ok: false`), never thrown:
   * the person is signed out either way, and the entry left behind is not loaded again.
   */
  async signOut(serverUrl: string | null): Promise<SignOutResult> {
    const origin = httpOrigin(serverUrl);
    if (!origin) return { ok: true };
    this.replaceSignIn(origin);
    this.remember(origin, Promise.resolve(undefined));
    this.markSignedOut(origin, true);
    try {
      await this.inTurn(origin, () => this.deps.tokenStore.remove(origin));
      return { ok: true };
    } catch (error) {
      console.error("Desktop sign-out: the keychain entry could not be removed", error);
      return { ok: false, message: SIGN_OUT_MESSAGES.keychainNotRemoved };
    }
  }

  /** A server signed out of: its keychain entry, if any is left, is deleted again (when the keychain lets it) and never loaded. */
  private async dropLeftover(origin: string): Promise<undefined> {
    await this.inTurn(origin, () => this.deps.tokenStore.remove(origin)).catch((error: unknown) => console.error("Desktop sign-in: a signed-out entry could not be removed", error));
    return undefined;
  }

  /** The usable tokens for the server: from memory, else the keychain; renewed or dropped when they ran out. */
  async tokens(serverUrl: string | null): Promise<StoredTokens | undefined> {
    const origin = httpOrigin(serverUrl);
    if (!serverUrl || !origin) return undefined;
    let entry = this.current.get(origin);
    if (!entry) {
      entry = this.signedOut.has(origin) ? this.dropLeftover(origin) : this.deps.tokenStore.load(origin);
      this.remember(origin, entry);
    }
    const tokens = await entry;
    if (!tokens || this.isFresh(tokens)) return tokens;
    // Several calls may notice the expiry at once: the first starts the renewal, the others wait for it.
    if (this.current.get(origin) === entry) this.remember(origin, this.renew(serverUrl, origin, tokens));
    return this.current.get(origin);
  }

  /** Loads (or re-loads) the server's sign-in from the keychain, renewing it if it ran out: call at launch. */
  restore(serverUrl: string | null): Promise<StoredTokens | undefined> {
    return this.tokens(serverUrl);
  }

  /** The bearer token for the server's API, or null when signed out. */
  async accessToken(serverUrl: string | null): Promise<string | null> {
    return (await this.tokens(serverUrl).catch(() => undefined))?.id_token ?? null;
  }

  /**
   * The bearer token already in memory for the server, without waiting: null while it is loading or being renewed, when
   * signed out, and when it expires within EXPIRY_MARGIN_MS (the server would refuse it even for a public file). For the
   * session's request listener, which runs for every request and so must not wait for the keychain or a renewal.
   */
  currentAccessToken(serverUrl: string | null): string | null {
    const origin = httpOrigin(serverUrl);
    const tokens = origin ? this.settled.get(origin) : undefined;
    return tokens?.id_token && this.isFresh(tokens) ? tokens.id_token : null;
  }

  /**
   * The server refused `refused` as a bearer token (401) though it had not run out by our clock (a skewed clock, a
   * revoked sign-in): renews it with the refresh token, as for an expired one, and answers the new token or null.
   * Several calls refused with the same token share one renewal; a token that is no longer the current one answers the
   * current one.
   */
  async renewRefused(serverUrl: string | null, refused: unknown): Promise<string | null> {
    const origin = httpOrigin(serverUrl);
    if (!serverUrl || !origin || typeof refused !== "string" || !refused) return null;
    let refusal = this.refusals.get(origin);
    if (refusal?.token !== refused) {
      const tokens = await this.tokens(serverUrl).catch(() => undefined);
      if (!tokens || tokens.id_token !== refused) return tokens?.id_token ?? null;
      // Checked again after the wait: another call refused with this token may have started the renewal meanwhile.
      refusal = this.refusals.get(origin);
      if (refusal?.token !== refused) {
        const renewal = this.renew(serverUrl, origin, tokens);
        this.remember(origin, renewal);
        refusal = { token: refused, renewal };
        this.refusals.set(origin, refusal);
      }
    }
    return (await refusal.renewal.catch(() => undefined))?.id_token ?? null;
  }

  /** Who is signed in on the server, as far as this desktop knows. */
  async session(serverUrl: string | null): Promise<DesktopSession> {
    const tokens = await this.tokens(serverUrl).catch(() => undefined);
    if (!tokens?.id_token) return SIGNED_OUT;
    const name = jwtClaims(tokens.id_token).name;
    return { signedIn: true, provider: tokens.provider ?? null, name: typeof name === "string" ? name : null };
  }

  /** Makes `entry` the server's tokens; until it settles, the tokens it replaces are not handed out without waiting. */
  private remember(origin: string, entry: Promise<StoredTokens | undefined>): void {
    this.current.set(origin, entry);
    this.settled.delete(origin);
    entry.then(
      (tokens) => {
        if (this.current.get(origin) === entry) this.settled.set(origin, tokens);
      },
      () => {
        // A failed keychain read is tried again next time (the keychain may have been locked).
        if (this.current.get(origin) === entry) this.current.delete(origin);
      },
    );
  }

  /**
   * Renews expired tokens with their refresh token, at the issuer that issued them only. When the provider refuses (or
   * there is no refresh token, or the server now lists another issuer) the entry is deleted; when it cannot be reached
   * the entry is kept for a later try, but not used meanwhile. A sign-out or sign-in meanwhile wins over the renewal.
   */
  private async renew(serverUrl: string, origin: string, tokens: StoredTokens): Promise<StoredTokens | undefined> {
    const epoch = this.epoch(origin);
    // Signed out (or in again) meanwhile: the decision made then stands, whatever this renewal found.
    const forget = () =>
      this.inTurn(origin, async () => {
        if (this.epoch(origin) === epoch) await this.deps.tokenStore.remove(origin);
      });
    const provider = tokens.provider;
    const listed = provider && tokens.refresh_token ? (await this.providers(serverUrl))?.find((p) => p.key === provider) : undefined;
    if (tokens.refresh_token && provider && !listed) {
      // The server did not answer: keep the keychain entry and try again on the next call.
      this.current.delete(origin);
      return undefined;
    }
    if (!tokens.refresh_token || !provider || !listed?.desktop || !issuedBy(tokens, listed.desktop)) {
      await forget();
      return undefined;
    }
    try {
      const renewed = toStored(await (this.deps.refresh ?? refreshSignIn)({ ...listed.desktop, refreshToken: tokens.refresh_token }), provider);
      return await this.inTurn(origin, async () => {
        if (this.epoch(origin) !== epoch) return undefined;
        await this.deps.tokenStore.save(origin, renewed);
        return renewed;
      });
    } catch (error) {
      if (error instanceof ProviderUnreachableError) {
        this.current.delete(origin);
        return undefined;
      }
      await forget();
      return undefined;
    }
  }
}
