import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isStorageKey, localFileStorage, newStorageKey } from "./fileStorage.js";

describe("local file storage", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = localFileStorage(root);

  it("puts, gets and deletes by random key", async () => {
    const key = newStorageKey();
    expect(isStorageKey(key)).toBe(true);
    expect(newStorageKey()).not.toBe(key);
    await storage.put(key, Buffer.from("hello"));
    expect((await storage.get(key))?.toString()).toBe("hello");
    expect(fs.readdirSync(root, { recursive: true }).map(String)).toContain(path.join(key.slice(0, 2), key));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it("refuses keys that could name another path", async () => {
    for (const bad of ["../../etc/passwd", "a/b", "short", "..", `${"a".repeat(20)}.pdf`]) {
      expect(isStorageKey(bad)).toBe(false);
      expect(await storage.get(bad)).toBeNull();
      await expect(storage.put(bad, Buffer.from("x"))).rejects.toThrow("Invalid storage key");
    }
  });

  it("never overwrites an existing key", async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from("first"));
    await expect(storage.put(key, Buffer.from("second"))).rejects.toThrow();
    expect((await storage.get(key))?.toString()).toBe("first");
  });
});
