import { Router } from "express";
import { CONTACT_MESSAGES, CONTACT_MESSAGES_PER_PAGE, CONTACT_STAFF_MESSAGES, ContactMessageParams, ContactMessagesQuery, ContactMessageUpdate, type ContactMessageUpdateResponse, ContactRequest, ContactRequestWithCaptcha, MAX_ID, MESSAGES, type ContactMessagesResponse, type ContactResponse } from "../../../contract/index.js";
import type { ServerConfig } from "../../config.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { perMinuteLimit } from "../../lib/perMinuteLimit.js";
import { recaptchaConfigured, verifyRecaptcha } from "../../lib/recaptcha.js";
import { parseOr422 } from "../../lib/validate.js";
import { findContactMessage, findContactScreenshot, insertContactMessage, listContactMessages, setContactMessageStatus } from "../../models/contactMessages.js";
import { authenticate, authorize, contactPolicy } from "../../policies/index.js";
import { presentContactMessage } from "../../presenters/contactMessage.js";

/**
 * The contact form (POST /contact/send) and the staff's reading of what was sent (GET /contact/messages, its screenshots),
 * marking each handled or open again (POST /contact/messages/{id}).
 * With both reCAPTCHA keys the form's token is required and checked before anything is stored.
 */
export function contactRouter(db: Db, options: { rateLimit: number; recaptcha: ServerConfig["recaptcha"] }): Router {
  const router = Router();
  // Open to guests, so limited per address as sign-up is: every message sent counts.
  const limiter = perMinuteLimit(db, "contact:", options.rateLimit);
  const captcha = recaptchaConfigured(options.recaptcha);

  router.post("/contact/send", limiter, async (req, res) => {
    authorize(req.actor, contactPolicy.canSend(req.actor));
    const body = parseOr422(captcha ? ContactRequestWithCaptcha : ContactRequest, req.body ?? {});
    if (captcha) await verifyRecaptcha(options.recaptcha, body.recaptcha_token, req.ip, req.log);
    const id = await insertContactMessage(db, { profile_id: req.actor.profile?.id ?? null, name: body.name, email: body.email, message: body.message, screenshot: body.screenshot ?? null, page: body.page ?? null });
    req.log.info({ id, signedIn: req.actor.signedIn }, "contact message received");
    res.json({ success: true, message: CONTACT_MESSAGES.thanks } satisfies ContactResponse);
  });

  router.get("/contact/messages", authenticate(), async (req, res) => {
    authorize(req.actor, contactPolicy.canRead(req.actor));
    const { status, page } = parseOr422(ContactMessagesQuery, req.query);
    const { rows, total } = await listContactMessages(db, status, (page - 1) * CONTACT_MESSAGES_PER_PAGE, CONTACT_MESSAGES_PER_PAGE);
    res.json({ data: rows.map(presentContactMessage), total } satisfies ContactMessagesResponse);
  });

  router.post("/contact/messages/:id", authenticate(), async (req, res) => {
    authorize(req.actor, contactPolicy.canMarkHandled(req.actor));
    const { id } = parseOr422(ContactMessageParams, req.params);
    const { status } = parseOr422(ContactMessageUpdate, req.body ?? {});
    if (!(await findContactMessage(db, id))) throw new HttpError(404, MESSAGES.notFound);
    await setContactMessageStatus(db, id, status, req.actor.profile!.id);
    const message = await findContactMessage(db, id);
    if (!message) throw new HttpError(404, MESSAGES.notFound);
    req.log.info({ id, status }, "contact message marked");
    res.json({ status: "success", message: status === "handled" ? CONTACT_STAFF_MESSAGES.handled : CONTACT_STAFF_MESSAGES.reopened, contact_message: presentContactMessage(message) } satisfies ContactMessageUpdateResponse);
  });

  router.get("/contact/messages/:id/screenshot", authenticate(), async (req, res) => {
    authorize(req.actor, contactPolicy.canRead(req.actor));
    const raw = String(req.params.id);
    const screenshot = /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? await findContactScreenshot(db, Number(raw)) : undefined;
    if (!screenshot) throw new HttpError(404, MESSAGES.notFound);
    res.type("image/jpeg").send(Buffer.from(screenshot.slice(screenshot.indexOf(",") + 1), "base64"));
  });

  return router;
}
