import crypto from "node:crypto";

/** A secret for a link mailed to someone (a password reset, an invite): 256 random bits, URL-safe. */
export const newSecretToken = (): string => crypto.randomBytes(32).toString("base64url");

/** What the database keeps of such a secret: its SHA-256, hex (so a copy of the database opens no link). */
export const hashSecretToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");
