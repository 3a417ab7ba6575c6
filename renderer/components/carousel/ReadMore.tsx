import { useId, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { CAROUSEL, CAROUSEL_TEXTS } from "../../../contract/index.js";

interface ReadMoreProps {
  /** Plain text (shown in a paragraph), or `html`: markup already sanitized on the server (shown in a div). */
  text?: string;
  html?: string;
  lines?: number;
  className?: string;
}

/**
 * Text cut to a few lines (5 by default, first document, section 9) with a More/Less toggle, offered only when the text
 * is longer than that at the width it has now (measured again when the width changes). Key it by what it shows, so other
 * text starts collapsed.
 */
export function ReadMore({ text, html, lines = CAROUSEL.readMoreLines, className = "" }: ReadMoreProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
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
  }, [text, html, expanded, lines]);

  const boxProps = { id, className: `read-more${expanded ? "" : " read-more--clamped"} ${className}`, style: { WebkitLineClamp: expanded ? undefined : lines } };
  return (
    <>
      {html === undefined ? (
        <p {...boxProps} ref={ref as RefObject<HTMLParagraphElement>}>
          {text}
        </p>
      ) : (
        <div {...boxProps} ref={ref as RefObject<HTMLDivElement>} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {(overflows || expanded) && (
        <button type="button" className="link-button read-more__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {expanded ? CAROUSEL_TEXTS.less : CAROUSEL_TEXTS.more}
        </button>
      )}
    </>
  );
}
