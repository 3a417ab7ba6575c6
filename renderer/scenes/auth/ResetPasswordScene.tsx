import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MESSAGES, RESET_MESSAGES, ResetPasswordRequest } from "../../../contract/index.js";
import { ApiError, messageOf } from "../../api/ApiError.js";
import { resetPassword } from "../../api/endpoints.js";
import { Alert } from "../../components/Alert.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { PageTitle } from "../../components/PageTitle.js";
import { PATHS } from "../../routes/paths.js";

type PasswordField = "password" | "confirm";

/**
 * The page a password reset mail links to (/auth/reset?token=...): the new password twice, under registration's
 * rules. Success goes to the sign-in page with a success message rather than signing in here: the person signs in with
 * the new password once (which lets the browser offer to save it), through the one sign-in path with its rate limit
 * and "remember me". A link that is incomplete, used or expired shows why, with the way to ask for a new one.
 */
export function ResetPasswordScene() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token")?.trim() ?? "";
  const [values, setValues] = useState<Record<PasswordField, string>>({ password: "", confirm: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [linkError, setLinkError] = useState<string | null>(token ? null : RESET_MESSAGES.tokenRequired);
  const [serverError, setServerError] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: resetPassword });
  const id = useId();
  const inputId = (field: PasswordField) => `${id}-${field}`;
  // The form goes when the link turns out not to work: focus moves to the way forward, not to the top of the page.
  const askAgain = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (linkError && reset.isError) askAgain.current?.focus();
  }, [linkError, reset.isError]);

  const showErrors = (errors: Partial<Record<PasswordField, string>>) => {
    setFieldErrors(errors);
    const first = (["password", "confirm"] as const).find((f) => errors[f]);
    if (first) document.getElementById(inputId(first))?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ResetPasswordRequest.safeParse({ token, password: values.password });
    const passwordError = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "password")?.message;
    if (passwordError) return showErrors({ password: passwordError });
    if (values.confirm !== values.password) return showErrors({ confirm: RESET_MESSAGES.mismatch });
    if (!parsed.success) return setLinkError(parsed.error.issues[0]?.message ?? RESET_MESSAGES.tokenInvalid);
    showErrors({});
    setServerError(null);
    reset.mutate(parsed.data, {
      onSuccess: () => navigate(`${PATHS.login}?reset=done`, { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setLinkError(error.displayMessage);
        else if (error instanceof ApiError && error.fieldErrors.password?.[0]) showErrors({ password: error.fieldErrors.password[0] });
        else setServerError(messageOf(error, MESSAGES.unexpected));
      },
    });
  };

  const field = (name: PasswordField, label: string) => (
    <Field id={inputId(name)} label={label} error={fieldErrors[name]}>
      <input
        id={inputId(name)}
        className="input"
        type="password"
        name={name}
        autoComplete="new-password"
        value={values[name]}
        onChange={(event) => setValues((all) => ({ ...all, [name]: event.target.value }))}
        {...fieldErrorProps(inputId(name), fieldErrors[name])}
        required
      />
    </Field>
  );

  return (
    <div className="auth-page">
      <PageTitle title="Choose a new password" />
      <div className="card auth-card">
        <h1 className="page-title">Choose a new password</h1>
        {linkError ? (
          <>
            <Alert tone="danger">{linkError}</Alert>
            <p>
              <Link ref={askAgain} to={PATHS.forgot}>
                Ask for a new reset link
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>Enter your new password twice. Afterwards you sign in with it, and every other device signed in to your account is signed out.</p>
            {serverError && (
              <Alert tone="danger" onDismiss={() => setServerError(null)}>
                {serverError}
              </Alert>
            )}
            <form className="login-form" onSubmit={handleSubmit} noValidate>
              {field("password", "New password (at least 8 characters)")}
              {field("confirm", "Repeat the new password")}
              <div className="login-form__actions">
                <button type="submit" className="button button--primary" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
                  {reset.isPending ? "Saving…" : "Set new password"}
                </button>
              </div>
            </form>
          </>
        )}
        <p className="auth-card__footer">
          <Link to={PATHS.login}>Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
