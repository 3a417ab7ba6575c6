/** First document, section 9: the selector modal shows 9 results a page, with a window of 4 page numbers. */
export const SELECTOR_PAGE_SIZE = 9;
export const SELECTOR_PAGE_WINDOW = 4;

/** "a Resource", "an Outline": the article the selector's title takes before a type's name. */
export const withArticle = (name: string) => `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;

/** The page numbers shown around the current one: at most `window` of them, the current one among them. */
export function pageWindow(page: number, pages: number, window = SELECTOR_PAGE_WINDOW): number[] {
  const size = Math.min(window, pages);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
