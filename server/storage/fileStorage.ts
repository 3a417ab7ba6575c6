import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live: a local folder by default; an object store could implement the same three calls. */
export interface FileStorage {
  /** Stores bytes under a key made by newStorageKey(). */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a stored file; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A new random storage key (URL-safe, 32 characters): never derived from a user's file name. */
export function newStorageKey(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** True for a string shaped like a storage key (so a request path can never climb out of the folder). */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error("Invalid storage key");
  return key;
}

/** Files in one local folder, fanned out by the key's first two characters. */
export function localFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // wx: a key collision must never overwrite someone else's file.
      await fs.writeFile(file, data, { flag: "wx" });
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** The server's own uploads: DATA_DIR/uploads (the app serves them; the demo seed stores its sample files there). */
export const uploadsStorage = (dataDir: string): FileStorage => localFileStorage(path.join(dataDir, "uploads"));
