import { platform } from "../platform/index.js";

const SAVED = "sso-relogin";
const PENDING = "sso-relogin-pending";
/** How many providers are remembered; the most recent comes first. */
export const MAX_SAVED_RELOGINS = 3;

const PROVIDER_KEY = /^[a-z0-9_-]{1,100}$/i;

/** The providers this person signed in with on this device, most recent first (never anything but provider keys). */
export function savedRelogins(): string[] {
  try {
    const value: unknown = JSON.parse(platform.storage.get(SAVED) ?? "[]");
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === "string" && PROVIDER_KEY.test(key)).slice(0, MAX_SAVED_RELOGINS) : [];
  } catch {
    return [];
  }
}

/** Puts a provider first among the saved re-login buttons. */
export function saveRelogin(key: string): void {
  if (!PROVIDER_KEY.test(key)) return;
  platform.storage.set(SAVED, JSON.stringify([key, ...savedRelogins().filter((k) => k !== key)].slice(0, MAX_SAVED_RELOGINS)));
}

/** Removes a provider's saved re-login button (a shared computer, or an account no longer used). */
export function forgetRelogin(key: string): void {
  platform.storage.set(SAVED, JSON.stringify(savedRelogins().filter((k) => k !== key)));
}

/**
 * Notes the provider a sign-in is starting with. The web leaves the page for the provider, so whether it worked is
 * only known later, when the app finds itself signed in (confirmPendingRelogin).
 */
export function markPendingRelogin(key: string): void {
  platform.storage.set(PENDING, key);
}

/** The sign-in that was pending did not happen (the provider refused, or it was cancelled). */
export function clearPendingRelogin(): void {
  platform.storage.set(PENDING, "");
}

/** Called when a profile is signed in: the pending provider, if any, becomes a saved re-login button. */
export function confirmPendingRelogin(): void {
  const key = platform.storage.get(PENDING);
  if (!key) return;
  clearPendingRelogin();
  saveRelogin(key);
}
