import type { MouseEvent, ReactNode } from "react";
import { MESSAGES, SECTION_COMMENT_MESSAGES } from "../../contract/index.js";
import { Icon } from "./Icon.js";

/**
 * What a banner shows for its text: the bare "System error" (the second document's failure text for a comment's send)
 * reads as the first document's long message ("Form error banner: the literal 'System error' becomes …"). Done here,
 * where every form's banner is drawn, so no form can show the bare words.
 */
const bannerText = (children: ReactNode): ReactNode => (children === SECTION_COMMENT_MESSAGES.systemError ? MESSAGES.systemError : children);

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first focusable element after `element` in the page (outside it), where focus goes when it is removed. */
function focusableAfter(element: Element): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    const after = !element.contains(candidate) && element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING;
    // Only one that is shown: focusing a hidden element does nothing.
    if (after && candidate.getClientRects().length > 0) return candidate;
  }
  return null;
}

/** A dismissible alert box; `danger` alerts are announced at once. */
export function Alert({ tone, children, onDismiss }: { tone: "danger" | "success" | "info"; children: ReactNode; onDismiss?: () => void }) {
  const handleDismiss = (event: MouseEvent<HTMLButtonElement>) => {
    // The button goes with the alert: without this a keyboard user's focus would fall back to the top of the page.
    const alert = event.currentTarget.closest(".alert");
    const next = alert && document.activeElement === event.currentTarget ? focusableAfter(alert) : null;
    onDismiss?.();
    next?.focus();
  };
  return (
    <div className={`alert alert--${tone}`} role={tone === "danger" ? "alert" : "status"}>
      <div className="alert__body">{bannerText(children)}</div>
      {onDismiss && (
        <button type="button" className="icon-button alert__dismiss" aria-label="Dismiss" onClick={handleDismiss}>
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
