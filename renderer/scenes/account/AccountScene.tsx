import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { ACCOUNT_MESSAGES, ChangeEmailRequest, ChangePasswordRequest, MESSAGES, RESET_MESSAGES, type AccountResponse } from "../../../contract/index.js";
import { useAccount, useChangeEmail, useChangePassword } from "../../api/account.js";
import { toApiError } from "../../api/ApiError.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { InlineLoadError } from "../../components/InlineLoadError.js";
import { ManageNotificationsDialog } from "../../components/notifications/ManageNotificationsDialog.js";
import { PageTitle } from "../../components/PageTitle.js";
import { PATHS, signInPath } from "../../routes/paths.js";

/**
 * The signed-in person's Account settings (/account): their sign-in name, a new password (for accounts that have one;
 * SSO-only accounts are told their provider manages it), a new e-mail address, used once its mailed link is opened, their
 * notification settings (the Manage Notifications modal, otherwise found only on the Notifications page and in
 * discussions), and a link to their orders (otherwise reached only from an order's page).
 * Guests are sent to sign in and brought back.
 */
export function AccountScene() {
  const profile = useCurrentProfile();
  const location = useLocation();
  if (profile === null) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return (
    <div className="account-page">
      <PageTitle title="Account settings" />
      <h1 className="page-title">Account settings</h1>
      {profile === undefined ? <p role="status">Loading…</p> : <AccountSections />}
    </div>
  );
}

function AccountSections() {
  const account = useAccount(true);
  if (account.isPending) return <p role="status">Loading your account…</p>;
  if (account.isError) return <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void account.refetch()} />;
  return (
    <>
      <Section title="Sign-in">
        <p>
          You sign in as <strong>{account.data.username}</strong>
          {account.data.sso_provider ? <> through {account.data.sso_provider}</> : null}.
        </p>
      </Section>
      <Section title="Password">{account.data.has_password ? <PasswordForm /> : <p>{ACCOUNT_MESSAGES.ssoOnly}</p>}</Section>
      <Section title="E-mail address">
        <EmailSection account={account.data} />
      </Section>
      <Section title="Notifications">
        <p>
          What you are told about on your <Link to={PATHS.notifications}>Notifications</Link> page, and whether each is also mailed to you.
        </p>
        <NotificationSettings />
      </Section>
      <Section title="Purchases">
        <p>
          What you bought with Buy Now, and whether each order is paid: <Link to={PATHS.orders}>Your orders</Link>.
        </p>
      </Section>
    </>
  );
}

/** Manage Notifications, a button like the page's others (the modal is the Notifications page's). */
function NotificationSettings() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)}>
        Manage Notifications
      </button>
      {open && <ManageNotificationsDialog onClose={() => setOpen(false)} />}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card account-section" aria-labelledby={id}>
      <h2 id={id} className="account-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's fields: their values (all empty at first), ids, errors and error focus (the first field in error takes
 * focus, so it is read out with its message), and `field`, which draws one labelled input; and its save's outcome:
 * `saved` and `refused` for the mutation (a saved form empties and shows the server's message; a refusal's errors go
 * to their fields, or above the form when they name none of them), `notices` to show, `clearNotices` before another try.
 */
