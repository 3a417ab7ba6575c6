import type { Request } from "express";
import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";
import { emailChangeNoticeMail, emailConfirmationMail } from "../mail/messages.js";
import { mailFor, type MailContext } from "../mail/transport.js";
import { createEmailChange } from "../models/emailChanges.js";

/**
 * Mails a confirmation link for `email` to that address (and, for a change, a notice to the account's current one).
 * In the background, after the pending row is stored: a slow mail server never delays the answer.
 */
export async function mailEmailConfirmation(db: Db, req: Request, mail: MailContext, profile: Pick<Profile, "id" | "name" | "username" | "email">, email: string, registered = false): Promise<void> {
  const { mailer, baseUrl } = mailFor(mail, req);
  const token = await createEmailChange(db, profile.id, email);
  const link = `${baseUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
  const username = profile.username ?? "";
  void mailer.send(emailConfirmationMail({ to: email, name: profile.name, username, link, registered }));
  if (profile.email && profile.email.toLowerCase() !== email.toLowerCase()) void mailer.send(emailChangeNoticeMail({ to: profile.email, name: profile.name, username, newEmail: email }));
}
