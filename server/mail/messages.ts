import type { MailMessage } from "./transport.js";

/** The site's name as its mails sign. */
const SITE = "Curriculum Commons";

/** How long a password reset link works, in minutes (the mail says so). */
export const RESET_LINK_MINUTES = 60;

/** The password reset mail: the link, how long it works, and what to do when the request was not theirs. */
export function passwordResetMail(input: { to: string; name: string; username: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Reset your ${SITE} password`,
    text: [
      `Hello ${input.name},`,
      "",
      `Someone asked to reset the password of the ${SITE} account "${input.username}". To choose a new password, open this link:`,
      "",
      input.link,
      "",
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
      "",
      SITE,
    ].join("\n"),
  };
}

/** The invite mail: who shared what, and the link that makes the invite the opener's (after signing in or registering). */
export function permissionInviteMail(input: { to: string; inviterName: string; title: string; acceptLink: string; canEdit: boolean }): MailMessage {
  return {
    to: input.to,
    subject: `${input.inviterName} shared "${input.title}" with you`,
    text: [
      "Hello,",
      "",
      `${input.inviterName} invited you to ${input.canEdit ? "view and edit" : "view"} "${input.title}" on ${SITE}.`,
      "",
      "Open this link to accept. You will be asked to sign in, or to create an account, first:",
      "",
      input.acceptLink,
      "",
      "The link works once: it opens the item to the account that accepts it. If you did not expect this mail, you can ignore it.",
      "",
      SITE,
    ].join("\n"),
  };
}
