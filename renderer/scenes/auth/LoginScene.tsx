import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { RESET_MESSAGES, SSO_ERRORS, type SignInResponse } from "../../../contract/index.js";
import { useCurrentProfile, useProviders } from "../../api/queries.js";
import { clearPendingRelogin, forgetRelogin, savedRelogins } from "../../api/savedRelogins.js";
import { Alert } from "../../components/Alert.js";
import { LoginForm } from "../../components/LoginForm.js";
import { PageTitle } from "../../components/PageTitle.js";
import { SavedReloginButtons, SsoButtons, SsoPendingNote, useSsoSignIn } from "../../components/SsoButtons.js";
import { PATHS, inAppPath, safeRedirect } from "../../routes/paths.js";

const SSO_ERROR_TEXTS: readonly string[] = Object.values(SSO_ERRORS);

/**
 * Why a single sign-on did not work, from the URL the server sent the browser back to: one of the server's own texts,
 * never the words of a crafted link shown in the page's own alert ("call this number to unlock your account").
 */
const ssoErrorText = (value: string | null): string | null => (value === null ? null : SSO_ERROR_TEXTS.includes(value) ? value : SSO_ERRORS.failed);

/** The sign-in page; afterwards it goes to the answer's redirectTo, else ?redirect, else the search screen. */
export function LoginScene() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profile = useCurrentProfile();
  const providers = useProviders();
  const redirect = safeRedirect(params.get("redirect")) ?? PATHS.search;
  const ssoError = ssoErrorText(params.get("sso_error"));
  // Back from setting a new password (the reset page sends people here to sign in with it).
  const [passwordChanged, setPasswordChanged] = useState(params.get("reset") === "done");
  const [saved, setSaved] = useState(savedRelogins);
  const sso = useSsoSignIn(redirect, () => navigate(redirect, { replace: true }));

  // The provider sent the browser back with an error: that sign-in is not one to remember.
  useEffect(() => {
    if (ssoError) clearPendingRelogin();
  }, [ssoError]);

  const handleSuccess = (response: SignInResponse) => {
    if (response.redirectTo) {
      const path = inAppPath(response.redirectTo);
      if (path) navigate(path, { replace: true });
      else window.location.assign(response.redirectTo);
      return;
    }
    navigate(redirect, { replace: true });
  };

  const handleForget = (key: string) => {
    forgetRelogin(key);
    setSaved(savedRelogins());
  };

  const ssoProviders = providers.data?.providers ?? [];

  return (
    <div className="auth-page">
      <PageTitle title="Sign in" />
      <div className="card auth-card">
        <h1 className="page-title">Sign in</h1>
        {profile ? (
          <p>
            You are signed in as <strong>{profile.name}</strong>. <Link to={redirect}>Continue</Link>
          </p>
        ) : (
          <>
            {passwordChanged && (
              <Alert tone="success" onDismiss={() => setPasswordChanged(false)}>
                {RESET_MESSAGES.done}
              </Alert>
            )}
            {sso.error && (
              <Alert tone="danger" onDismiss={sso.clearError}>
                {sso.error}
              </Alert>
            )}
            <SavedReloginButtons providers={ssoProviders} returnTo={redirect} sso={sso} saved={saved} onForget={handleForget} />
            <LoginForm onSuccess={handleSuccess} initialError={ssoError} returnTo={redirect} />
            <SsoButtons providers={ssoProviders} returnTo={redirect} sso={sso} exclude={saved} />
            <SsoPendingNote providers={ssoProviders} sso={sso} />
            <p className="auth-card__footer">
              New here? <Link to={`${PATHS.register}?redirect=${encodeURIComponent(redirect)}`}>Create an account</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
