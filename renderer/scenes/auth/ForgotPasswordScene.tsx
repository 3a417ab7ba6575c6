import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { ForgotRequest, MESSAGES } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { requestPasswordReset } from "../../api/endpoints.js";
import { Alert } from "../../components/Alert.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { PageTitle } from "../../components/PageTitle.js";
import { safeRedirect, signInPath } from "../../routes/paths.js";

/** Forgot-password page: asks for the e-mail address and shows the server's answer. */
export function ForgotPasswordScene() {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: requestPasswordReset });
  const emailId = useId();
  const [params] = useSearchParams();
  const backToSignIn = signInPath(safeRedirect(params.get("redirect")) ?? undefined);
  // The form goes when the request is sent: focus moves to the way back, not to the top of the page.
  const backLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (reset.isSuccess) backLink.current?.focus();
  }, [reset.isSuccess]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ForgotRequest.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Enter your e-mail address.");
      document.getElementById(emailId)?.focus();
      return;
    }
    setFieldError(null);
    setServerError(null);
    reset.mutate(parsed.data.email, {
      onError: (error) => setServerError(messageOf(error, MESSAGES.unexpected)),
    });
  };

  return (
    <div className="auth-page">
      <PageTitle title="Forgot password" />
      <div className="card auth-card">
        <h1 className="page-title">Forgot your password?</h1>
        {reset.isSuccess ? (
          <Alert tone="success">{reset.data.message}</Alert>
        ) : (
          <>
            <p>Enter the e-mail address of your account and we will send you instructions to reset your password.</p>
            {serverError && (
              <Alert tone="danger" onDismiss={() => setServerError(null)}>
                {serverError}
              </Alert>
            )}
            <form className="login-form" onSubmit={handleSubmit} noValidate>
              <Field id={emailId} label="E-mail address" error={fieldError}>
                <input
                  id={emailId}
                  className="input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  {...fieldErrorProps(emailId, fieldError)}
                  required
                />
              </Field>
              <div className="login-form__actions">
                <button type="submit" className="button button--primary" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
                  {reset.isPending ? "Sending…" : "Send instructions"}
                </button>
              </div>
            </form>
          </>
        )}
        <p className="auth-card__footer">
          <Link ref={backLink} to={backToSignIn}>
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
