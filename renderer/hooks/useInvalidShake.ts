import { useCallback, useEffect, useRef, useState } from "react";

/** How long the dialog shakes (second document: "Simple-form invalid shake 2 s"). */
export const INVALID_SHAKE_MS = 2000;

/**
 * A simple-form dialog's shake when it is sent with required fields empty: `shake()` marks it for 2 s (the class
 * `dialog--shake`, whose animation the CSS leaves out for people who ask for reduced motion). A second failed send
 * while it shakes starts the 2 s again.
 */
export function useInvalidShake() {
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shake = useCallback(() => {
    clearTimeout(timer.current);
    // Off for a frame first, so a repeated shake restarts the animation rather than continuing the one running.
    setShaking(false);
    requestAnimationFrame(() => setShaking(true));
    timer.current = setTimeout(() => setShaking(false), INVALID_SHAKE_MS);
  }, []);
  return { shaking, shake, shakeClass: shaking ? " dialog--shake" : "" };
}
