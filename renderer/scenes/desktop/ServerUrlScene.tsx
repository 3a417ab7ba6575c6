import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MESSAGES, SERVER_URL_REQUIRED } from "../../../contract/index.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { platform } from "../../platform/index.js";

/**
 * The desktop's first run (no server chosen yet): asks for the platform server's address. The desktop checks that a
 * platform server answers its GET /app/config there before it keeps the address and opens the server's pages.
 */
export function ServerUrlScene() {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  useEffect(() => {
    document.title = "Connect to a server";
  }, []);

  const showError = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = url.trim();
    if (!address) {
      showError(SERVER_URL_REQUIRED);
      return;
    }
    setError(null);
    setChecking(true);
    try {
      // On success the desktop leaves this page for the server's own, so there is nothing more to do here.
      const result = await platform.setServerUrl(address);
      if (!result.ok) showError(result.message ?? MESSAGES.unexpected);
    } catch {
      showError(MESSAGES.unexpected);
    } finally {
      setChecking(false);
    }
  };

  const errorProps = fieldErrorProps(inputId, error);
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">Connect to a server</h1>
        <p id={hintId}>Enter the address of the platform server your school or organization uses, for example https://learn.example.org.</p>
        <form className="login-form" onSubmit={handleSubmit} noValidate>
          <Field id={inputId} label="Server address" error={error}>
            <input
              ref={inputRef}
              id={inputId}
              className="input"
              type="url"
              name="serverUrl"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={errorProps["aria-invalid"]}
              aria-describedby={[hintId, errorProps["aria-describedby"]].filter(Boolean).join(" ")}
              required
              autoFocus
            />
          </Field>
          <div className="login-form__actions">
            <button type="submit" className="button button--primary" disabled={checking} aria-busy={checking || undefined}>
              {checking ? "Checking…" : "Connect"}
            </button>
          </div>
        </form>
      </div>
    </main>
  );
}
