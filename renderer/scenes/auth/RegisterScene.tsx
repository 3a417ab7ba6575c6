import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MESSAGES, REGISTER_MESSAGES, RESET_MESSAGES, RegisterRequest } from "../../../contract/index.js";
import { ApiError, messageOf } from "../../api/ApiError.js";
import { useCurrentProfile, useRegisterMutation } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { PageTitle } from "../../components/PageTitle.js";
import { showToast } from "../../components/toastStore.js";
import { PATHS, safeRedirect, signInPath } from "../../routes/paths.js";

type Field = "name" | "username" | "email" | "password" | "confirm";
const FIELDS: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: "name", label: "Full name", type: "text", autoComplete: "name" },
  // The characters it takes are told before a refusal, as the password's length is.
  { name: "username", label: "Username (letters, digits, periods, hyphens and underscores)", type: "text", autoComplete: "username" },
  { name: "email", label: "E-mail address", type: "email", autoComplete: "email" },
  { name: "password", label: "Password (at least 8 characters)", type: "password", autoComplete: "new-password" },
  // Typed twice, as on the reset and account pages: a typo in a masked field would lock the new member out.
  { name: "confirm", label: "Repeat the password", type: "password", autoComplete: "new-password" },
];

/** What a new member is told once the account is made: where the confirmation link went, and what it is for. */
const registeredText = (email: string) => `Welcome! We sent a link to ${email}: open it to confirm your address, so that notifications can reach you there.`;

/** Registration page: creates a member account, signs it in, and goes back where the guest came from. */
export function RegisterScene() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profile = useCurrentProfile();
  const registration = useRegisterMutation();
  const redirect = safeRedirect(params.get("redirect")) ?? PATHS.search;
  const [values, setValues] = useState<Record<Field, string>>({ name: "", username: "", email: "", password: "", confirm: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const id = useId();
  const inputId = (field: Field) => `${id}-${field}`;

  const showErrors = (errors: Partial<Record<Field, string>>) => {
    setFieldErrors(errors);
    const first = FIELDS.find((f) => errors[f.name]);
    if (first) document.getElementById(inputId(first.name))?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { confirm, ...request } = values;
    const parsed = RegisterRequest.safeParse(request);
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
    if (!errors.password && confirm !== values.password) errors.confirm = RESET_MESSAGES.mismatch;
    if (!parsed.success || errors.confirm) {
      showErrors(errors);
      return;
    }
    showErrors({});
    setServerError(null);
    try {
      await registration.mutateAsync(parsed.data);
      // Nothing else tells a new member that a mail is waiting, or why it matters.
      showToast(registeredText(parsed.data.email), "info");
      navigate(redirect, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.message === REGISTER_MESSAGES.usernameTaken) showErrors({ username: error.message });
      else setServerError(messageOf(error, MESSAGES.unexpected));
    }
  };

  return (
    <div className="auth-page">
      <PageTitle title="Register" />
      <div className="card auth-card">
        <h1 className="page-title">Create your account</h1>
        {profile ? (
          <p>
            You are signed in as <strong>{profile.name}</strong>. <Link to={redirect}>Continue</Link>
          </p>
        ) : (
          <>
            {serverError && (
              <Alert tone="danger" onDismiss={() => setServerError(null)}>
                {serverError}
              </Alert>
            )}
            <form className="login-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Register">
              {FIELDS.map((f) => (
                <Field key={f.name} id={inputId(f.name)} label={f.label} error={fieldErrors[f.name]}>
                  <input
                    id={inputId(f.name)}
                    className="input"
                    type={f.type}
                    name={f.name}
                    autoComplete={f.autoComplete}
                    value={values[f.name]}
                    onChange={(event) => setValues((v) => ({ ...v, [f.name]: event.target.value }))}
                    {...fieldErrorProps(inputId(f.name), fieldErrors[f.name])}
                    required
                  />
                </Field>
              ))}
              <div className="login-form__actions">
                <button type="submit" className="button button--primary" disabled={registration.isPending} aria-busy={registration.isPending || undefined}>
                  {registration.isPending ? "Creating account…" : "Create account"}
                </button>
              </div>
            </form>
          </>
        )}
        <p className="auth-card__footer">
          Already have an account? <Link to={signInPath(redirect)}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
