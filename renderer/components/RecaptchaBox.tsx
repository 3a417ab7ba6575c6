import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { CONTACT_MESSAGES } from "../../contract/index.js";

/** The part of Google's reCAPTCHA v2 script (window.grecaptcha) this app uses. */
interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: { sitekey: string; callback(token: string): void; "expired-callback"(): void; "error-callback"(): void }): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Google's script, loaded without drawing anything by itself: the box is drawn where and when this component says. */
const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js?render=explicit";

let loading: Promise<Grecaptcha> | null = null;

/** Loads Google's reCAPTCHA script once for the page (a failed load is tried again next time). */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha!)) : reject(new Error("reCAPTCHA's script defined no grecaptcha")));
    script.onerror = () => reject(new Error("reCAPTCHA's script could not be loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** What a form may ask of the box: a fresh box, after a send that used its token. */
export interface RecaptchaHandle {
  reset(): void;
}

/**
 * The reCAPTCHA (v2) checkbox, drawn with the site key; `onToken` (a stable function: a change draws the box again) gets
 * its answer when it is ticked and null when the answer expires or is reset. The error shows under the box as a field's
 * does (`${id}-error`).
 */
export function RecaptchaBox({ id, siteKey, error, onToken, ref }: { id: string; siteKey: string; error?: string | null; onToken(token: string | null): void; ref?: Ref<RecaptchaHandle> }) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    // A container of its own each time: Google's render refuses an element it drew in before (StrictMode draws twice).
    const container = document.createElement("div");
    host.current?.append(container);
    loadRecaptcha().then(
      (api) => {
        if (cancelled) return;
        const widgetId = api.render(container, {
          sitekey: siteKey,
          callback: (token) => onToken(token),
          "expired-callback": () => onToken(null),
          "error-callback": () => onToken(null),
        });
        widget.current = { api, id: widgetId };
      },
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
      widget.current = null;
      container.remove();
    };
  }, [siteKey, onToken]);

  useImperativeHandle(ref, () => ({
    reset() {
      if (widget.current) widget.current.api.reset(widget.current.id);
      onToken(null);
    },
  }), [onToken]);

  const shown = error ?? (loadFailed ? CONTACT_MESSAGES.captchaLoadFailed : null);
  return (
    <div className="field">
      <div id={id} ref={host} className="recaptcha" />
      {shown && (
        <p id={`${id}-error`} className="field__error">
          {shown}
        </p>
      )}
    </div>
  );
}
