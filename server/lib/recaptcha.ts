import { z } from "zod";
import { CONTACT_MESSAGES } from "../../contract/index.js";
import type { ServerConfig } from "../config.js";
import { HttpError } from "./errors.js";

type RecaptchaSettings = ServerConfig["recaptcha"];
type Log = { warn: (details: object, message: string) => void };

/** Where the reCAPTCHA widget's scripts come from (for the Content-Security-Policy's script-src). */
export const RECAPTCHA_SCRIPT_SOURCES = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
/** Where its frames come from (frame-src; Google's list adds recaptcha.google.com, its fallback host). */
export const RECAPTCHA_FRAME_SOURCES = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"];

/** Whether the site has both reCAPTCHA keys; without them the contact form has no captcha. */
export const recaptchaConfigured = (settings: RecaptchaSettings): boolean => settings.siteKey !== null && settings.secretKey !== null;

/** The site key browsers draw the checkbox with (GET /app/config), or null when the captcha is off. */
export const recaptchaSiteKey = (settings: RecaptchaSettings): string | null => (recaptchaConfigured(settings) ? settings.siteKey : null);

/** What is read of siteverify's answer. */
const VerifyAnswer = z.object({ success: z.boolean(), "error-codes": z.array(z.string()).optional() });

/** siteverify's error codes that mean the site's own setup is wrong (the secret), not the person's answer. */
const SETUP_ERRORS = new Set(["missing-input-secret", "invalid-input-secret"]);

/** 422 on the captcha's field, with the spec's message. */
const captchaRefused = (): HttpError => new HttpError(422, CONTACT_MESSAGES.captchaRequired, { recaptcha_token: [CONTACT_MESSAGES.captchaRequired] });

/** 503: the check could not be made (the cause goes to the log, never to the client). */
const captchaUnavailable = (): HttpError => new HttpError(503, CONTACT_MESSAGES.captchaUnavailable);

/** Checks a reCAPTCHA token with the verify service: 422 on `recaptcha_token` when missing or refused, 503 when the check cannot be made. */
export async function verifyRecaptcha(settings: RecaptchaSettings, token: string | undefined, remoteIp: string | undefined, log: Log): Promise<void> {
  if (!token) throw captchaRefused();
  let body: unknown;
  try {
    const res = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ secret: settings.secretKey ?? "", response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) }).toString(),
      redirect: "error",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!res.ok) {
      await res.arrayBuffer();
      log.warn({ status: res.status }, "reCAPTCHA's siteverify failed");
      throw captchaUnavailable();
    }
    body = await res.json();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "reCAPTCHA's siteverify did not answer");
    throw captchaUnavailable();
  }
  const answer = VerifyAnswer.safeParse(body);
  if (!answer.success) {
    log.warn({ issue: answer.error.issues[0]?.message }, "reCAPTCHA's siteverify answered an unexpected shape");
    throw captchaUnavailable();
  }
  if (answer.data.success) return;
  const codes = answer.data["error-codes"] ?? [];
  if (codes.some((code) => SETUP_ERRORS.has(code))) {
    log.warn({ codes }, "reCAPTCHA refused the site's secret (RECAPTCHA_SECRET_KEY)");
    throw captchaUnavailable();
  }
  throw captchaRefused();
}
