import { useRef, type KeyboardEvent } from "react";

/**
 * The arrow keys of a search field over a list of matches as buttons: Down from the field goes into the list, Up and
 * Down move in it, Up from the first goes back to the field (and Escape too, where Escape does not close a dialog first).
 * Tab still reaches the matches in order; without this, the arrows did nothing in the field and scrolled the list.
 */
export function useResultListKeys<Input extends HTMLElement = HTMLInputElement>() {
  const inputRef = useRef<Input>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const buttons = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];

  const onInputKeyDown = (event: KeyboardEvent<Input>) => {
    if (event.key !== "ArrowDown" || !buttons().length) return;
    event.preventDefault();
    buttons()[0]!.focus();
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = buttons();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = index + (event.key === "ArrowDown" ? 1 : -1);
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      inputRef.current?.focus();
    }
  };
  return { inputRef, listRef, onInputKeyDown, onListKeyDown };
}
