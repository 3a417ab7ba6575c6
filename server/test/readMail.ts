import fs from "node:fs/promises";
import path from "node:path";

/** A mail as a test reads it: its headers (lowercased names), the addresses it was sent to, and its decoded text. */
export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  to: string;
  text: string;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReadMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return found;
}

/** A header value with its RFC 2047 encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

/** Reads a single-part text mail as nodemailer writes it (7bit or quoted-printable body). */
export function readMail(raw: string): ReadMail {
  const normalized = raw.replace(/\r\n/g, "\n");
  const split = normalized.indexOf("\n\n");
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, " ");
  const body = normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const quotedPrintable = headers["content-transfer-encoding"]?.toLowerCase() === "quoted-printable";
  const text = quotedPrintable ? Buffer.from(body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8") : body;
  return { headers, subject: headers.subject ?? "", to: headers.to ?? "", text };
}

/** The mails in a server's outbox folder (DATA_DIR/outbox), oldest first; none when it does not exist yet. */
export async function outboxMails(dataDir: string): Promise<ReadMail[]> {
  const dir = path.join(dataDir, "outbox");
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.filter((f) => f.endsWith(".eml")).sort().map(async (f) => readMail(await fs.readFile(path.join(dir, f), "utf8"))));
}

/** Polls until `find` answers something (a mail arrives), or fails after `timeoutMs`. */
export async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error("timed out waiting for a mail");
    await new Promise((r) => setTimeout(r, 25));
  }
}
