import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState } from "react";
import { INTERCEPTOR_TEXTS, type PendingInterceptor } from "../../contract/index.js";
import { toApiError } from "../api/ApiError.js";
import { pendingInterceptorsKeyAll, respondToInterceptor, usePendingInterceptors } from "../api/interceptors.js";
import { useOtherDialogOpen } from "../hooks/useOtherDialogOpen.js";
import { Alert } from "./Alert.js";
import { ModalFrame } from "./ModalFrame.js";

const DIALOG_ID = "interceptors-modal";

/**
 * The Interceptors dialog (second document): the signed-in profile's pending notices, one after another, each with
 * Dismiss (never shown again) and Remind me later (deferred for a day); it closes after the last. It opens by itself once
 * the page shows no other dialog (a modal, a confirmation, a guided tour), so it never comes up over one, and nothing else
 * opens over it while it is up (it is modal). Escape or Close puts the rest off until the next page load, recording
 * nothing. The list is taken once, so a refetch never reorders the notices under the reader.
 */
export function InterceptorsDialog() {
  const queryClient = useQueryClient();
  const { data } = usePendingInterceptors();
  const [queue, setQueue] = useState<PendingInterceptor[] | null>(null);
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);
  const [busy, setBusy] = useState<"dismiss" | "defer" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleRef = useRef<HTMLSpanElement>(null);

  const notices = queue ?? data?.data ?? [];
  const waiting = queue === null && notices.length > 0 && !closed;
  const otherDialog = useOtherDialogOpen(DIALOG_ID, waiting);
  const current = closed ? undefined : notices[index];
  const open = current !== undefined && (queue !== null || !otherDialog);

  // Taken when it opens (during render, React's way of keeping what an earlier render saw): the notices it goes
  // through, whatever later answers say.
  if (open && queue === null) setQueue(notices);

  // Each notice is read from its title (a screen reader says it; the next Tab reaches its links and buttons): on
  // opening (onOpenAutoFocus below), and when the next one takes its place.
  useLayoutEffect(() => {
    if (index > 0) titleRef.current?.focus();
  }, [index]);

  if (!open || !current) return null;

  const handleRespond = async (action: "dismiss" | "defer") => {
    if (busy) return;
    setBusy(action);
    setFailure(null);
    const next = () => {
      if (index + 1 < notices.length) setIndex(index + 1);
      else {
        setClosed(true);
        void queryClient.invalidateQueries({ queryKey: pendingInterceptorsKeyAll });
      }
    };
    try {
      await respondToInterceptor(current.id, action);
      next();
    } catch (error) {
      const refusal = await toApiError(error);
      // Deleted by an administrator meanwhile: nothing left to answer, so on to the next.
      if (refusal.status === 404) next();
      else setFailure(refusal.displayMessage);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ModalFrame
      id={DIALOG_ID}
      title={
        <span ref={titleRef} tabIndex={-1} className="interceptor__title">
          {current.title}
        </span>
      }
      description={INTERCEPTOR_TEXTS.position(index + 1, notices.length)}
      className="dialog dialog--interceptor"
      onClose={() => setClosed(true)}
      contentProps={{
        // The title takes focus, not the first link of the notice.
        onOpenAutoFocus: (event) => {
          event.preventDefault();
          titleRef.current?.focus();
        },
        // A click beside it is not an answer: only the buttons, Escape or Close end it.
        onInteractOutside: (event) => event.preventDefault(),
      }}
    >
      {/* Sanitized on the server (the "simple" profile, server/presenters/interceptor.ts). */}
      <div key={current.id} className="rich-content interceptor__content" dangerouslySetInnerHTML={{ __html: current.content }} />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" aria-disabled={busy !== null || undefined} onClick={() => void handleRespond("dismiss")}>
          {INTERCEPTOR_TEXTS.dismiss}
        </button>
        <button type="button" className="button button--secondary" aria-disabled={busy !== null || undefined} onClick={() => void handleRespond("defer")}>
          {INTERCEPTOR_TEXTS.defer}
        </button>
      </div>
    </ModalFrame>
  );
}
