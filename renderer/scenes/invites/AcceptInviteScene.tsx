import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { MESSAGES, PERMISSION_MESSAGES } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { acceptInvite } from "../../api/permissions.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PreviewFrame } from "../../components/PreviewFrame.js";
import { showToast } from "../../components/toastStore.js";
import { PATHS, signInPath } from "../../routes/paths.js";

/**
 * The page an invite mail links to (/invites/accept?token=...). A guest is asked to sign in or create an account,
 * both coming back here; a signed-in profile takes the invite at once and goes to the item it opens. A used or
 * withdrawn link says so.
 */
export function AcceptInviteScene() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useCurrentProfile();
  const token = params.get("token")?.trim() ?? "";
  const accept = useMutation({ mutationFn: acceptInvite });
  // Once per visit: the link works once, and React may run an effect twice.
  const asked = useRef(false);

  useEffect(() => {
    if (!profile || !token || asked.current) return;
    asked.current = true;
    accept.mutate(token, {
      onSuccess: (answer) => {
        showToast(answer.message, "info");
        navigate(answer.link, { replace: true });
      },
    });
  }, [profile, token, accept, navigate]);

  const here = location.pathname + location.search;
  let body;
  if (!token) body = <Alert tone="danger">{PERMISSION_MESSAGES.inviteInvalid}</Alert>;
  else if (profile === undefined) body = <p className="page-status">Loading…</p>;
  else if (profile === null) {
    body = (
      <>
        <p>Someone shared an item with you. Sign in, or create an account, to accept the invite: the item opens to the account you use.</p>
        <p className="preview-card__actions">
          <Link className="button button--primary" to={signInPath(here)}>
            Sign in
          </Link>
          <Link className="button button--secondary" to={`${PATHS.register}?redirect=${encodeURIComponent(here)}`}>
            Create an account
          </Link>
        </p>
      </>
    );
  } else if (accept.isError) {
    body = (
      <>
        <Alert tone="danger">{messageOf(accept.error, MESSAGES.unexpected)}</Alert>
        <p>
          <Link to={PATHS.search}>Go to search</Link>
        </p>
      </>
    );
  } else body = <p className="page-status">Accepting the invite…</p>;

  return <PreviewFrame title="Accept an invite">{body}</PreviewFrame>;
}
