import { useCallback, useState } from "react";
import { platform } from "../platform/index.js";

/** A preference kept in the platform's local storage; values outside `allowed` fall back to the default. */
export function useStoredPreference<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = platform.storage.get(key);
    return allowed.includes(stored as T) ? (stored as T) : fallback;
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      platform.storage.set(key, next);
    },
    [key],
  );
  return [value, update];
}
