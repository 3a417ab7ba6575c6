import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./ConfirmDialog.js";

/**
 * Asks before leaving a page with unsaved changes: the browser's own prompt for a reload or a closed tab, and
 * "Leave this page?" for a move to another page of the app (the item and template edit pages).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  if (blocker.state !== "blocked") return null;
  return (
    <ConfirmDialog
      title="Leave this page?"
      message="You have unsaved changes. If you leave now, they will be lost."
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
