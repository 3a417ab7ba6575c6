/** How much of a provided value an import error shows: a 10,000-character description would fill the list with one error. */
export const SHOWN_VALUE_CHARS = 200;

/** A provided value as an import error shows it (the preview's and the import page's): whole when short, else its start and its length. */
export const shownValue = (value: string): string =>
  value.length <= SHOWN_VALUE_CHARS ? value : `${value.slice(0, SHOWN_VALUE_CHARS).trimEnd()}… (${value.length.toLocaleString()} characters)`;
