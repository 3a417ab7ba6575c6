import { useCallback, useEffect, useRef } from "react";

/**
 * A function that runs `callback` once calls have paused for `delayMs`; a pending call runs at
 * unmount rather than being lost (a choice made just before leaving the page is still saved).
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number): (...args: A) => void {
  const latest = useRef(callback);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; args: A } | null>(null);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () => () => {
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      latest.current(...pending.current.args);
    },
    [],
  );
  return useCallback(
    (...args: A) => {
      if (pending.current) clearTimeout(pending.current.timer);
      const timer = setTimeout(() => {
        pending.current = null;
        latest.current(...args);
      }, delayMs);
      pending.current = { timer, args };
    },
    [delayMs],
  );
}
