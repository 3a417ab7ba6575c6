import { EMAIL_CONFIRM_HOURS, INVITE_VALID_DAYS, NOTIFICATION_SETTINGS, type NotificationKind } from "../../contract/index.js";
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

/**
 * The confirmation mail, to the address to confirm (a new one from the Account page, or the one given at registration):
 * the link, how long it works, and that nothing changes if the request was not theirs.
 */
export function emailConfirmationMail(input: { to: string; name: string; username: string; link: string; registered: boolean }): MailMessage {
  return {
    to: input.to,
    subject: `Confirm your ${SITE} e-mail address`,
    text: [
      `Hello ${input.name},`,
      "",
      input.registered
        ? `Welcome to ${SITE}. To confirm that this is the address of your new account "${input.username}", open this link:`
        : `Someone asked to use this address for the ${SITE} account "${input.username}". To confirm it, open this link:`,
      "",
      input.link,
      "",
      `The link works once, for ${EMAIL_CONFIRM_HOURS} hours. Notifications are mailed only to a confirmed address. If you did not ask for this, ignore this mail: nothing changes.`,
      "",
      SITE,
    ].join("\n"),
  };
}

/** The notice to an account's current address that another address was asked for (it changes only once confirmed). */
export function emailChangeNoticeMail(input: { to: string; name: string; username: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    subject: `A new e-mail address was asked for your ${SITE} account`,
    text: [
      `Hello ${input.name},`,
      "",
      `Someone signed in to the ${SITE} account "${input.username}" asked to change its e-mail address to ${input.newEmail}. The address changes only when the link mailed there is opened.`,
      "",
      "If this was not you, sign in, change your password on your Account page, and ignore the link: your address stays as it is.",
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
      `The link works once, for ${INVITE_VALID_DAYS} days: it opens the item to the account that accepts it. If you did not expect this mail, you can ignore it.`,
      "",
      SITE,
    ].join("\n"),
  };
}

/** What each kind of notification says, as a mail's subject (the renderer's Notifications page says the same). */
const NOTIFICATION_SUBJECTS: Record<NotificationKind, (who: string, title: string) => string> = {
  comment_reply: (who, title) => `${who} replied in the discussion of "${title}"`,
  group_discussion: (who, title) => `${who} started a discussion in "${title}"`,
  access_request: (who, title) => `${who} asked for access to "${title}"`,
  access_accepted: (who, title) => `${who} accepted your request for access to "${title}"`,
  access_declined: (who, title) => `${who} declined your request for access to "${title}"`,
  content_reported: (who, title) => `${who} reported content in "${title}"`,
  report_resolved: (_who, title) => `Your report about "${title}" was resolved`,
  group_join_request: (who, title) => `${who} asked to join "${title}"`,
  group_join_approved: (who, title) => `${who} approved your request to join "${title}"`,
  group_join_declined: (who, title) => `${who} declined your request to join "${title}"`,
  recommendation: (who, title) => `${who} recommended "${title}"`,
};

/**
 * One notification as a mail (for a profile that turned on "E-mail me my notifications"): what happened, the excerpt,
 * the absolute link to what it is about, and where to turn these mails off.
 */
export function notificationMail(input: { to: string; name: string; kind: NotificationKind; actorName: string | null; subjectTitle: string; discussionTitle?: string | null; excerpt: string | null; link: string | null; settingsLink: string }): MailMessage {
  const who = input.actorName ?? "Someone";
  const title = oneLine(input.subjectTitle);
  // A reply in a group's discussion names the thread: the group has many.
  const subject = input.kind === "comment_reply" && input.discussionTitle ? `${who} replied to "${oneLine(input.discussionTitle)}" in "${title}"` : NOTIFICATION_SUBJECTS[input.kind](who, title);
  return {
    to: input.to,
    subject,
    text: [
      `Hello ${input.name},`,
      "",
      `${subject}.`,
      ...(input.excerpt ? ["", `"${input.excerpt}"`] : []),
      // A notification that leads nowhere (a declined request for an item shared by link) has no link to open.
      ...(input.link ? ["", "Open it here:", input.link] : []),
      "",
      `You get this mail because "${NOTIFICATION_SETTINGS.email.label}" is on in your notification settings. To stop these mails, turn it off under Manage Notifications on your Notifications page:`,
      input.settingsLink,
      "",
      SITE,
    ].join("\n"),
  };
}

/** Text on one line (a title's line breaks would end a mail's subject header early). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
