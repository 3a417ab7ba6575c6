import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// Test-only: the real OpenID provider and the real platform server the server's own tests use.
// eslint-disable-next-line no-restricted-imports
import { completeAtProvider, freePort, startOidcProvider, TEST_ACCOUNT, TEST_CLIENT, TEST_NATIVE_CLIENT, type TestOidcProvider } from "../../server/test/oidcProvider.js";
// eslint-disable-next-line no-restricted-imports
import { startTestServer, type TestServer } from "../../server/test/testServer.js";
import { SIGN_OUT_MESSAGES } from "../../contract/desktop.js";
import { DesktopAuth, desktopSignInMessages, EXPIRY_MARGIN_MS, memorySignedOutMarks, type DesktopAuthDeps } from "./desktopAuth.js";
import { KeychainUnavailableError, keychainService, KeychainWriteError, TokenStore, type KeychainBackend } from "./keychain.js";
import { refreshSignIn, signInReplacedMessage } from "./loopbackSignIn.js";

let idp: TestOidcProvider;
let server: TestServer;

beforeAll(async () => {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    env: {
      SSO_PROVIDERS: JSON.stringify([
        { key: "test", label: "Test IdP", issuer, ...TEST_CLIENT, desktopClientId: TEST_NATIVE_CLIENT.clientId },
        { key: "webonly", label: "Web Only", issuer, ...TEST_CLIENT },
      ]),
    },
  });
  idp = await startOidcProvider({ port, redirectUris: [`${server.url}/auth/sso/test/callback`] });
});
afterAll(async () => {
  await idp?.close();
  await server?.stop();
});

/**
 * The OS keychain as keytar presents it, kept in memory: what TokenStore writes is what a later launch reads.
 * (TokenStore against the real Secret Service is tested in keychain.keychain-test.ts.)
 */
function memoryKeychain() {
  const entries = new Map<string, string>();
  const key = (service: string, account: string) => `${service}|${account}`;
  const backend: KeychainBackend = {
    getPassword: async (service, account) => entries.get(key(service, account)) ?? null,
    setPassword: async (service, account, password) => void entries.set(key(service, account), password),
    deletePassword: async (service, account) => entries.delete(key(service, account)),
  };
  return { backend, entry: (origin: string) => entries.get(key(keychainService, origin)), entries };
}

/** The system browser: follows the provider's pages (which sign the test account in) back to the loopback callback. */
const systemBrowser = vi.fn(async (url: string) => {
  void completeAtProvider(url).then((callback) => fetch(callback));
});

function desktopAuth(keychain: ReturnType<typeof memoryKeychain>, overrides: Partial<DesktopAuthDeps> = {}) {
  return new DesktopAuth({
    tokenStore: new TokenStore({ loadBackend: async () => keychain.backend }),
    fetch: (url, init) => fetch(url, init),
    openExternal: systemBrowser,
    signInTimeoutMs: 10_000,
    ...overrides,
  });
}

const origin = () => new URL(server.url).origin;
const stored = (keychain: ReturnType<typeof memoryKeychain>) => {
  const raw = keychain.entry(origin());
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
};

/** A renewal that asks the provider for real but holds its answer until `release` (a renewal still under way). */
function heldRefresh() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const refresh = vi.fn(async (options: Parameters<typeof refreshSignIn>[0]) => {
    const tokens = await refreshSignIn(options);
    await held;
    return tokens;
  });
  return { refresh, release };
}

