import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES, MESSAGES } from "../../../contract/index.js";
import { useConfirmEmail } from "../../api/account.js";
import { messageOf } from "../../api/ApiError.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { PATHS, signInPath } from "../../routes/paths.js";

/**
 * The page an e-mail confirmation mail links to (/account/confirm-email?token=...): it confirms the address at once,
 * for whoever opens it (the token is the proof), and says so, or says why the link no longer works.
 */
export function ConfirmEmailScene() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const profile = useCurrentProfile();
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  // Once the page's session (and its CSRF token) is known; once only, even when React runs effects twice.
  useEffect(() => {
    if (!token || profile === undefined || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, profile, confirm]);

  let body;
  if (!token) body = <Alert tone="danger">{ACCOUNT_MESSAGES.tokenRequired}</Alert>;
  else if (confirm.isSuccess) body = <Alert tone="success">{confirm.data.message}</Alert>;
  else if (confirm.isError) body = <Alert tone="danger">{messageOf(confirm.error, MESSAGES.unexpected)}</Alert>;
  else body = <p role="status">Confirming your address…</p>;

  return (
    <div className="auth-page">
      <PageTitle title="Confirm your e-mail address" />
      <div className="card auth-card">
        <h1 className="page-title">Confirm your e-mail address</h1>
        {body}
        <p className="auth-card__footer">{profile ? <Link to={PATHS.account}>Go to your account settings</Link> : <Link to={signInPath(PATHS.account)}>Sign in</Link>}</p>
      </div>
    </div>
  );
}
