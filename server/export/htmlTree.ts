/** A node of sanitized HTML: an element with attributes and children, or text. */
export type HtmlNode = { type: "text"; text: string } | { type: "element"; tag: string; attrs: Record<string, string>; children: HtmlNode[] };

const VOID = new Set(["br", "hr", "img", "col", "input", "meta", "link", "source", "wbr"]);
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|<!--[\s\S]*?-->/g;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Decodes the entities sanitize-html and KaTeX write (named basics and numeric references). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([\da-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  return attrs;
}

/**
 * Parses HTML that the server itself sanitized (so well-formed, with a short list of tags) into a tree.
 * Not a general HTML parser: unmatched closing tags are ignored and open ones closed at the end.
 */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlNode & { type: "element" } = { type: "element", tag: "#root", attrs: {}, children: [] };
  const stack = [root];
  let from = 0;
  const pushText = (text: string) => text && stack.at(-1)!.children.push({ type: "text", text: decodeEntities(text) });
  for (const m of html.matchAll(TOKEN)) {
    pushText(html.slice(from, m.index));
    from = m.index + m[0].length;
    if (!m[2]) continue; // a comment
    const tag = m[2].toLowerCase();
    if (m[1]) {
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: HtmlNode & { type: "element" } = { type: "element", tag, attrs: parseAttributes(m[3] ?? ""), children: [] };
    stack.at(-1)!.children.push(node);
    if (!VOID.has(tag) && !m[4]) stack.push(node);
  }
  pushText(html.slice(from));
  return root.children;
}

/** The text of a node and its descendants. */
export function textOf(nodes: HtmlNode[]): string {
  return nodes.map((n) => (n.type === "text" ? n.text : textOf(n.children))).join("");
}
