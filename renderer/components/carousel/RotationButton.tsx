import { CAROUSEL_TEXTS } from "../../../contract/index.js";
import { Icon } from "../Icon.js";
import type { useCarousel } from "./useCarousel.js";

/** A carousel's pause/play control (WCAG 2.2.2: moving content the reader can stop); nothing when it does not rotate. */
export function RotationButton({ carousel, className = "" }: { carousel: ReturnType<typeof useCarousel>; className?: string }) {
  if (!carousel.rotates) return null;
  return (
    <button type="button" className={`icon-button ${className}`.trim()} onClick={carousel.toggleStopped}>
      <Icon name={carousel.stopped ? "play" : "pause"} size={18} />
      <span className="visually-hidden">{carousel.stopped ? CAROUSEL_TEXTS.play : CAROUSEL_TEXTS.pause}</span>
    </button>
  );
}
