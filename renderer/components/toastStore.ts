import { useSyncExternalStore } from "react";

/** A link a toast offers after its message: where it leads (an in-app path) and its words. */
export interface ToastLink {
  to: string;
  label: string;
}

/** One message in the toast region, with any links to what it is about. */
export interface Toast {
  id: number;
  message: string;
  tone: "error" | "info";
  links?: ToastLink[];
}

const DISMISS_AFTER_MS = 8000;

let toasts: Toast[] = [];
let nextId = 1;
/** While true (the pointer or keyboard focus is on the toasts), none goes on its own. */
let held = false;
const timers = new Map<number, number>();
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function startTimer(id: number) {
  timers.set(
    id,
    window.setTimeout(() => dismissToast(id), DISMISS_AFTER_MS),
  );
}

/** Shows a toast (from anywhere, including the query cache), with links to what it is about if given; the same text is not stacked twice. */
export function showToast(message: string, tone: Toast["tone"] = "error", links: ToastLink[] = []): void {
  if (toasts.some((t) => t.message === message)) return;
  const id = nextId++;
  emit([...toasts, { id, message, tone, ...(links.length ? { links } : {}) }]);
  if (!held) startTimer(id);
}

/** Removes a toast. */
export function dismissToast(id: number): void {
  window.clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/**
 * Keeps the toasts on screen while someone is on them (WCAG 2.2.1): none goes from under the pointer or the focus of a
 * person reading it or about to dismiss it. Released, each gets its full time again.
 */
export function holdToasts(hold: boolean): void {
  if (hold === held) return;
  held = hold;
  if (hold) {
    timers.forEach((timer) => window.clearTimeout(timer));
    timers.clear();
  } else {
    toasts.forEach((toast) => startTimer(toast.id));
  }
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
