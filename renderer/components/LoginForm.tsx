import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MESSAGES, SignInRequest, type SignInResponse } from "../../contract/index.js";
import { messageOf } from "../api/ApiError.js";
import type { SignInInput } from "../api/endpoints.js";
import { useSignInMutation } from "../api/queries.js";
import { PATHS } from "../routes/paths.js";
import { Alert } from "./Alert.js";
import { Icon } from "./Icon.js";
import { useSsoSignIn } from "./SsoButtons.js";
import { remembersAutoRedirect, SsoRedirectDialog, type SsoRedirect } from "./SsoRedirectDialog.js";

interface LoginFormProps {
  /** Called after a successful sign-in (queries are already refetched), with the server's answer. */
  onSuccess(response: SignInResponse): void;
  /** When given, a Cancel button is shown (for the form inside a dialog). */
  onCancel?: () => void;
  /** An error to show when the form opens (e.g. why a single sign-on attempt failed). */
  initialError?: string | null;
  /** Where to come back to after a single sign-on the server sends the account to. */
  returnTo?: string;
}

type FieldErrors = Partial<Record<"username" | "password", string>>;

/** The login form: username, password with a reveal toggle, remember me, forgot-password link. */
export function LoginForm({ onSuccess, onCancel, initialError = null, returnTo }: LoginFormProps) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(initialError);
  const [sso, setSso] = useState<SsoRedirect | null>(null);
  const signIn = useSignInMutation();
  // Where the server's SSO answer sends the account: after the desktop's sign-in, the form is done like any other.
  const ssoSignIn = useSsoSignIn(returnTo ?? PATHS.search, () => onSuccess({}));
  const keepRelogin = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = { username: `${id}-username`, password: `${id}-password`, remember: `${id}-remember` };

  const showServerError = (message: string) => {
    setServerError(message);
    passwordRef.current?.focus();
    passwordRef.current?.select();
  };

  /** The account signs in with a provider: go there at once if this browser said so, else ask first. */
  const handleSsoRedirect = (response: SignInResponse & { redirect: string }) => {
    // The answer's redirect is the provider's start URL, /auth/sso/{key}.
    const key = /\/auth\/sso\/([^/?#]+)/.exec(response.redirect)?.[1] ?? "";
    const redirect: SsoRedirect = {
      provider: { key, url: response.redirect },
      rememberKey: response.remember_key ?? null,
      heading: response.heading ?? "Single sign-on",
      message: response.message ?? "",
      cta: response.cta || "Connect",
    };
    keepRelogin.current = response.show_relogin_button === true;
    if (remembersAutoRedirect(redirect.rememberKey)) {
      void ssoSignIn.start(redirect.provider, { keepRelogin: keepRelogin.current });
      return;
    }
    setSso(redirect);
  };

  const handleSsoContinue = () => {
    if (!sso) return;
    setSso(null);
    void ssoSignIn.start(sso.provider, { keepRelogin: keepRelogin.current });
  };

  // mutateAsync rather than mutate's callbacks: a successful sign-in can unmount this form (the page
  // now has a profile) before those callbacks would run, and the caller still has to navigate.
  const submit = async (input: SignInInput) => {
    try {
      const response = await signIn.mutateAsync(input);
      const [first] = response.errors ?? [];
      if (first) showServerError(first);
      else if (response.redirect) handleSsoRedirect({ ...response, redirect: response.redirect });
      else onSuccess(response);
    } catch (error) {
      showServerError(messageOf(error, MESSAGES.unexpected));
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SignInRequest.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "username" || field === "password") && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      (errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setFieldErrors({});
    setServerError(null);
    void submit({ username: parsed.data.username, password, remember });
  };

  const describedBy = (field: keyof FieldErrors) => (fieldErrors[field] ? `${ids[field]}-error` : undefined);

  return (
    <form className="login-form" onSubmit={handleSubmit} noValidate aria-label="Sign in">
      {(serverError ?? ssoSignIn.error) && (
        <Alert
          tone="danger"
          onDismiss={() => {
            setServerError(null);
            ssoSignIn.clearError();
          }}
        >
          {serverError ?? ssoSignIn.error}
        </Alert>
      )}

      <div className="field">
        <label className="field__label" htmlFor={ids.username}>
          Username
        </label>
        <input
          ref={usernameRef}
          id={ids.username}
          className="input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={fieldErrors.username ? true : undefined}
          aria-describedby={describedBy("username")}
          required
        />
        {fieldErrors.username && (
          <p id={`${ids.username}-error`} className="field__error">
            {fieldErrors.username}
          </p>
        )}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={ids.password}>
          Password
        </label>
        <div className="password-field">
          <input
            ref={passwordRef}
            id={ids.password}
            className="input"
            name="password"
            type={revealed ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describedBy("password")}
            required
          />
          <button
            type="button"
            className="icon-button password-field__toggle"
            aria-pressed={revealed}
            aria-controls={ids.password}
            // One name whatever the state: aria-pressed says whether it is shown (a name that flipped to "Hide password"
            // would be read "Hide password, pressed", which says the opposite). The tooltip names what a click does.
            aria-label="Show password"
            title={revealed ? "Hide password" : "Show password"}
            onClick={() => setRevealed(!revealed)}
          >
            <Icon name={revealed ? "eyeOff" : "eye"} />
          </button>
        </div>
        {fieldErrors.password && (
          <p id={`${ids.password}-error`} className="field__error">
            {fieldErrors.password}
          </p>
        )}
      </div>

      <div className="login-form__row">
        <label className="check" htmlFor={ids.remember}>
          <input id={ids.remember} type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span className="check__label">Remember me</span>
        </label>
        {/* Carries where to come back to (the search screen, the default, needs no carrying), so "Back to sign in" still returns there. */}
        <Link to={returnTo && returnTo !== PATHS.search ? `${PATHS.forgot}?redirect=${encodeURIComponent(returnTo)}` : PATHS.forgot}>Forgot password?</Link>
      </div>

      <div className="login-form__actions">
        <button type="submit" className="button button--primary" disabled={signIn.isPending} aria-busy={signIn.isPending || undefined}>
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {sso && <SsoRedirectDialog sso={sso} onCancel={() => setSso(null)} onContinue={handleSsoContinue} />}
    </form>
  );
}
