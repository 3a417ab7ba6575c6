import { discussionFailureText } from "../../api/discussions.js";
import { useJoinRequest, type FeedOwner, type GroupLink } from "../../api/feeds.js";
import { shortDate } from "../dates.js";
import { showToast } from "../toastStore.js";

/**
 * The Feed card's note for a reader of a "Request to join" group: Request to join, or, once asked, when they asked
 * with Withdraw request. `onDone` runs after either landed (the button pressed is gone: the card moves focus on).
 */
export function JoinRequestNote({ owner, requestedAt, onDone }: { owner: FeedOwner | GroupLink; requestedAt: string | null; onDone: () => void }) {
  const request = useJoinRequest(owner);

  const handleRequest = async (ask: boolean) => {
    if (request.isPending) return;
    try {
      const answer = await request.mutateAsync(ask);
      showToast(answer.message, "info");
      onDone();
    } catch (error) {
      showToast(discussionFailureText(error));
    }
  };

  if (requestedAt)
    return (
      <p className="discuss-card__note">
        You asked to join this group on {shortDate(requestedAt)}. Its leaders will answer your request.{" "}
        <button type="button" className="button button--small button--secondary" aria-disabled={request.isPending || undefined} onClick={() => void handleRequest(false)}>
          {request.isPending ? "Withdrawing…" : "Withdraw request"}
        </button>
      </p>
    );
  return (
    <p className="discuss-card__note">
      This group's leaders approve new members.{" "}
      <button type="button" className="button button--small button--primary" aria-disabled={request.isPending || undefined} onClick={() => void handleRequest(true)}>
        {request.isPending ? "Sending…" : "Request to join"}
      </button>
    </p>
  );
}
