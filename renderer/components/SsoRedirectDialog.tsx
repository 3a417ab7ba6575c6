import { useId, useState } from "react";
import { platform } from "../platform/index.js";
import { DialogActions, ModalFrame } from "./ModalFrame.js";

/** What the server said about an account that signs in with a provider (from the POST /auth answer). */
export interface SsoRedirect {
  /** The provider's key and start URL (the answer's `redirect`, /auth/sso/{key}). */
  provider: { key: string; url: string };
  rememberKey: string | null;
  heading: string;
  message: string;
  cta: string;
}

const storageKey = (rememberKey: string) => `sso-auto-redirect.${rememberKey}`;

/** True when this browser was told to go to this provider without asking. */
export const remembersAutoRedirect = (rememberKey: string | null): boolean => !!rememberKey && platform.storage.get(storageKey(rememberKey)) === "1";

/**
 * Asks before going to the provider, with "Redirect me automatically in the future" remembered locally; `onContinue`
 * starts the sign-in the platform's way (this tab on the web, the system browser on the desktop).
 */
export function SsoRedirectDialog({ sso, onCancel, onContinue }: { sso: SsoRedirect; onCancel(): void; onContinue(): void }) {
  const [remember, setRemember] = useState(false);
  const id = useId();

  const handleContinue = () => {
    if (remember && sso.rememberKey) platform.storage.set(storageKey(sso.rememberKey), "1");
    onContinue();
  };

  return (
    <ModalFrame title={sso.heading} description={sso.message} onClose={onCancel}>
      {sso.rememberKey && (
        <label className="check" htmlFor={`${id}-remember`}>
          <input id={`${id}-remember`} type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span className="check__label">Redirect me automatically in the future</span>
        </label>
      )}
      <DialogActions label={sso.cta} onAction={handleContinue} />
    </ModalFrame>
  );
}
