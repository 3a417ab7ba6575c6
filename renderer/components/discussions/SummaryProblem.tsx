import { MESSAGES } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { Alert } from "../Alert.js";

/**
 * Whether a discussion summary's failure means the asker may not see the discussion (a guest's 401, a member's 403
 * or 404): then the card is left out, as the item or group itself would be.
 */
export function summaryHidden(error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 401 || status === 403 || status === 404;
}

/** A discussion summary that could not be loaded, in the card: what went wrong and Try again. */
export function SummaryProblem({ onRetry }: { onRetry(): void }) {
  return (
    <div className="discuss-card__problem">
      <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
      <button type="button" className="button button--small button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
