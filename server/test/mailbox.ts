import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { readMail, waitFor, type ReadMail } from "./readMail.js";

export { linkIn, outboxMails, readMail, waitFor, type ReadMail } from "./readMail.js";

/** A real SMTP server on 127.0.0.1 (no TLS, password auth) that keeps what it receives. */
export interface TestMailbox {
  /** SMTP_URL for the server under test, with the mailbox's user and password. */
  url: string;
  /** What arrived, oldest first, with the SMTP envelope's recipients. */
  received: (ReadMail & { envelopeTo: string[]; user: string | undefined })[];
  /** The first mail to `to` that arrives (or arrived), waiting up to `timeoutMs`. */
  next(to: string, timeoutMs?: number): Promise<ReadMail>;
  close(): Promise<void>;
}

/** Starts a TestMailbox; it accepts only the user "mailer" with the password "mail-secret". */
export async function startMailbox(): Promise<TestMailbox> {
  const received: TestMailbox["received"] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "mail-secret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ ...readMail(Buffer.concat(chunks).toString("utf8")), envelopeTo: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
    received,
    next: (to, timeoutMs) => waitFor(() => received.find((m) => m.envelopeTo.includes(to)), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
