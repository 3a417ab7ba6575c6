import { useEffect, useRef, useState } from "react";

/** Steps of the autosave countdown (second document, section 9). */
export const AUTOSAVE_STEPS = 100;

/**
 * Autosave (second document, section 4): on or off; forced off when the item is new or the feature
 * is disabled (`allowed` false: also while the page may not write, its edit lock not held). Turning it
 * on saves at once; afterwards each completed countdown of `intervalSeconds` (counted in 100 steps)
 * saves when there are changes. `canSave` pauses it (a save running). `initiallyOn`: an item saved
 * before starts with it on; a new one keeps it off after its first save until the author turns it on,
 * so it never starts without the save that turning it on makes.
 */
export function useAutosave({
  allowed,
  initiallyOn,
  intervalSeconds,
  dirty,
  canSave,
  save,
}: {
  allowed: boolean;
  initiallyOn: boolean;
  intervalSeconds: number;
  dirty: boolean;
  canSave: boolean;
  save(): void;
}) {
  const [wanted, setWanted] = useState(initiallyOn);
  const [progress, setProgress] = useState(0);
  const on = allowed && wanted;
  const latest = useRef({ dirty, canSave, save });
  useEffect(() => {
    latest.current = { dirty, canSave, save };
  });

  useEffect(() => {
    if (!on) return;
    const stepMs = Math.max(10, (intervalSeconds * 1000) / AUTOSAVE_STEPS);
    let step = 0;
    const timer = window.setInterval(() => {
      step += 1;
      if (step >= AUTOSAVE_STEPS) {
        step = 0;
        const { dirty: changed, canSave: able, save: run } = latest.current;
        if (changed && able) run();
      }
      setProgress(step);
    }, stepMs);
    return () => {
      window.clearInterval(timer);
      setProgress(0);
    };
  }, [on, intervalSeconds]);

  /** The toggle: turning on saves at once. */
  const setOn = (next: boolean) => {
    setWanted(next);
    if (next && allowed && latest.current.canSave) latest.current.save();
  };

  return { on, setOn, progress };
}
