import { useEffect, useState } from "react";
import { createPortal } from "react-dom";

/** A selector for `element` within the dialog `root` (id `rootId`): its nearest `data-tour` mark, an id, or its path of nth-of-type steps. */
export function selectorFor(element: Element, root: Element, rootId: string): string {
  const marked = element.closest("[data-tour]");
  if (marked && root.contains(marked)) return `#${CSS.escape(rootId)} [data-tour="${marked.getAttribute("data-tour")}"]`;
  if (element.id && element !== root) return `#${CSS.escape(element.id)}`;
  const steps: string[] = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    const tag = node.tagName.toLowerCase();
    const index = [...(node.parentElement?.children ?? [])].filter((sibling) => sibling.tagName === node!.tagName).indexOf(node) + 1;
    steps.unshift(`${tag}:nth-of-type(${index})`);
  }
  return [`#${CSS.escape(rootId)}`, ...steps].join(" > ");
}

/**
 * Select-target mode (second document's recorder): the part of the dialog under the pointer is outlined, a click takes
 * its selector for a new stop, and Esc leaves the mode. The window's capture listeners run before the dialog's own, so
 * the click does nothing else and Esc does not close the dialog.
 */
export function TargetPicker({ rootId, onPick, onCancel }: { rootId: string; onPick(selector: string): void; onCancel(): void }) {
  const [box, setBox] = useState<DOMRect | null>(null);

  useEffect(() => {
    const root = document.getElementById(rootId);
    const inDialog = (target: EventTarget | null): Element | null => (target instanceof Element && root?.contains(target) && target !== root ? target : null);
    const handleMove = (event: PointerEvent) => setBox(inDialog(event.target)?.getBoundingClientRect() ?? null);
    const handleClick = (event: MouseEvent) => {
      const target = inDialog(event.target);
      event.preventDefault();
      event.stopPropagation();
      if (target && root) onPick(selectorFor(target, root, rootId));
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    };
    window.addEventListener("pointermove", handleMove, true);
    window.addEventListener("click", handleClick, true);
    window.addEventListener("keydown", handleKeyDown, true);
    return () => {
      window.removeEventListener("pointermove", handleMove, true);
      window.removeEventListener("click", handleClick, true);
      window.removeEventListener("keydown", handleKeyDown, true);
    };
  }, [rootId, onPick, onCancel]);

  return createPortal(
    <>
      <p className="tour-picker__banner" role="status">
        Click a part of the dialog to add a stop there. Press Esc to stop choosing.
      </p>
      {box && <div className="tour-picker__outline" style={{ top: box.top, left: box.left, width: box.width, height: box.height }} aria-hidden="true" />}
    </>,
    document.body,
  );
}
