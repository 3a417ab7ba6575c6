import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ThreadSummary } from "../../../contract/index.js";

/**
 * The managers' "Manage discussion" menu button (second document: "management dropdown") with Disable Discussion or
 * Enable Discussion. A menu by the ARIA pattern: Enter, Space or Down opens it on its item, Escape and Tab close it,
 * focus returns to the button.
 */
export function ManageDiscussionMenu({ viewPermission, busy, onChange }: { viewPermission: ThreadSummary["view_permission"]; busy: boolean; onChange(next: ThreadSummary["view_permission"]): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const items = [viewPermission === "open" ? { label: "Disable Discussion", next: "closed" as const } : { label: "Enable Discussion", next: "open" as const }];

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    // A click anywhere else closes the menu, as a native one would.
    const handlePointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", handlePointerDown);
    return () => document.removeEventListener("pointerdown", handlePointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
    }
  };
  const handleMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      entries[event.key === "Home" ? 0 : entries.length - 1]?.focus();
    }
  };
  const handleChoose = (next: ThreadSummary["view_permission"]) => {
    close(true);
    onChange(next);
  };

  return (
    <div className="manage-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button button--small button--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-busy={busy || undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={handleButtonKeyDown}
      >
        Manage discussion
        <span aria-hidden="true" className="manage-menu__caret">
          ▾
        </span>
      </button>
      {open && (
        <ul ref={menuRef} id={`${id}-menu`} className="manage-menu__list" role="menu" aria-label="Manage discussion" onKeyDown={handleMenuKeyDown}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button type="button" role="menuitem" tabIndex={-1} className="manage-menu__item" onClick={() => handleChoose(item.next)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
