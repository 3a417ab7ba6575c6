import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type MouseEvent } from "react";
import { MESSAGES, type ProvidersResponse } from "../../contract/index.js";
import { setCsrfToken } from "../api/client.js";
import { clearPendingRelogin, markPendingRelogin } from "../api/savedRelogins.js";
import { platform } from "../platform/index.js";
import { Icon } from "./Icon.js";

type Provider = ProvidersResponse["providers"][number];

/**
 * Starts single sign-on through the platform (the web goes to the provider in this tab, the desktop through the system
 * browser) and, when the desktop answers, refetches everything as the signed-in person and calls `onSignedIn`.
 */
export function useSsoSignIn(returnTo: string, onSignedIn: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A click while a sign-in waits in the browser (its tab may be closed) starts over: only the latest attempt's answer counts.
  const latest = useRef(0);

  const start = async (provider: { key: string; url: string }, options: { keepRelogin?: boolean } = {}) => {
    const attempt = ++latest.current;
    if (options.keepRelogin ?? true) markPendingRelogin(provider.key);
    setError(null);
    setPending(provider.key);
    try {
      const result = await platform.signIn(provider, returnTo);
      if (attempt !== latest.current) return;
      if (!result.ok) {
        clearPendingRelogin();
        setError(result.message ?? MESSAGES.unexpected);
        return;
      }
      // Signed in on the desktop: every cached answer depended on being a guest.
      setCsrfToken(null);
      await queryClient.invalidateQueries();
      onSignedIn();
    } catch {
      if (attempt !== latest.current) return;
      clearPendingRelogin();
      setError(MESSAGES.unexpected);
    } finally {
      if (attempt === latest.current) setPending(null);
    }
  };
  return { start, pending, error, clearError: () => setError(null) };
}

/** The spec's SSO button: the provider's image when it has one, else a text button "X Sign In". */
function ProviderButton({ provider, returnTo, busy, onStart }: { provider: Provider; returnTo: string; busy: boolean; onStart(provider: Provider): void }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click goes through the platform; a modified one (new tab) is left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // Also while busy: the sign-in waiting in the browser may have lost its tab, and a click starts it over.
    onStart(provider);
  };
  return (
    <a
      className={`button button--secondary sso__button${provider.image ? " sso__button--image" : ""}`}
      href={`${provider.url}?redirect=${encodeURIComponent(returnTo)}`}
      onClick={handleClick}
      aria-busy={busy || undefined}
    >
      {provider.image ? <img src={provider.image} alt={`${provider.label} Sign In`} height={24} /> : `${provider.label} Sign In`}
    </a>
  );
}

interface SsoButtonsProps {
  providers: Provider[];
  returnTo: string;
  sso: ReturnType<typeof useSsoSignIn>;
}

/**
 * The saved re-login buttons: providers this person signed in with on this device (`saved`, most recent first), shown
 * first on the login form (first document), each with a way to forget it.
 */
export function SavedReloginButtons({ providers, returnTo, sso, saved, onForget }: SsoButtonsProps & { saved: string[]; onForget(key: string): void }) {
  const shown = saved.map((key) => providers.find((p) => p.key === key)).filter((p): p is Provider => !!p);
  if (shown.length === 0) return null;
  return (
    <section className="sso sso--saved" aria-labelledby="sso-saved-title">
      <h2 id="sso-saved-title" className="sso__title">
        Sign in again
      </h2>
      <ul className="sso__list">
        {shown.map((provider) => (
          <li key={provider.key} className="sso__saved">
            <ProviderButton provider={provider} returnTo={returnTo} busy={sso.pending === provider.key} onStart={(p) => void sso.start(p)} />
            <button type="button" className="icon-button sso__forget" aria-label={`Forget ${provider.label} on this device`} title="Forget on this device" onClick={() => onForget(provider.key)}>
              <Icon name="close" size={18} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The other providers' buttons (those not among the saved ones), under the password form. */
export function SsoButtons({ providers, returnTo, sso, exclude }: SsoButtonsProps & { exclude: string[] }) {
  const titleId = useId();
  const shown = providers.filter((p) => !exclude.includes(p.key));
  if (shown.length === 0) return null;
  return (
    <section className="sso" aria-labelledby={titleId}>
      <h2 id={titleId} className="sso__title">
        Or sign in with
      </h2>
      <ul className="sso__list">
        {shown.map((provider) => (
          <li key={provider.key}>
            <ProviderButton provider={provider} returnTo={returnTo} busy={sso.pending === provider.key} onStart={(p) => void sso.start(p)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * While a sign-in waits in the browser (the desktop's system browser): where to finish it, and how to start over
 * when that tab was closed. Nothing otherwise.
 */
export function SsoPendingNote({ providers, sso }: { providers: Provider[]; sso: ReturnType<typeof useSsoSignIn> }) {
  const provider = providers.find((p) => p.key === sso.pending);
  return (
    <p className="sso__pending" role="status">
      {provider ? `Finish signing in with ${provider.label} in your browser. Closed it? Choose ${provider.label} again to start over.` : ""}
    </p>
  );
}
