import { useEffect, useState, type RefObject } from "react";

const THROTTLE_MS = 100;

/** True once the element has scrolled out of the viewport (IntersectionObserver, else a scroll handler throttled to 100 ms). */
export function useScrolledOutOfView(ref: RefObject<HTMLElement | null>): boolean {
  const [outOfView, setOutOfView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;

    if (typeof IntersectionObserver === "function") {
      const observer = new IntersectionObserver(([entry]) => {
        if (entry) setOutOfView(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
      });
      observer.observe(element);
      return () => observer.disconnect();
    }

    let last = 0;
    let timer: number | undefined;
    const check = () => {
      last = Date.now();
      timer = undefined;
      setOutOfView(element.getBoundingClientRect().bottom <= 0);
    };
    const handleScroll = () => {
      const wait = THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) check();
      else timer ??= window.setTimeout(check, wait);
    };
    window.addEventListener("scroll", handleScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener("scroll", handleScroll);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [ref]);

  return outOfView;
}
