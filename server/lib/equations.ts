import katex from "katex";
import { equationSize } from "../../contract/index.js";

/** Opening tag of an equation in sanitized HTML (attribute values there are escaped, so no '>' inside). */
const EQUATION_OPEN = /<span\b[^>]*\bclass="math-equation"[^>]*>/g;
const SPAN_TOKEN = /<span\b[^>]*>|<\/span>/g;

/** Reverses the escaping sanitize-html applies to attribute values. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([\da-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeAttribute(match[1]!) : null;
};

/** One equation as the server renders it: the LaTeX and size kept as data, KaTeX's markup inside. */
export function renderEquation(latex: string, size: unknown): string {
  const zoom = equationSize(size);
  // trust: false keeps \href, \url and \includegraphics from producing links or images; errors render in red, not throw.
  const body = katex.renderToString(latex, { throwOnError: false, displayMode: false, output: "htmlAndMathml", trust: false, strict: "ignore", maxSize: 50, maxExpand: 1000 });
  return `<span class="math-equation" data-equation="${escapeAttribute(latex)}" data-size="${zoom}" style="font-size:${zoom}em">${body}</span>`;
}

/**
 * Replaces every equation span of sanitized (so well-formed) HTML, children included, with the
 * server's own KaTeX rendering of its data-equation.
 */
export function renderEquations(html: string): string {
  let out = "";
  let from = 0;
  EQUATION_OPEN.lastIndex = 0;
  for (let open = EQUATION_OPEN.exec(html); open; open = EQUATION_OPEN.exec(html)) {
    // Find the matching </span> by counting nested spans.
    let depth = 1;
    let end = html.length;
    SPAN_TOKEN.lastIndex = open.index + open[0].length;
    for (let token = SPAN_TOKEN.exec(html); token; token = SPAN_TOKEN.exec(html)) {
      depth += token[0] === "</span>" ? -1 : 1;
      if (depth === 0) {
        end = token.index + token[0].length;
        break;
      }
    }
    const latex = attribute(open[0], "data-equation");
    out += html.slice(from, open.index) + (latex === null ? "" : renderEquation(latex, attribute(open[0], "data-size")));
    from = end;
    EQUATION_OPEN.lastIndex = end;
  }
  return out + html.slice(from);
}
