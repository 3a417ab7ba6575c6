/**
 * An address a page may link to or load: http(s), or a path on this site; anything else (javascript:, data:, //host,
 * and /\host, which browsers read as //host) is none.
 */
export function safeLink(link: string | null): string | null {
  const value = link?.trim() ?? "";
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return value;
  return null;
}
