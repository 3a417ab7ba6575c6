import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Request } from "express";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

/** One plain-text mail to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the site's mail. */
export interface Mailer {
  /**
   * Sends in the background: callers do not wait for it (`void mailer.send(...)`), so a slow or failing mail server
   * never delays or fails the answer that caused the mail. Never rejects; a failure is logged. Resolves when done.
   */
  send(message: MailMessage): Promise<void>;
}

/** What routes that send mail are given: the mailer, and the absolute address of this site for links in mails. */
export interface MailContext {
  mailer: Mailer;
  /** PUBLIC_URL, else this server's own address as the request reached it (no trailing slash). */
  baseUrl(req: Request): string;
}

/** A MailContext as one request resolves it: the mailer, and the site's absolute address for the links of its mails. */
export interface RequestMail {
  mailer: Mailer;
  /** No trailing slash. */
  baseUrl: string;
}

/** The mail context resolved for this request (its site address, from PUBLIC_URL or the address the request reached). */
export function mailFor(mail: MailContext, req: Request): RequestMail {
  return { mailer: mail.mailer, baseUrl: mail.baseUrl(req) };
}

/** How long an SMTP conversation may stall before the mail counts as failed. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mailer: SMTP to `smtpUrl` when given (smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS
 * from the start), else each mail as an .eml file in `outboxDir`, with one log line naming the file.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }, logger: Logger): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const deliver = async (message: MailMessage): Promise<string | null> => {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (options.smtpUrl) return null;
    await fs.mkdir(options.outboxDir, { recursive: true });
    // Time first, so a folder listing is in the order the mails were written.
    const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    return file;
  };
  return {
    async send(message) {
      try {
        const file = await deliver(message);
        if (file) logger.info({ file, subject: message.subject }, `mail written to ${file}`);
        else logger.info({ subject: message.subject }, "mail sent");
      } catch (err) {
        logger.error({ err, subject: message.subject }, "mail could not be sent");
      }
    },
  };
}
