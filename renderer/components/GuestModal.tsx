import * as Dialog from "@radix-ui/react-dialog";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useProviders } from "../api/queries.js";
import { PATHS, signInPath } from "../routes/paths.js";
import { Alert } from "./Alert.js";
import { SsoButtons, SsoPendingNote, useSsoSignIn } from "./SsoButtons.js";

interface GuestModalApi {
  /** Invites a guest to sign in or register instead of doing what needs an account; `description` says what for. */
  openGuestModal(description?: string): void;
}

const GuestModalContext = createContext<GuestModalApi | null>(null);

/** Provides the guest modal to the page and renders it. */
export function GuestModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState<string | null>(null);
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  // The modal opens from code, not from a Radix trigger, so remember what had focus to give it back.
  const returnFocus = useRef<HTMLElement | null>(null);
  const openGuestModal = useCallback((text?: string) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDescription(text ?? null);
    setOpen(true);
  }, []);
  const handleCloseAutoFocus = (event: Event) => {
    if (!returnFocus.current?.isConnected) return;
    event.preventDefault();
    returnFocus.current.focus();
  };
  const api = useMemo(() => ({ openGuestModal }), [openGuestModal]);

  const handleNavigate = () => setOpen(false);

  return (
    <GuestModalContext.Provider value={api}>
      {children}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby="guest-modal-text" onCloseAutoFocus={handleCloseAutoFocus}>
            <Dialog.Title className="dialog__title">Sign in to continue</Dialog.Title>
            <Dialog.Description id="guest-modal-text" className="dialog__text">
              {description ?? "Sign in or register to favorite and collect content, and to keep it with your account."}
            </Dialog.Description>
            <div className="dialog__actions">
              <Link className="button button--primary" to={signInPath(returnTo)} onClick={handleNavigate}>
                Sign in
              </Link>
              <Link className="button button--secondary" to={`${PATHS.register}?redirect=${encodeURIComponent(returnTo)}`} onClick={handleNavigate}>
                Register
              </Link>
              <Dialog.Close className="button button--ghost">Close</Dialog.Close>
            </div>
            <GuestSsoButtons returnTo={returnTo} onSignedIn={handleNavigate} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </GuestModalContext.Provider>
  );
}

/**
 * The configured single sign-on providers (second document: "SSO providers come from config"), so a guest can sign in
 * with one from here and come back to this page; `onSignedIn` closes the modal when the desktop signs in in place.
 */
function GuestSsoButtons({ returnTo, onSignedIn }: { returnTo: string; onSignedIn(): void }) {
  const providers = useProviders().data?.providers ?? [];
  const sso = useSsoSignIn(returnTo, onSignedIn);
  return (
    <>
      {sso.error && (
        <Alert tone="danger" onDismiss={sso.clearError}>
          {sso.error}
        </Alert>
      )}
      <SsoButtons providers={providers} returnTo={returnTo} sso={sso} exclude={[]} />
      <SsoPendingNote providers={providers} sso={sso} />
    </>
  );
}

/** Opens the guest modal; must be used under GuestModalProvider. */
export function useGuestModal(): GuestModalApi {
  const api = useContext(GuestModalContext);
  if (!api) throw new Error("useGuestModal needs a GuestModalProvider");
  return api;
}
