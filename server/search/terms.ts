/** Splits text into lowercase search words (letters and digits, 2 to 40 characters). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 2 && w.length <= 40);
}

/** The words of a search term, at most 8, in order and without repeats. */
export function queryWords(term: string): string[] {
  return [...new Set(tokenize(term))].slice(0, 8);
}

/** FTS5 MATCH expression: every word must occur; the last one may be a prefix (search as you type) unless `exact`. */
export function sqliteMatchExpression(words: string[], exact = false): string {
  return words.map((w, i) => (i === words.length - 1 && !exact ? `"${w}"*` : `"${w}"`)).join(" ");
}

/** PostgreSQL to_tsquery text with the same meaning as sqliteMatchExpression. */
export function postgresTsQuery(words: string[], exact = false): string {
  return words.map((w, i) => (i === words.length - 1 && !exact ? `${w}:*` : w)).join(" & ");
}
