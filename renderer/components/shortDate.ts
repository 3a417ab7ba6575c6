/** A date as the spec shows dates (second document: M/D/YYYY), in the reader's time zone. */
export const shortDate = (iso: string): string => new Date(iso).toLocaleDateString("en-US", { month: "numeric", day: "numeric", year: "numeric" });
