import type { ReactNode } from "react";
import { Icon } from "./Icon.js";

/** A dismissible alert box; `danger` alerts are announced at once. */
export function Alert({ tone, children, onDismiss }: { tone: "danger" | "success" | "info"; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "danger" ? "alert" : "status"}>
      <div className="alert__body">{children}</div>
      {onDismiss && (
        <button type="button" className="icon-button alert__dismiss" aria-label="Dismiss" onClick={onDismiss}>
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