describe("DesktopAuth (real platform server, real OpenID provider)", () => {
  it("signs in through the browser with the provider the server lists for desktops, keeping the tokens in the keychain", async () => {
    const keychain = memoryKeychain();
    const auth = desktopAuth(keychain);
    systemBrowser.mockClear();

    const result = await auth.signIn(server.url, "test");

    expect(result).toEqual({ ok: true, name: TEST_ACCOUNT.name });
    expect(systemBrowser).toHaveBeenCalledTimes(1);
    const authorizationUrl = new URL(systemBrowser.mock.calls[0]![0]);
    expect(authorizationUrl.origin).toBe(idp.issuer);
    expect(authorizationUrl.searchParams.get("client_id")).toBe(TEST_NATIVE_CLIENT.clientId);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const entry = stored(keychain);
    expect(entry).toMatchObject({ provider: "test", id_token: expect.any(String), refresh_token: expect.any(String) });
    expect(await auth.accessToken(server.url)).toBe(entry!.id_token);
    expect(await auth.session(server.url)).toEqual({ signedIn: true, provider: "test", name: TEST_ACCOUNT.name });
  });

  it("signs in silently at the next launch from the keychain, without the browser", async () => {
    const keychain = memoryKeychain();
    await desktopAuth(keychain).signIn(server.url, "test");
    const idToken = stored(keychain)!.id_token;
    systemBrowser.mockClear();

    const nextLaunch = desktopAuth(keychain);
    await nextLaunch.restore(server.url);

    expect(await nextLaunch.accessToken(server.url)).toBe(idToken);
    expect(systemBrowser).not.toHaveBeenCalled();
  });

  it("renews expired tokens with the refresh token at the provider, and keeps the new ones", async () => {
    const keychain = memoryKeychain();
    await desktopAuth(keychain).signIn(server.url, "test");
    const first = stored(keychain)!;
    systemBrowser.mockClear();

    // The next launch happens after the ID token expired.
    const later = desktopAuth(keychain, { now: () => (first.expires_at as number) + 60_000 });
    const token = await later.accessToken(server.url);

    // New tokens from the provider's token endpoint (an ID token issued in the same second may read the same).
    const renewed = stored(keychain)!;
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.refresh_token).toEqual(expect.any(String));
    expect(token).toBe(renewed.id_token);
    expect(systemBrowser).not.toHaveBeenCalled();
    // The renewed token is a real one from the provider: the platform accepts it as the person's sign-in.
    const res = await server.client().request("GET", "/getInitializeData", undefined, { authorization: `Bearer ${token}` });
    expect(res.body.profile?.name).toBe(TEST_ACCOUNT.name);
  });

  it("deletes expired tokens the provider will not renew", async () => {
    const keychain = memoryKeychain();
    await desktopAuth(keychain).signIn(server.url, "test");
    const entry = stored(keychain)!;
    await keychain.backend.setPassword(keychainService, origin(), JSON.stringify({ ...entry, refresh_token: "revoked-or-made-up" }));

    const later = desktopAuth(keychain, { now: () => (entry.expires_at as number) + 60_000 });

    expect(await later.accessToken(server.url)).toBeNull();
    expect(stored(keychain)).toBeUndefined();
    expect(await later.session(server.url)).toEqual({ signedIn: false, provider: null, name: null });
  });

  it("deletes expired tokens that have no refresh token", async () => {
    const keychain = memoryKeychain();
    await new TokenStore({ loadBackend: async () => keychain.backend }).save(origin(), { access_token: "a", id_token: "x.y.z", expires_at: 1000, provider: "test" });

    expect(await desktopAuth(keychain).accessToken(server.url)).toBeNull();
    expect(stored(keychain)).toBeUndefined();
  });

  it("renews a token the server refused before it expired, once for several refused calls, and the server takes the new one", async () => {
    const keychain = memoryKeychain();
    const refresh = vi.fn(refreshSignIn);
    const auth = desktopAuth(keychain, { refresh });
    await auth.signIn(server.url, "test");
    const first = stored(keychain)!;

    const answers = await Promise.all([auth.renewRefused(server.url, first.id_token), auth.renewRefused(server.url, first.id_token)]);

    expect(refresh).toHaveBeenCalledTimes(1);
    const renewed = stored(keychain)!;
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(answers).toEqual([renewed.id_token, renewed.id_token]);
    expect(await auth.accessToken(server.url)).toBe(renewed.id_token);
    const res = await server.client().request("GET", "/getInitializeData", undefined, { authorization: `Bearer ${answers[0]}` });
    expect(res.body.profile?.name).toBe(TEST_ACCOUNT.name);
    // A token that is no longer the current one (refused after another call renewed it) gets the current one, with no
    // second renewal; nothing at all is answered for nonsense.
    expect(await auth.renewRefused(server.url, "an.older.token")).toBe(renewed.id_token);
    expect(await auth.renewRefused(server.url, 42)).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("signs out when the provider will not renew a refused token", async () => {
    const keychain = memoryKeychain();
    const auth = desktopAuth(keychain);
    await auth.signIn(server.url, "test");
    const entry = stored(keychain)!;
    await keychain.backend.setPassword(keychainService, origin(), JSON.stringify({ ...entry, refresh_token: "revoked-or-made-up" }));
    const fresh = desktopAuth(keychain);

    expect(await fresh.renewRefused(server.url, entry.id_token)).toBeNull();
    expect(stored(keychain)).toBeUndefined();
    expect(await fresh.session(server.url)).toEqual({ signedIn: false, provider: null, name: null });
  });

  it("deletes the tokens from the keychain at sign-out", async () => {
    const keychain = memoryKeychain();
    const auth = desktopAuth(keychain);
    await auth.signIn(server.url, "test");
    expect(stored(keychain)).toBeDefined();

    await auth.signOut(server.url);

    expect(stored(keychain)).toBeUndefined();
    expect(await auth.accessToken(server.url)).toBeNull();
    expect(await desktopAuth(keychain).accessToken(server.url)).toBeNull();
  });

  it("signs out even when the keychain refuses the delete: says so plainly, and the entry left behind never signs in again until a new sign-in", async () => {
    const keychain = memoryKeychain();
    const signedOut = memorySignedOutMarks();
    const auth = desktopAuth(keychain, { signedOut });
    await auth.signIn(server.url, "test");
    const entry = stored(keychain)!;
    const deletePassword = keychain.backend.deletePassword;
    keychain.backend.deletePassword = async () => {
      throw new Error("Cannot delete an item in a locked collection");
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    expect(await auth.signOut(server.url)).toEqual({ ok: false, message: SIGN_OUT_MESSAGES.keychainNotRemoved });
    expect(logged).toHaveBeenCalledWith("Desktop sign-out: the keychain entry could not be removed", expect.any(Error));
    expect(await auth.session(server.url)).toEqual({ signedIn: false, provider: null, name: null });
    expect(await auth.accessToken(server.url)).toBeNull();
    expect(stored(keychain)).toEqual(entry);

    // The next launch, the keychain still locked: the entry is there but not used.
    expect(await desktopAuth(keychain, { signedOut }).accessToken(server.url)).toBeNull();
    // Unlocked later: the leftover is deleted at launch, and still not used.
    keychain.backend.deletePassword = deletePassword;
    expect(await desktopAuth(keychain, { signedOut }).accessToken(server.url)).toBeNull();
    expect(stored(keychain)).toBeUndefined();
    logged.mockRestore();

    // A new sign-in clears the mark: the launch after it signs in silently again.
    expect((await desktopAuth(keychain, { signedOut }).signIn(server.url, "test")).ok).toBe(true);
    expect(await desktopAuth(keychain, { signedOut }).accessToken(server.url)).toBe(stored(keychain)!.id_token);
  });

  it("does not sign in at the next launch from an entry a locked keychain kept without saying so (the delete answered false)", async () => {
    const keychain = memoryKeychain();
    const signedOut = memorySignedOutMarks();
    await desktopAuth(keychain, { signedOut }).signIn(server.url, "test");
    // A locked Secret Service collection deletes nothing and answers as if there were nothing to delete.
    const deletePassword = keychain.backend.deletePassword;
    keychain.backend.deletePassword = async () => false;
    expect(await desktopAuth(keychain, { signedOut }).signOut(server.url)).toEqual({ ok: true });
    keychain.backend.deletePassword = deletePassword;
    expect(stored(keychain)).toBeDefined();
    const nextLaunch = desktopAuth(keychain, { signedOut });
    await nextLaunch.restore(server.url);
    expect(await nextLaunch.session(server.url)).toEqual({ signedIn: false, provider: null, name: null });
    expect(stored(keychain)).toBeUndefined();
  });

  it("keeps a sign-out when a renewal was still under way: the renewed tokens are neither kept nor handed out", async () => {
    const keychain = memoryKeychain();
    let clock = Date.now();
    const { refresh, release: releaseRefresh } = heldRefresh();
    const auth = desktopAuth(keychain, { refresh, now: () => clock });
    await auth.signIn(server.url, "test");
    const entry = stored(keychain)!;

    // The token ran out: one call renews it by clock, another because the server refused it.
    clock = (entry.expires_at as number) + 60_000;
    const expiredCall = auth.accessToken(server.url);
    const refusedCall = auth.renewRefused(server.url, entry.id_token);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await auth.signOut(server.url);
    releaseRefresh();

    expect(await expiredCall).toBeNull();
    expect(await refusedCall).toBeNull();
    expect(stored(keychain)).toBeUndefined();
    expect(await auth.accessToken(server.url)).toBeNull();
    expect(auth.currentAccessToken(server.url)).toBeNull();
    // A call the server refused before the sign-out gets nothing either.
    expect(await auth.renewRefused(server.url, entry.id_token)).toBeNull();
    // The next launch starts signed out.
    expect(await desktopAuth(keychain).accessToken(server.url)).toBeNull();
  });

  it("answers the token in memory without waiting: once signed in or loaded, for that server only, none after sign-out", async () => {
    const keychain = memoryKeychain();
    const auth = desktopAuth(keychain);
    expect(auth.currentAccessToken(server.url)).toBeNull();

    await auth.signIn(server.url, "test");
    const idToken = stored(keychain)!.id_token;
    expect(auth.currentAccessToken(server.url)).toBe(idToken);
    expect(auth.currentAccessToken(`${server.url}/`)).toBe(idToken);
    expect(auth.currentAccessToken("https://other.example.org")).toBeNull();
    expect(auth.currentAccessToken(null)).toBeNull();

    // The next launch: nothing until the keychain has answered, and the request listener never waits for it.
    const nextLaunch = desktopAuth(keychain);
    const restoring = nextLaunch.restore(server.url);
    expect(nextLaunch.currentAccessToken(server.url)).toBeNull();
    await restoring;
    expect(nextLaunch.currentAccessToken(server.url)).toBe(idToken);

    // Gone as soon as the sign-out starts, before the keychain entry is deleted.
    const signingOut = nextLaunch.signOut(server.url);
    expect(nextLaunch.currentAccessToken(server.url)).toBeNull();
    await signingOut;
    expect(nextLaunch.currentAccessToken(server.url)).toBeNull();
  });

  it("does not answer a token about to expire, nor a refused one while it is renewed, and answers the renewed one", async () => {
    const keychain = memoryKeychain();
    let clock = Date.now();
    const { refresh, release: releaseRefresh } = heldRefresh();
    const auth = desktopAuth(keychain, { refresh, now: () => clock });
    await auth.signIn(server.url, "test");
    const first = stored(keychain)!;

    // The server would refuse it by the time it arrived (401 even for a public file): no token rather than that one.
    clock = (first.expires_at as number) - EXPIRY_MARGIN_MS + 1;
    expect(auth.currentAccessToken(server.url)).toBeNull();
    clock = Date.now();
    expect(auth.currentAccessToken(server.url)).toBe(first.id_token);

    // Refused by the server: not handed out while the renewal runs.
    const renewal = auth.renewRefused(server.url, first.id_token);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(auth.currentAccessToken(server.url)).toBeNull();
    releaseRefresh();
    const renewed = await renewal;

    expect(renewed).toBe(stored(keychain)!.id_token);
    expect(auth.currentAccessToken(server.url)).toBe(renewed);
  });

  it("never sends the refresh token to an issuer other than the one that issued it, whatever the server lists now", async () => {
    const keychain = memoryKeychain();
    await desktopAuth(keychain).signIn(server.url, "test");
    const entry = stored(keychain)!;
    // The server (or someone between it and us, on plain http) now lists another issuer for the same provider key.
    const rewritingFetch = async (url: string, init: RequestInit) => {
      const response = await fetch(url, init);
      if (!url.endsWith("/providers")) return response;
      const body = (await response.json()) as { providers: { key: string; desktop?: { issuer: string; clientId: string } }[] };
      for (const p of body.providers) if (p.desktop) p.desktop.issuer = "https://issuer.attacker.example";
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    };
    const refresh = vi.fn(async (_options: Parameters<typeof refreshSignIn>[0]) => {
      throw new Error("must not be called");
    });

    const later = desktopAuth(keychain, { fetch: rewritingFetch, refresh, now: () => (entry.expires_at as number) + 60_000 });

    expect(await later.accessToken(server.url)).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
    expect(stored(keychain)).toBeUndefined();
  });

  it("refuses providers without a desktop client, unknown providers and a missing server, without opening the browser", async () => {
    const keychain = memoryKeychain();
    const auth = desktopAuth(keychain);
    systemBrowser.mockClear();

    expect(await auth.signIn(server.url, "webonly")).toEqual({ ok: false, message: desktopSignInMessages.notForDesktop("Web Only") });
    expect(await auth.signIn(server.url, "nope")).toEqual({ ok: false, message: desktopSignInMessages.badProvider });
    expect(await auth.signIn(server.url, "../../etc")).toEqual({ ok: false, message: desktopSignInMessages.badProvider });
    expect(await auth.signIn(server.url, 42)).toEqual({ ok: false, message: desktopSignInMessages.badProvider });
    expect(await auth.signIn(null, "test")).toEqual({ ok: false, message: desktopSignInMessages.noServer });
    expect(systemBrowser).not.toHaveBeenCalled();
    expect(keychain.entries.size).toBe(0);
  });

  it("says the keychain is locked when it will not keep the tokens (Secret Service's own refusal), and stays signed out", async () => {
    const keychain = memoryKeychain();
    // What keytar throws for a locked login keyring (gnome-keyring, tried here without unlocking it).
    keychain.backend.setPassword = async () => {
      throw new Error("Cannot create an item in a locked collection");
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const auth = desktopAuth(keychain);

    const result = await auth.signIn(server.url, "test");

    expect(result).toEqual({ ok: false, message: new KeychainWriteError(undefined).message });
    expect(result.message).toMatch(/locked/);
    expect(await auth.session(server.url)).toEqual({ signedIn: false, provider: null, name: null });
    expect(await auth.accessToken(server.url)).toBeNull();
    expect(keychain.entries.size).toBe(0);
    errors.mockRestore();
  });

  it("says in plain words that there is no keychain when keytar cannot be loaded, before the browser and without its module paths", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const auth = desktopAuth(memoryKeychain(), {
      tokenStore: new TokenStore({
        loadBackend: async () => {
          throw new KeychainUnavailableError(new Error("Cannot find package 'keytar' imported from /opt/Curriculum Platform/resources/app.asar/out/main/main.js"));
        },
      }),
    });

    systemBrowser.mockClear();
    const result = await auth.signIn(server.url, "test");

    expect(result).toEqual({ ok: false, message: new KeychainUnavailableError(undefined).message });
    // Said before the browser opens: signing in at the provider would be for nothing.
    expect(systemBrowser).not.toHaveBeenCalled();
    expect(result.message).toMatch(/keychain is not available/);
    expect(result.message).not.toMatch(/keytar|app\.asar|Cannot find/);
    // The cause is logged for whoever looks into it.
    expect(String(errors.mock.calls.at(-1)?.[1])).toContain("Cannot find package 'keytar'");
    errors.mockRestore();
  });

  it("says so when the server cannot be asked for its providers", async () => {
    const auth = desktopAuth(memoryKeychain());
    expect(await auth.signIn(`http://127.0.0.1:${await freePort()}`, "test")).toEqual({ ok: false, message: desktopSignInMessages.providersUnavailable });
  });

  it("a new sign-in stops one still waiting in the browser (its tab closed), and only the new one keeps tokens", async () => {
    const keychain = memoryKeychain();
    // The first tab is closed (the browser never comes back); the second sign-in goes through.
    let opened = 0;
    const auth = desktopAuth(keychain, { openExternal: async (url) => void (++opened > 1 && systemBrowser(url)), signInTimeoutMs: 30_000 });
    const first = auth.signIn(server.url, "test");
    await vi.waitFor(() => expect(opened).toBe(1));
    const second = await auth.signIn(server.url, "test");

    expect(await first).toEqual({ ok: false, message: signInReplacedMessage });
    expect(second).toMatchObject({ ok: true, name: TEST_ACCOUNT.name });
    expect(stored(keychain)).toMatchObject({ provider: "test" });
  });
});