function useFormFields<F extends string>(order: readonly F[]) {
  const id = useId();
  const empty = () => Object.fromEntries(order.map((f) => [f, ""])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Errors<F>>({});
  const inputId = (field: F) => `${id}-${field}`;
  const showErrors = (next: Errors<F>) => {
    setErrors(next);
    const first = order.find((f) => next[f]);
    if (first) document.getElementById(inputId(first))?.focus();
  };
  const field = (name: F, label: string, input: { type: "email" | "password"; autoComplete: string }) => (
    <Field id={inputId(name)} label={label} error={errors[name]}>
      <input
        id={inputId(name)}
        className="input"
        type={input.type}
        name={name}
        autoComplete={input.autoComplete}
        value={values[name]}
        onChange={(event) => setValues((all) => ({ ...all, [name]: event.target.value }))}
        {...fieldErrorProps(inputId(name), errors[name])}
        required
      />
    </Field>
  );
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saved = (answer: { message: string }) => {
    setValues(empty());
    setDone(answer.message);
  };
  const refused = async (error: unknown) => {
    const apiError = await toApiError(error);
    const fieldErrors = Object.fromEntries(order.map((f) => [f, apiError.fieldErrors[f]?.[0]])) as Errors<F>;
    if (order.some((f) => fieldErrors[f])) showErrors(fieldErrors);
    else setFailure(apiError.displayMessage);
  };
  const clearNotices = () => {
    setDone(null);
    setFailure(null);
  };
  const notices = (
    <>
      {done && (
        <Alert tone="success" onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {failure && (
        <Alert tone="danger" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </>
  );
  return { values, showErrors, field, saved, refused, clearNotices, notices };
}

type PasswordField = "current_password" | "password" | "confirm";
const PASSWORD_FIELDS = ["current_password", "password", "confirm"] as const;

function PasswordForm() {
  const { values, showErrors, field, saved, refused, clearNotices, notices } = useFormFields<PasswordField>(PASSWORD_FIELDS);
  const change = useChangePassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearNotices();
    const parsed = ChangePasswordRequest.safeParse({ current_password: values.current_password, password: values.password });
    const found: Errors<PasswordField> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as PasswordField] ??= issue.message;
    if (!found.password && values.confirm !== values.password) found.confirm = RESET_MESSAGES.mismatch;
    showErrors(found);
    if (!parsed.success || found.confirm) return;
    change.mutate(parsed.data, { onSuccess: saved, onError: refused });
  };

  return (
    <form className="login-form" onSubmit={handleSubmit} noValidate aria-label="Change password">
      <p className="field__hint">Other devices signed in to your account are signed out when you change it; this one stays signed in.</p>
      {notices}
      {field("current_password", "Current password", { type: "password", autoComplete: "current-password" })}
      {field("password", "New password (at least 8 characters)", { type: "password", autoComplete: "new-password" })}
      {field("confirm", "Repeat the new password", { type: "password", autoComplete: "new-password" })}
      <div className="login-form__actions">
        <button type="submit" className="button button--primary" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? "Saving…" : "Change password"}
        </button>
      </div>
    </form>
  );
}

type EmailField = "email" | "current_password";
const EMAIL_FIELDS = ["email", "current_password"] as const;

function EmailSection({ account }: { account: AccountResponse }) {
  const { values, showErrors, field, saved, refused, clearNotices, notices } = useFormFields<EmailField>(EMAIL_FIELDS);
  const change = useChangeEmail();
  const pendingSame = Boolean(account.email && account.pending_email?.toLowerCase() === account.email.toLowerCase());

  const send = (input: ChangeEmailRequest) => {
    clearNotices();
    change.mutate(input, { onSuccess: saved, onError: refused });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ChangeEmailRequest.safeParse({ email: values.email, ...(account.has_password ? { current_password: values.current_password } : {}) });
    const found: Errors<EmailField> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as EmailField] ??= issue.message;
    showErrors(found);
    if (parsed.success) send(parsed.data);
  };

  return (
    <div className="login-form">
      {account.email ? (
        <p className="account-email">
          <span>{account.email}</span>{" "}
          <span className={`account-email__status account-email__status--${account.email_verified ? "confirmed" : "unconfirmed"}`}>{account.email_verified ? "Confirmed" : "Not confirmed"}</span>
        </p>
      ) : (
        <p>Your account has no e-mail address yet.</p>
      )}
      {!account.email_verified && <p className="field__hint">Notifications are mailed only to a confirmed address.</p>}
      {/* A pending confirmation of the current address (registration's, or one asked for again), or of a new one. */}
      {pendingSame && <p className="account-email__pending">A confirmation link was mailed to this address. Open it to confirm the address.</p>}
      {account.pending_email && !pendingSame && (
        <p className="account-email__pending">
          Waiting for confirmation: <strong>{account.pending_email}</strong>. Open the link we mailed there; your address changes then.
        </p>
      )}
      {notices}
      {account.email && !account.email_verified && (!account.pending_email || pendingSame) && (
        <div>
          <button type="button" className="button button--secondary button--small" disabled={change.isPending} onClick={() => send({ email: account.email! })}>
            Send the confirmation link again
          </button>
        </div>
      )}
      <form className="login-form" onSubmit={handleSubmit} noValidate aria-label="Change e-mail address">
        {field("email", "New e-mail address", { type: "email", autoComplete: "email" })}
        {account.has_password && field("current_password", "Current password", { type: "password", autoComplete: "current-password" })}
        <div className="login-form__actions">
          <button type="submit" className="button button--primary" disabled={change.isPending} aria-busy={change.isPending || undefined}>
            {change.isPending ? "Sending…" : "Send confirmation link"}
          </button>
        </div>
      </form>
    </div>
  );
}
