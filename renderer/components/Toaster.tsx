import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import { Link } from "react-router";
import { dismissToast, holdToasts, useToasts, type Toast } from "./toastStore.js";

/**
 * The polite live region where toasts appear; it is always in the page so announcements are not lost. Toasts stay
 * while the pointer or keyboard focus is on them, and dismissing one from the keyboard gives focus to the next toast,
 * else back to where it was before it came to the toasts, never to the top of the page.
 */
export function Toaster() {
  const toasts = useToasts();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // What had focus before it came to the toasts (Tab from the page's last control, or a click on a Dismiss button).
  const cameFrom = useRef<HTMLElement | null>(null);
  const onToasts = toasts.length > 0 && (hovered || focused);

  useEffect(() => {
    holdToasts(onToasts);
  }, [onToasts]);
  useEffect(() => () => holdToasts(false), []);

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) cameFrom.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
    setFocused(true);
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const handleDismiss = (event: MouseEvent<HTMLButtonElement>, toast: Toast) => {
    if (document.activeElement === event.currentTarget) {
      const buttons = [...(event.currentTarget.closest(".toaster")?.querySelectorAll<HTMLButtonElement>(".toast__close") ?? [])];
      const index = buttons.indexOf(event.currentTarget);
      const next = buttons[index + 1] ?? buttons[index - 1] ?? (cameFrom.current?.isConnected ? cameFrom.current : document.getElementById("main"));
      next?.focus();
    }
    // The last toast removed from under the pointer fires no mouseleave.
    if (toasts.length === 1) setHovered(false);
    dismissToast(toast.id);
  };

  return (
    <div
      className="toaster"
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      onFocus={handleFocus}
      onBlur={handleBlur}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`}>
          <p className="toast__message">
            {toast.message}
            {/* Links to what the message is about (the collection an item went into): following one is done with the toast. */}
            {toast.links && (
              <span className="toast__links">
                {toast.links.map((link) => (
                  <Link key={link.to} className="toast__link" to={link.to} onClick={() => dismissToast(toast.id)}>
                    {link.label}
                  </Link>
                ))}
              </span>
            )}
          </p>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={(event) => handleDismiss(event, toast)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
