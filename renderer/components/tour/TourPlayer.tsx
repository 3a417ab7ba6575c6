import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { TOUR_OVERLAY, type TourStop } from "../../../contract/index.js";
import { findTarget } from "./tourTargets.js";

type Box = { top: number; left: number; width: number; height: number };

/** Space kept between the popover and the spotlight, and between the popover and the window's edges. */
const GAP = 8;

/** The target's box in the viewport, grown by the spec's padding (16 px). */
function spotlightOf(target: HTMLElement | null): Box | null {
  if (!target) return null;
  const r = target.getBoundingClientRect();
  const pad = TOUR_OVERLAY.padding;
  return { top: r.top - pad, left: r.left - pad, width: r.width + 2 * pad, height: r.height + 2 * pad };
}

/** Where the popover goes: below the spotlight when it fits, else above, else at the window's bottom; never past the sides. */
function popoverPlace(spot: Box | null, popover: { width: number; height: number }): { top: number; left: number } {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const left = Math.min(Math.max(GAP, (spot ? spot.left + spot.width / 2 : vw / 2) - popover.width / 2), Math.max(GAP, vw - popover.width - GAP));
  if (!spot) return { top: Math.max(GAP, (vh - popover.height) / 2), left };
  const below = spot.top + spot.height + GAP;
  if (below + popover.height <= vh - GAP) return { top: below, left };
  const above = spot.top - GAP - popover.height;
  if (above >= GAP) return { top: above, left };
  return { top: Math.max(GAP, vh - popover.height - GAP), left };
}

/**
 * A running guided tour (second document: active at an index; Next and Previous wrap around; Esc closes; arrow keys
 * move between stops). It is a Radix dialog nested in the dialog it tours, so that dialog's focus trap hands focus to
 * the tour and takes it back, and Esc closes the tour alone. The spotlight dims everything but the stop's target
 * (opacity 0.8, padding 16, a 500 ms move; none with reduced motion, by the global rule); a stop without a selector
 * dims the whole screen and sits in its middle. `onEdit`: an Edit tour button, for those who may edit it.
 * Ending the tour (Close, Esc, a click outside: the spec's reset) closes the popover and gives focus back at once; the
 * overlay fades and hides 1 second later (it never takes clicks), and only then is `onClose` called.
 */
export function TourPlayer({ stops, onClose, returnFocus, onEdit }: { stops: TourStop[]; onClose(): void; returnFocus(): void; onEdit?(): void }) {
  const [index, setIndex] = useState(0);
  const [ended, setEnded] = useState(false);
  const [spot, setSpot] = useState<Box | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const popover = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const stop = stops[index]!;

  const measure = useCallback(() => {
    const box = spotlightOf(findTarget(stop.selector));
    setSpot(box);
    if (popover.current) setPlace(popoverPlace(box, { width: popover.current.offsetWidth, height: popover.current.offsetHeight }));
  }, [stop.selector]);

  useLayoutEffect(() => {
    findTarget(stop.selector)?.scrollIntoView({ block: "nearest", inline: "nearest" });
    // Measured in the next frame: the popover's portal mounts after this commit, and its height is the new stop's.
    const frame = window.requestAnimationFrame(measure);
    // Scrolling the dialog or the page, or resizing the window, moves the target: follow it.
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [measure, stop.selector]);

  useEffect(() => {
    if (!ended) return;
    const timer = window.setTimeout(onClose, TOUR_OVERLAY.hideAfterResetMs);
    return () => window.clearTimeout(timer);
  }, [ended, onClose]);

  const move = (step: number) => setIndex((i) => (i + step + stops.length) % stops.length);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      move(event.key === "ArrowRight" ? 1 : -1);
    }
  };

  const transition = `${TOUR_OVERLAY.transitionMs}ms ease`;
  const spotStyle: CSSProperties | undefined = spot ? {
    top: spot.top,
    left: spot.left,
    width: spot.width,
    height: spot.height,
    boxShadow: `0 0 0 200vmax rgb(0 0 0 / ${TOUR_OVERLAY.opacity})`,
    transition: `top ${transition}, left ${transition}, width ${transition}, height ${transition}`,
  } : undefined;

  // Ended, the overlay fades until it hides (the global reduced-motion rule leaves it still until then).
  const overlayStyle: CSSProperties = {
    ...(spotStyle ?? { inset: 0, background: `rgb(0 0 0 / ${TOUR_OVERLAY.opacity})` }),
    ...(ended && { opacity: 0, transition: `opacity ${TOUR_OVERLAY.hideAfterResetMs}ms linear` }),
  };

  return (
    <>
      {createPortal(<div className="tour-spotlight" style={overlayStyle} aria-hidden="true" />, document.body)}
      <Dialog.Root open={!ended} onOpenChange={(open) => !open && setEnded(true)}>
        <Dialog.Portal>
          <Dialog.Content
            ref={popover}
            className="tour-popover"
            // Unseen (but focusable, for the focus it takes on opening) until measured in the next frame.
            style={place ? { top: place.top, left: place.left } : { opacity: 0 }}
            onKeyDown={handleKeyDown}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              next.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocus();
            }}
          >
            <p className="tour-popover__count">
              {index + 1} of {stops.length}
            </p>
            <Dialog.Title className="tour-popover__title">{stop.title}</Dialog.Title>
            <Dialog.Description className="tour-popover__text">{stop.content}</Dialog.Description>
            <div className="tour-popover__actions">
              <button type="button" className="button button--ghost button--small" onClick={() => move(-1)}>
                Previous
              </button>
              <button ref={next} type="button" className="button button--primary button--small" onClick={() => move(1)}>
                Next
              </button>
              <Dialog.Close className="button button--ghost button--small">Close</Dialog.Close>
              {onEdit && (
                <button type="button" className="button button--ghost button--small" onClick={onEdit}>
                  Edit tour
                </button>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
