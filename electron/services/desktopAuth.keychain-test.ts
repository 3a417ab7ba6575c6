import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Test-only: the real OpenID provider and the real platform server the server's own tests use.
// eslint-disable-next-line no-restricted-imports
import { completeAtProvider, freePort, startOidcProvider, TEST_ACCOUNT, TEST_CLIENT, TEST_NATIVE_CLIENT, type TestOidcProvider } from "../../server/test/oidcProvider.js";
// eslint-disable-next-line no-restricted-imports
import { startTestServer, type TestServer } from "../../server/test/testServer.js";
import { DesktopAuth, memorySignedOutMarks } from "./desktopAuth.js";
import { loadKeytar, TokenStore } from "./keychain.js";

// The whole desktop sign-in against a real Secret Service (gnome-keyring in dbus-run-session; scripts/test-all.sh):
// tokens from the real provider go into the OS keychain, come back at the next launch, and are deleted at sign-out.
const service = `curriculum-commons-desktop-test-${crypto.randomUUID()}`;
let idp: TestOidcProvider;
let server: TestServer;

beforeAll(async () => {
  const port = await freePort();
  server = await startTestServer({
    env: { SSO_PROVIDERS: JSON.stringify([{ key: "test", label: "Test IdP", issuer: `http://127.0.0.1:${port}`, ...TEST_CLIENT, desktopClientId: TEST_NATIVE_CLIENT.clientId }]) },
  });
  idp = await startOidcProvider({ port, redirectUris: [`${server.url}/auth/sso/test/callback`] });
});
afterAll(async () => {
  await (await loadKeytar()).deletePassword(service, new URL(server.url).origin);
  await idp?.close();
  await server?.stop();
});

/** The servers signed out of, kept across launches as the settings file keeps them. */
const signedOut = memorySignedOutMarks();
const launch = () =>
  new DesktopAuth({
    signedOut,
    tokenStore: new TokenStore({ service }),
    fetch: (url, init) => fetch(url, init),
    openExternal: async (url) => void completeAtProvider(url).then((callback) => fetch(callback)),
    signInTimeoutMs: 10_000,
  });

describe("desktop sign-in with the real OS keychain", () => {
  it("keeps the tokens in the keychain, signs in silently at the next launch, and deletes them at sign-out", async () => {
    const origin = new URL(server.url).origin;
    const keytar = await loadKeytar();

    expect(await launch().signIn(server.url, "test")).toEqual({ ok: true, name: TEST_ACCOUNT.name });
    const entry = JSON.parse((await keytar.getPassword(service, origin))!) as { id_token: string; provider: string };
    expect(entry.provider).toBe("test");

    const nextLaunch = launch();
    await nextLaunch.restore(server.url);
    const token = await nextLaunch.accessToken(server.url);
    expect(token).toBe(entry.id_token);
    const res = await server.client().request("GET", "/getInitializeData", undefined, { authorization: `Bearer ${token}` });
    expect(res.body.profile?.name).toBe(TEST_ACCOUNT.name);

    await nextLaunch.signOut(server.url);
    expect(await keytar.getPassword(service, origin)).toBeNull();
    expect(await launch().accessToken(server.url)).toBeNull();
  });

  it("never signs in at the next launch from an entry left in the keychain after a sign-out, and deletes it then", async () => {
    const origin = new URL(server.url).origin;
    const keytar = await loadKeytar();
    expect((await launch().signIn(server.url, "test")).ok).toBe(true);
    const leftover = (await keytar.getPassword(service, origin))!;
    expect(await launch().signOut(server.url)).toEqual({ ok: true });
    // What a keychain locked at sign-out keeps: the entry is still there at the next launch.
    await keytar.setPassword(service, origin, leftover);
    const nextLaunch = launch();
    await nextLaunch.restore(server.url);
    expect(await nextLaunch.session(server.url)).toMatchObject({ signedIn: false });
    expect(await keytar.getPassword(service, origin)).toBeNull();
    // Signing in again is what brings the silent sign-in back.
    expect((await launch().signIn(server.url, "test")).ok).toBe(true);
    expect(await launch().accessToken(server.url)).toBe((JSON.parse((await keytar.getPassword(service, origin))!) as { id_token: string }).id_token);
  });
});
