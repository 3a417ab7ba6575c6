import { isHttpUrl, NO_AUTHORS, type Author, type ItemAuthors } from "../../contract/index.js";

/** An item's stored extra_data (JSON: keywords, authors_list, authors, author_url, original_author...) as an object; {} when none or unreadable. */
export function parseExtraData(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The authors an item's extra_data holds, as the API presents them: entries with a name, each link kept only when it is
 * http(s) (stored data from imports or older installations is not trusted to be a safe link), "" otherwise.
 */
export function authorsOf(raw: string | null): ItemAuthors {
  // Most items carry none: no parse for them (the search index reads every item at start).
  if (!raw || !raw.includes("author")) return NO_AUTHORS;
  const data = parseExtraData(raw);
  const list: Author[] = Array.isArray(data.authors_list)
    ? data.authors_list.flatMap((a: unknown) => {
        if (!a || typeof a !== "object") return [];
        const { name, url } = a as { name?: unknown; url?: unknown };
        const trimmed = typeof name === "string" ? name.trim() : "";
        return trimmed ? [{ name: trimmed, url: typeof url === "string" && isHttpUrl(url.trim()) ? url.trim() : "" }] : [];
      })
    : [];
  const original = typeof data.original_author === "string" ? data.original_author.trim() : "";
  // Data with only the single-author form (authors, author_url) reads as a list of one.
  const single = typeof data.authors === "string" ? data.authors.trim() : "";
  const singleUrl = typeof data.author_url === "string" && isHttpUrl(data.author_url.trim()) ? data.author_url.trim() : "";
  const authors = list.length ? list : single ? [{ name: single, url: singleUrl }] : [];
  return { authors_list: authors, authors: authors.map((a) => a.name).join(", "), author_url: authors[0]?.url ?? "", original_author: original };
}

/**
 * extra_data with its authors replaced (when `authors` is given) and its original author (when given), the single-author
 * form (authors: the names joined, author_url: the first link) kept in step, every other key (keywords...) as it was;
 * null when nothing is left.
 */
export function withAuthors(raw: string | null, authors: Author[] | undefined, originalAuthor: string | undefined): string | null {
  const data = parseExtraData(raw);
  if (authors) {
    if (authors.length) Object.assign(data, { authors_list: authors, authors: authors.map((a) => a.name).join(", "), author_url: authors[0]!.url });
    else for (const key of ["authors_list", "authors", "author_url"]) delete data[key];
  }
  if (originalAuthor !== undefined) {
    if (originalAuthor) data.original_author = originalAuthor;
    else delete data.original_author;
  }
  return Object.keys(data).length ? JSON.stringify(data) : null;
}
