import { useEffect, useSyncExternalStore } from "react";

/**
 * Which screen takes files dropped on the window. The layout's resource drop target steps aside while a screen with
 * its own drop target (the bulk import dialog or the import screen, which start imports from spreadsheets) is mounted,
 * so a drop never does two things.
 */
let claims = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Claims the window's file drops while the calling component is mounted (and `active`). */
export function useClaimWindowDrop(active = true): void {
  useEffect(() => {
    if (!active) return;
    claims += 1;
    notify();
    return () => {
      claims -= 1;
      notify();
    };
  }, [active]);
}

/** True while some screen has claimed the window's file drops. */
export function useWindowDropClaimed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => claims > 0,
  );
}

/**
 * True while a modal dialog is open. Every modal here is a Radix dialog, whose content is in the document (with
 * role "dialog" or "alertdialog") only while open; nothing else uses those roles. A window-wide drop target ignores
 * drops meanwhile, so a drop never opens a second dialog over the one the person is working in.
 */
export function isModalOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}
