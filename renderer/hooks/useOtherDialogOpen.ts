import { useEffect, useState } from "react";

/** Whether the page shows a dialog (a modal, a confirmation, a guided tour's popover) other than the one with `ownId`. */
function otherDialogShown(ownId: string): boolean {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((element) => element.id !== ownId);
}

/**
 * Whether another dialog is open, watched while `watching` (a dialog that opens on its own, not from a person's
 * click, waits for this to be false so it never comes up over, or under, what someone is doing).
 */
export function useOtherDialogOpen(ownId: string, watching: boolean): boolean {
  // Until the page has been looked at, assume there is one: the render that starts watching must not open the dialog
  // over one before the check below has run.
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!watching) return;
    const update = () => setOpen(otherDialogShown(ownId));
    update();
    // Dialogs are portaled into <body>; any change below it may add or remove one.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["role"] });
    return () => observer.disconnect();
  }, [ownId, watching]);
  return open;
}
