import type { PreferenceStorage } from "./types.js";

const PREFIX = "curriculum.";

/** Preference storage backed by localStorage; quietly does nothing where storage is blocked. */
export const localStorageStore: PreferenceStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(PREFIX + key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(PREFIX + key, value);
    } catch {
      // Private mode or a full quota: the preference just is not remembered.
    }
  },
};
