import type { MouseEvent } from "react";

/** The id of the search screen's "Results" heading, where the skip link sends focus. */
export const RESULTS_HEADING_ID = "results-heading";

/**
 * "Skip to results", shown on focus beside the page's other skip link: the filters put dozens of
 * Tab stops (every facet checkbox, the dates) before Sort and the first result.
 */
export function SkipToResultsLink() {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Move focus without adding "#results-heading" to the URL (the router owns the URL).
    event.preventDefault();
    document.getElementById(RESULTS_HEADING_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${RESULTS_HEADING_ID}`} onClick={handleClick}>
      Skip to results
    </a>
  );
}
