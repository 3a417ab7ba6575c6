import crypto from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KeychainUnavailableError, loadKeytar, TokenStore, type StoredTokens } from "./keychain.js";

// Runs against the real Secret Service (gnome-keyring in dbus-run-session; see scripts/test-all.sh).
// A service name of its own per run, so the test never touches a real entry and leaves none behind.
const service = `curriculum-commons-desktop-test-${crypto.randomUUID()}`;
const store = new TokenStore({ service });
const origins = ["http://127.0.0.1:3000", "https://learn.example.org"];

const tokens = (label: string): StoredTokens => ({
  access_token: `access-${label}-${crypto.randomBytes(16).toString("hex")}`,
  refresh_token: `refresh-${label}-${crypto.randomBytes(16).toString("hex")}`,
  id_token: `id-${label}`,
  expires_at: Date.now() + 600_000,
});

/** Every file under `dir` (missing directories are empty). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

afterAll(async () => {
  const keytar = await loadKeytar();
  for (const origin of origins) await keytar.deletePassword(service, origin);
});

describe("TokenStore (real Secret Service)", () => {
  it("loads what it saved, from the keychain itself", async () => {
    const saved = tokens("a");
    await store.save(origins[0]!, saved);
    expect(await store.load(origins[0]!)).toEqual(saved);
    // A fresh store (as on the next launch) finds them too: they live in the Secret Service, not in this object.
    expect(await new TokenStore({ service }).load(origins[0]!)).toEqual(saved);
    expect(JSON.parse((await (await loadKeytar()).getPassword(service, origins[0]!))!)).toEqual(saved);
  });

  it("deletes on remove", async () => {
    await store.save(origins[0]!, tokens("b"));
    expect(await store.remove(origins[0]!)).toBe(true);
    expect(await store.load(origins[0]!)).toBeUndefined();
    expect(await store.remove(origins[0]!)).toBe(false);
  });

  it("keeps two servers apart", async () => {
    const first = tokens("first");
    const second = { access_token: "only-access", expires_at: 1 };
    await store.save(origins[0]!, first);
    await store.save(origins[1]!, second);
    expect(await store.load(origins[0]!)).toEqual(first);
    expect(await store.load(origins[1]!)).toEqual(second);
    await store.remove(origins[1]!);
    expect(await store.load(origins[0]!)).toEqual(first);
  });

  it("treats a corrupt entry as none and deletes it", async () => {
    const keytar = await loadKeytar();
    for (const corrupt of ["not json {", JSON.stringify({ access_token: "", expires_at: "soon" }), "null"]) {
      await keytar.setPassword(service, origins[1]!, corrupt);
      expect(await store.load(origins[1]!)).toBeUndefined();
      expect(await keytar.getPassword(service, origins[1]!)).toBeNull();
    }
  });

  it("refuses to save tokens that are not tokens", async () => {
    await expect(store.save(origins[1]!, { access_token: "", expires_at: 0 })).rejects.toThrow();
    expect(await store.load(origins[1]!)).toBeUndefined();
  });

  it("writes no token in plain text to the keyring files or the settings folders", async () => {
    const saved = tokens("disk");
    await store.save(origins[0]!, saved);
    const dataHome = process.env.XDG_DATA_HOME ?? join(homedir(), ".local", "share");
    const configHome = process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config");
    const files = [...(await filesUnder(join(dataHome, "keyrings"))), ...(await filesUnder(join(configHome, "curriculum-platform")))];
    expect(files.length, "the keyring daemon keeps its collection in files; there must be some to check").toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(file, "latin1");
      expect(text.includes(saved.access_token) || text.includes(saved.refresh_token!), file).toBe(false);
    }
  });

  it("has no fallback store: without a keychain, saving and loading fail with a clear error", async () => {
    const missing = new TokenStore({
      service,
      loadBackend: async () => {
        throw new KeychainUnavailableError(new Error("Cannot find package 'keytar'"));
      },
    });
    await expect(missing.save(origins[0]!, tokens("none"))).rejects.toThrow(/the OS keychain is not available/i);
    await expect(missing.load(origins[0]!)).rejects.toBeInstanceOf(KeychainUnavailableError);
  });
});

