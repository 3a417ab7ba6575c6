import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { CONTACT_MESSAGES, CONTACT_SCREENSHOT_MAX_CHARS, ContactRequest, ContactRequestWithCaptcha, MESSAGES } from "../../contract/index.js";
import { ApiError, messageOf } from "../api/ApiError.js";
import { sendContactMessage } from "../api/contact.js";
import { useAppConfig, useCurrentProfile } from "../api/queries.js";
import { useInvalidShake } from "../hooks/useInvalidShake.js";
import { Alert } from "./Alert.js";
import { Field, fieldErrorProps } from "./Field.js";
import { CloseActions, DialogActions, ModalFrame } from "./ModalFrame.js";
import { capturePage } from "./pageCapture.js";
import { RecaptchaBox, type RecaptchaHandle } from "./RecaptchaBox.js";

type FieldName = "name" | "email" | "message";
/** The fields a message can be refused on: the typed ones and the captcha's token. */
type CheckedName = FieldName | "recaptcha_token";

/**
 * The contact/feedback dialog (id feedbackModal): name, email, message and an optional screenshot of the page. The
 * fields are checked with the contract's messages before sending (a failed check sends nothing); the server's refusal
 * shows in a dismissible danger alert; success replaces the form with the thank-you text. With a reCAPTCHA site key in
 * the app configuration the reCAPTCHA checkbox comes last, its answer required before sending (the spec's message under
 * it otherwise, or when the server refuses the answer) and drawn afresh after each failed send, whose answer is spent.
 * A signed-in person finds their profile's name and e-mail address already filled in.
 */
export function ContactDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const profile = useCurrentProfile();
  // A signed-in person's own name and address are filled in (still editable); a guest starts with empty fields.
  const [values, setValues] = useState<Record<FieldName, string>>({ name: profile?.name ?? "", email: profile?.email ?? "", message: "" });
  const [errors, setErrors] = useState<Partial<Record<CheckedName, string>>>({});
  const siteKey = useAppConfig().data?.recaptcha_site_key ?? null;
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captcha = useRef<RecaptchaHandle>(null);
  // Ticking the box answers its message; stable, as the box asks of its onToken.
  const handleCaptchaToken = useCallback((token: string | null) => {
    setCaptchaToken(token);
    if (token) setErrors(({ recaptcha_token: _answered, ...rest }) => rest);
  }, []);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [screenshotNote, setScreenshotNote] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const inputId = (field: FieldName) => `${id}-${field}`;
  const { shake, shakeClass } = useInvalidShake();

  const handleScreenshotChange = async (checked: boolean) => {
    setScreenshotNote(null);
    // Unticking discards the capture (second document, section 4).
    if (!checked) return setScreenshot(null);
    setCapturing(true);
    const captured = await capturePage();
    setCapturing(false);
    if (captured && captured.length > CONTACT_SCREENSHOT_MAX_CHARS) setScreenshotNote(CONTACT_MESSAGES.screenshotTooLarge);
    else if (!captured) setScreenshotNote("The page could not be captured. You can still send your message.");
    else setScreenshot(captured);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = { ...values, ...(screenshot ? { screenshot } : {}), page: window.location.pathname + window.location.search };
    const parsed = siteKey ? ContactRequestWithCaptcha.safeParse({ ...form, recaptcha_token: captchaToken ?? "" }) : ContactRequest.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<CheckedName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as CheckedName] ??= issue.message;
      setErrors(next);
      const first = (["name", "email", "message"] as const).find((f) => next[f]);
      if (first) document.getElementById(inputId(first))?.focus();
      // A simple-form dialog shakes when its required fields are not all filled (second document section 5).
      shake();
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      await sendContactMessage(parsed.data);
      setSent(true);
    } catch (error) {
      const refusedCaptcha = siteKey && error instanceof ApiError ? error.fieldErrors.recaptcha_token?.[0] : undefined;
      if (refusedCaptcha) setErrors({ recaptcha_token: refusedCaptcha });
      else setFailure(messageOf(error, MESSAGES.unexpected));
      // The server checked (and so spent) the answer, or may have: the next send needs the box ticked again.
      captcha.current?.reset();
    } finally {
      setSending(false);
    }
  };

  const field = (name: FieldName, label: string, input: (props: { id: string; value: string; onChange(value: string): void }) => ReactNode) => (
    <Field id={inputId(name)} label={label} error={errors[name]}>
      {input({ id: inputId(name), value: values[name], onChange: (value) => setValues((v) => ({ ...v, [name]: value })) })}
    </Field>
  );

  return (
    <ModalFrame
      id="feedbackModal"
      title="Contact us"
      className={`dialog${shakeClass}`}
      description={sent ? undefined : "Questions, problems or requests: tell us and we will get back to you."}
      onClose={onClose}
      contentProps={{
        // With name and address filled in, the person starts at what is left to write: the first empty field.
        onOpenAutoFocus: (event) => {
          const first = (["name", "email", "message"] as const).find((f) => !values[f]);
          if (!first || first === "name") return;
          event.preventDefault();
          document.getElementById(inputId(first))?.focus();
        },
      }}
    >
      {sent ? (
        <div role="status" className="contact-thanks">
          <p className="contact-thanks__lead">{CONTACT_MESSAGES.thanksLead}</p>
          <p>{CONTACT_MESSAGES.thanks}</p>
          <CloseActions />
        </div>
      ) : (
        <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Contact us">
          {field("name", "Your name", (p) => (
            <input id={p.id} className="input" autoComplete="name" maxLength={255} value={p.value} onChange={(e) => p.onChange(e.target.value)} {...fieldErrorProps(p.id, errors.name)} />
          ))}
          {field("email", "Your email address", (p) => (
            <input id={p.id} className="input" type="email" autoComplete="email" maxLength={255} value={p.value} onChange={(e) => p.onChange(e.target.value)} {...fieldErrorProps(p.id, errors.email)} />
          ))}
          {field("message", "Message", (p) => (
            <>
              <p id={`${p.id}-hint`} className="field__hint">
                {CONTACT_MESSAGES.hint}
              </p>
              <textarea
                id={p.id}
                className="input"
                rows={5}
                maxLength={5000}
                value={p.value}
                onChange={(e) => p.onChange(e.target.value)}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${p.id}-hint ${p.id}-error` : `${p.id}-hint`}
              />
            </>
          ))}
          <label className="choice">
            <input type="checkbox" checked={screenshot !== null || capturing} disabled={capturing} onChange={(e) => void handleScreenshotChange(e.target.checked)} /> Include a screenshot of this page
          </label>
          <p className="field__hint" role="status">
            {capturing ? "Taking the screenshot…" : screenshotNote ?? (screenshot ? "A screenshot of this page will be sent with your message." : "")}
          </p>
          {siteKey && <RecaptchaBox ref={captcha} id={`${id}-captcha`} siteKey={siteKey} error={errors.recaptcha_token} onToken={handleCaptchaToken} />}
          {failure && (
            <Alert tone="danger" onDismiss={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <DialogActions label="Send" busyLabel="Sending…" busy={sending || capturing} />
        </form>
      )}
    </ModalFrame>
  );
}
