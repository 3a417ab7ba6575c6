import { useCallback, useEffect, useRef, useState } from "react";
import type { EditableItem } from "../../contract/index.js";
import { messageOf } from "../api/ApiError.js";
import { releaseLock, updateLock } from "../api/editor.js";

/** Where the edit lock stands for this page. */
export type LockState =
  | { status: "pending" }
  | { status: "held" }
  | { status: "locked"; message: string }
  | { status: "expired" }
  | { status: "error"; message: string };

/**
 * Holds the item's edit lock while the page is open (first document, section 4): the lock is renewed
 * each time the activity window (edit_lock_expiry seconds) elapses with edit activity in it; with none,
 * the page is told the edit time expired. The lock is released when the page goes away.
 * `markActivity` is called on every edit.
 */
export function useEditLock(item: Pick<EditableItem, "model_key" | "id" | "updated_at">, enabled: boolean) {
  const [state, setState] = useState<LockState>({ status: "pending" });
  const lastActivity = useRef(0);
  const held = useRef(false);
  const { model_key, id, updated_at } = item;

  const markActivity = useCallback(() => {
    lastActivity.current = Date.now();
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let timer: number | undefined;
    const target = { model_key, id, updated_at };

    /** Takes or renews the lock, then waits for the window to elapse. */
    const take = async () => {
      try {
        const windowStart = Date.now();
        const lock = await updateLock(target);
        if (cancelled) return;
        if (lock.locked) {
          held.current = false;
          setState({ status: "locked", message: lock.message });
          return;
        }
        held.current = true;
        setState({ status: "held" });
        // Check a little before the server lets the lock go, so a renewal is never late.
        const windowMs = lock.expiry_seconds * 1000;
        const wait = Math.max(500, windowMs - Math.min(5_000, windowMs / 10));
        timer = window.setTimeout(() => {
          if (lastActivity.current > windowStart) void take();
          else {
            held.current = false;
            setState({ status: "expired" });
          }
        }, wait);
      } catch (error) {
        if (!cancelled) setState({ status: "error", message: messageOf(error, String(error)) });
      }
    };
    void take();

    const release = () => {
      if (held.current) void releaseLock(target).catch(() => undefined);
      held.current = false;
    };
    window.addEventListener("pagehide", release);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      window.removeEventListener("pagehide", release);
      release();
    };
  }, [enabled, model_key, id, updated_at]);

  return { state, markActivity };
}
