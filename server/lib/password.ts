import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

/** scrypt's cost: N (a power of two), r and p. */
export type ScryptCost = { N: number; r: number; p: number };

// scrypt is memory-hard. N=2^15, r=8, p=3 is one of OWASP's equal-cost recommended settings (32 MiB per hash).
const PARAMS = { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * Hashes a password as "scrypt$N$r$p$salt$hash" (base64). The cost is written into the hash and read back by
 * verifyPassword, so a hash made at another cost (the test factories' cheaper one) still verifies.
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...cost, maxmem: PARAMS.maxmem });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, "base64");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(key, expected);
}

let dummyHash_: Promise<string> | undefined;
/** A hash that never matches, so unknown usernames cost the same time as wrong passwords. */
export function dummyHash(): Promise<string> {
  return (dummyHash_ ??= hashPassword(crypto.randomBytes(16).toString("hex")));
}
