import crypto from "node:crypto";

/** The version tag of the stored format, so a later key or cipher change can tell old values apart. */
const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts and decrypts secrets kept at rest (third-party OAuth tokens) with AES-256-GCM. The key is derived with
 * HKDF-SHA256 from a secret the caller has from the environment, never from the database (Zoom's tokens: the Zoom
 * app's client secret), and a purpose, so a copy of the database alone does not reveal what it seals.
 * Each value gets a fresh random IV; the stored text is `v1:` + base64url(iv | tag | ciphertext).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    if (!secret) throw new Error("SecretBox needs a secret.");
    this.key = Buffer.from(crypto.hkdfSync("sha256", secret, "curriculum-commons", purpose, 32));
  }

  /** The stored form of a secret. */
  seal(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** The secret a stored value holds, or null when it was not sealed with this key (or was altered). */
  open(sealed: string): string | null {
    if (!sealed.startsWith(PREFIX)) return null;
    const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}
