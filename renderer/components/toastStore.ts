import { useSyncExternalStore } from "react";

/** One message in the toast region. */
export interface Toast {
  id: number;
  message: string;
  tone: "error" | "info";
}

const DISMISS_AFTER_MS = 8000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Shows a toast (from anywhere, including the query cache); the same text is not stacked twice. */
export function showToast(message: string, tone: Toast["tone"] = "error"): void {
  if (toasts.some((t) => t.message === message)) return;
  const id = nextId++;
  emit([...toasts, { id, message, tone }]);
  window.setTimeout(() => dismissToast(id), DISMISS_AFTER_MS);
}

/** Removes a toast. */
export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts currently shown. */
export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
