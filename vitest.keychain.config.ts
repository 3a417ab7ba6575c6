import { defineConfig } from "vitest/config";

/** The keychain tests, which need a real Secret Service: run inside dbus-run-session with gnome-keyring (scripts/test-all.sh). */
export default defineConfig({
  test: {
    include: ["**/*.keychain-test.ts"],
    exclude: ["**/node_modules/**", "dist/**", "out/**", "e2e/**"],
    testTimeout: 30_000,
    pool: "forks",
  },
});
