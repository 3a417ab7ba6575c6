import { useId, useLayoutEffect, useRef, useState } from "react";
import { CAROUSEL, CAROUSEL_TEXTS } from "../../../contract/index.js";

/**
 * Text cut to a few lines (5 by default, first document, section 9) with a More/Less toggle, offered only when the text
 * is longer than that at the width it has now (measured again when the width changes). Key it by what it shows, so other
 * text starts collapsed.
 */
export function ReadMore({ text, lines = CAROUSEL.readMoreLines, className = "" }: { text: string; lines?: number; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded, lines]);

  return (
    <>
      <p id={id} ref={ref} className={`read-more${expanded ? "" : " read-more--clamped"} ${className}`} style={{ WebkitLineClamp: expanded ? undefined : lines }}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button type="button" className="link-button read-more__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {expanded ? CAROUSEL_TEXTS.less : CAROUSEL_TEXTS.more}
        </button>
      )}
    </>
  );
}
