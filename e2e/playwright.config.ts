import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * The server's DATA_DIR, made from the runner's pid. Workers load this file again in processes of their own, so the
 * runner leaves the folder in E2E_DATA_DIR, which they inherit: specs read the server's outbox there (e2e/passwordReset.spec.ts).
 */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `platform-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
/** scripts/test-all.sh runs two shards at once, each with its own server; it builds that server once beforehand (E2E_SERVER_BUILT=1). */
const buildServer = process.env.E2E_SERVER_BUILT === "1" ? "" : "node scripts/build-server.mjs && ";
/** The OpenID provider e2e/sso.spec.ts starts (not 4190: fetch blocks that port) (discovery happens on the first sign-in, so it need not be up earlier). */
export const SSO_TEST_PORT = Number(process.env.E2E_SSO_PORT ?? 4191);
const ssoProviders = [
  // desktopClientId: the desktop's public client at the same provider (e2e/desktop.spec.ts signs in with its tokens).
  { key: "test", label: "Test IdP", issuer: `http://127.0.0.1:${SSO_TEST_PORT}`, clientId: "platform-test", clientSecret: "platform-test-secret", desktopClientId: "desktop-test" },
  // A second provider, so the order of the login page's buttons shows.
  { key: "school", label: "School", issuer: `http://127.0.0.1:${SSO_TEST_PORT}`, clientId: "platform-test", clientSecret: "platform-test-secret" },
];

/**
 * The stand-in for Unsplash's API e2e/imageSearch.spec.ts starts (server/test/fakeUnsplash.ts): the server is told its
 * address and a test key here; it is asked only when a spec searches, so it need not be up earlier.
 */
export const UNSPLASH_TEST_PORT = Number(process.env.E2E_UNSPLASH_PORT ?? 4197);
export const UNSPLASH_TEST_KEY = "e2e-unsplash-key";

/**
 * The stand-in for Zoom's OAuth endpoints and API e2e/zoom.spec.ts starts (server/test/fakeZoom.ts), and the OAuth app
 * the server is given for it; it is asked only when a spec adds a meeting.
 */
export const ZOOM_TEST_PORT = Number(process.env.E2E_ZOOM_PORT ?? 4186);
export const ZOOM_TEST_CLIENT = { clientId: "e2e-zoom-client", clientSecret: "e2e-zoom-secret" };

/**
 * The Chromium the tests drive: Debian's chromium-headless-shell when it is installed (.ci/run installs it), else its
 * chromium; E2E_CHROMIUM names another. Both packages are built from the same Chromium source, at the same version:
 * the shell is its engine (Blink, V8, the network stack) without the browser's user interface, the headless browser
 * Playwright itself runs by default. Each new context and page load costs about half the CPU in it (search page: 0.94
 * CPU-seconds against 1.9 to 2.4), and the browser tests took 9.2 minutes in it against 14.6 in the full browser on this
 * 2-core machine. The accessibility spec runs in the full browser instead (the "chromium" project), so the pages users'
 * browser shows are checked in it. (CHROMIUM_PATH is the server's: the Chromium that prints PDF exports, the full one by default.)
 */
const FULL_CHROMIUM = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const testChromium = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Browser tests: the real server on a fresh demo database, the real web build, Debian's Chromium. */
export default defineConfig({
  testDir: ".",
  // Several tests are whole journeys (20 s alone); with three shards on two busy cores some took past 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: a test that fails and then passes is reported as flaky (scripts/test-all.sh lists them at the end of
  // the run, to be fixed) rather than failing the run; one that fails twice fails it. On this busy two-core machine a
  // journey can lose a race its author did not see (a stop's CI went red on one that passed in every other run).
  retries: 1,
  reporter: [["list"]],
  // Each run empties its output folder first, so concurrent shards keep apart ones (a failure's screenshot and trace land here).
  outputDir: path.join(os.tmpdir(), "platform-e2e-results", process.env.E2E_SHARD_NAME ?? ""),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // An action waiting on an element that never comes (a click, a boundingBox) fails after this, naming the element,
    // rather than spending the rest of a slow journey's three minutes and failing as a timeout of the whole test.
    actionTimeout: 30_000,
    screenshot: "only-on-failure",
  },
  projects: [
    // The accessibility spec runs in the full browser alone: the same Blink, checked twice, cost 2.2 minutes of a run.
    { name: testChromium === HEADLESS_SHELL ? "headless-shell" : "chromium", ...(testChromium === FULL_CHROMIUM ? {} : { testIgnore: "accessibility.spec.ts" }), use: { launchOptions: { executablePath: testChromium, args: CHROMIUM_ARGS } } },
    ...(testChromium === FULL_CHROMIUM ? [] : [{ name: "chromium", testMatch: "accessibility.spec.ts", use: { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } } }]),
  ],
  // The server as npm start runs it: compiled to JavaScript (scripts/build-server.mjs), worker thread included. The demo
  // accounts are hashed at a cheap scrypt cost (DEMO_PASSWORD_COST): nearly every test signs one in, at ~0.5 s each at
  // the production cost; accounts registered through the app keep that cost. DEMO_INTERCEPTOR=0 seeds the demo's welcome
  // interceptor switched off: it would come up over every page a spec opens as a demo account (e2e/interceptors.spec.ts makes its own).
  webServer: {
    command: `rm -rf ${dataDir} && ${buildServer}node dist/server/index.js`,
    cwd: path.resolve(import.meta.dirname, ".."),
    url: `http://127.0.0.1:${port}/app/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), DATA_DIR: dataDir, AUTH_RATE_LIMIT: "1000", DEMO_PASSWORD_COST: "1024,8,1", DEMO_INTERCEPTOR: "0", LOG_LEVEL: "warn", SSO_PROVIDERS: JSON.stringify(ssoProviders), UNSPLASH_API_URL: `http://127.0.0.1:${UNSPLASH_TEST_PORT}`, UNSPLASH_ACCESS_KEY: UNSPLASH_TEST_KEY, ZOOM_CLIENT_ID: ZOOM_TEST_CLIENT.clientId, ZOOM_CLIENT_SECRET: ZOOM_TEST_CLIENT.clientSecret, ZOOM_OAUTH_URL: `http://127.0.0.1:${ZOOM_TEST_PORT}`, ZOOM_API_URL: `http://127.0.0.1:${ZOOM_TEST_PORT}/v2` },
  },
});
