import { showToast } from "../toastStore.js";

const KEY = "pendingToast";

/** Reloads the page and shows `message` as a toast once it is back (an owner change's success). */
export function reloadWithToast(message: string): void {
  window.sessionStorage.setItem(KEY, message);
  window.location.reload();
}

/** Shows (once) a toast left by reloadWithToast before the reload. */
export function showPendingToast(): void {
  const message = window.sessionStorage.getItem(KEY);
  if (!message) return;
  window.sessionStorage.removeItem(KEY);
  showToast(message, "info");
}
