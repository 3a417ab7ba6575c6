import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  ImportedXmlComponent,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from "docx";
import { imageSize } from "image-size";
import katex from "katex";
import { mml2omml } from "mathml2omml";
import type { ExportDocument } from "./exportDocument.js";
import type { ExportImageLoader } from "./exportImages.js";
import { parseHtml, type HtmlNode } from "./htmlTree.js";

type Element = HtmlNode & { type: "element" };
type Block = Paragraph | Table;

/** Character formatting inherited from enclosing inline elements. */
interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  subScript?: boolean;
  superScript?: boolean;
  code?: boolean;
}

/** Where blocks are being written: inside which list (and how deep), quote or table cell. */
interface BlockContext {
  list?: { ordered: boolean; level: number; instance: number };
  quote?: boolean;
  code?: boolean;
}

const HEADINGS: Record<string, (typeof HeadingLevel)[keyof typeof HeadingLevel]> = {
  h1: HeadingLevel.HEADING_1,
  h2: HeadingLevel.HEADING_2,
  h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4,
  h5: HeadingLevel.HEADING_5,
  h6: HeadingLevel.HEADING_6,
};
const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "table", "hr", "figure", "figcaption", "div", "section", "article", "aside", "header", "footer", "details", "summary", "iframe"]);
const MAX_IMAGE_WIDTH = 600;
const ORDERED = "ordered-list";

/**
 * One equation as a Word equation: KaTeX's MathML converted to OMML. Null when the conversion fails, so the
 * caller writes the fallback (the LaTeX, marked as such).
 */
export function equationToOmml(latex: string): string | null {
  try {
    const mathml = katex
      .renderToString(latex, { output: "mathml", throwOnError: true, trust: false, strict: "ignore", maxSize: 50, maxExpand: 1000 })
      .replace(/^[\s\S]*?(<math[\s\S]*<\/math>)[\s\S]*$/, "$1")
      .replace(/<\/?semantics>/g, "")
      .replace(/<annotation[\s\S]*?<\/annotation>/g, "");
    const omml = mml2omml(mathml);
    return omml.includes("<m:oMath") ? omml : null;
  } catch {
    return null;
  }
}

/** Builds a Word (.docx) document of the export: headings, formatted text, lists, tables, images and Word equations. */
export async function renderExportDocx(doc: ExportDocument, loadImage: ExportImageLoader): Promise<Buffer> {
  let listInstance = 0;

  const equationRun = (node: Element): ParagraphChild[] => {
    const latex = node.attrs["data-equation"] ?? "";
    const omml = equationToOmml(latex);
    // An ImportedXmlComponent is written as the raw OMML it was parsed from.
    if (omml) return [ImportedXmlComponent.fromXmlString(omml) as unknown as ParagraphChild];
    return [new TextRun({ text: `[Equation: ${latex}]`, font: "Cambria Math", italics: true })];
  };

  const imageRun = async (node: Element): Promise<ParagraphChild[]> => {
    const image = await loadImage(node.attrs.src ?? "");
    const alt = node.attrs.alt ?? "";
    if (!image) return [new TextRun({ text: `[Image${alt ? `: ${alt}` : ""}]`, italics: true })];
    let { width = 300, height = 200 } = (() => {
      try {
        return imageSize(image.data);
      } catch {
        return { width: 300, height: 200 };
      }
    })();
    if (width > MAX_IMAGE_WIDTH) [width, height] = [MAX_IMAGE_WIDTH, Math.round((height * MAX_IMAGE_WIDTH) / width)];
    const type = image.mimeType === "image/png" ? "png" : image.mimeType === "image/gif" ? "gif" : "jpg";
    return [new ImageRun({ type, data: image.data, transformation: { width, height }, altText: { name: alt || "image", description: alt, title: alt } })];
  };

  /** An embedded frame as a link to its address (http(s) only). */
  const frameLink = (node: Element): ParagraphChild[] => {
    const src = node.attrs.src ?? "";
    return /^https?:/.test(src) ? [new ExternalHyperlink({ link: src, children: [new TextRun({ text: src, underline: {} })] })] : [];
  };

  /** The runs of inline content (text, formatting, links, equations, images, frames as links). */
  const inlines = async (nodes: HtmlNode[], style: RunStyle): Promise<ParagraphChild[]> => {
    const out: ParagraphChild[] = [];
    for (const node of nodes) {
      if (node.type === "text") {
        const text = style.code ? node.text : node.text.replace(/\s+/g, " ");
        if (text) out.push(new TextRun({ text, bold: style.bold, italics: style.italics, underline: style.underline ? {} : undefined, strike: style.strike, subScript: style.subScript, superScript: style.superScript, font: style.code ? "Courier New" : undefined }));
        continue;
      }
      const { tag } = node;
      const classes = node.attrs.class?.split(/\s+/) ?? [];
      if (tag === "span" && classes.includes("math-equation")) out.push(...equationRun(node));
      // A callout's title is a block on the page (a span styled so: see shortCodes.ts); in Word it is a bold line of its own, not run into the text.
      else if (tag === "span" && classes.includes("sc-callout__title")) out.push(...(await inlines(node.children, { ...style, bold: true })), new TextRun({ break: 1 }));
      else if (tag === "br") out.push(new TextRun({ break: 1 }));
      else if (tag === "img") out.push(...(await imageRun(node)));
      // An embedded frame sits in a paragraph as the editor writes it: Word cannot play it, so its address is a link (it was dropped).
      else if (tag === "iframe") out.push(...frameLink(node));
      else if (tag === "a" && /^(https?:|mailto:)/i.test(node.attrs.href ?? "")) {
        const children = (await inlines(node.children, { ...style, underline: true })).filter((c): c is TextRun => c instanceof TextRun);
        out.push(new ExternalHyperlink({ link: node.attrs.href!, children: children.length ? children : [new TextRun({ text: node.attrs.href!, underline: {} })] }));
      } else {
        const next: RunStyle = { ...style };
        if (tag === "b" || tag === "strong" || tag === "th") next.bold = true;
        if (tag === "i" || tag === "em") next.italics = true;
        if (tag === "u") next.underline = true;
        if (tag === "s") next.strike = true;
        if (tag === "sub") next.subScript = true;
        if (tag === "sup") next.superScript = true;
        if (tag === "code") next.code = true;
        out.push(...(await inlines(node.children, next)));
      }
    }
    return out;
  };

  const paragraph = (children: ParagraphChild[], ctx: BlockContext, extra: Partial<ConstructorParameters<typeof Paragraph>[0] & object> = {}) =>
    new Paragraph({
      children,
      ...(ctx.list ? (ctx.list.ordered ? { numbering: { reference: ORDERED, level: ctx.list.level, instance: ctx.list.instance } } : { bullet: { level: ctx.list.level } }) : {}),
      ...(ctx.quote ? { indent: { left: 720 }, border: { left: { style: BorderStyle.SINGLE, size: 12, color: "CBD5E0", space: 8 } } } : {}),
      ...extra,
    });

  /** Block content: paragraphs, headings, lists, quotes, tables; loose inline content is gathered into paragraphs. */
  const blocks = async (nodes: HtmlNode[], ctx: BlockContext): Promise<Block[]> => {
    const out: Block[] = [];
    let pending: HtmlNode[] = [];
    const flush = async () => {
      if (pending.some((n) => n.type === "element" || n.text.trim())) out.push(paragraph(await inlines(pending, { code: ctx.code }), ctx));
      pending = [];
    };
    for (const node of nodes) {
      if (node.type === "text" || !BLOCK_TAGS.has(node.tag)) {
        pending.push(node);
        continue;
      }
      await flush();
      const { tag } = node;
      if (tag === "p") out.push(paragraph(await inlines(node.children, { code: ctx.code }), ctx, { alignment: alignmentOf(node) }));
      else if (HEADINGS[tag]) out.push(paragraph(await inlines(node.children, {}), ctx, { heading: HEADINGS[tag] }));
      else if (tag === "ul" || tag === "ol") {
        const level = ctx.list ? Math.min(ctx.list.level + 1, 8) : 0;
        const list = { ordered: tag === "ol", level, instance: tag === "ol" && level === 0 ? ++listInstance : (ctx.list?.instance ?? ++listInstance) };
        for (const li of node.children) if (li.type === "element") out.push(...(await blocks(li.tag === "li" ? li.children : [li], { ...ctx, list })));
      } else if (tag === "li") out.push(...(await blocks(node.children, ctx)));
      else if (tag === "blockquote") out.push(...(await blocks(node.children, { ...ctx, quote: true })));
      else if (tag === "pre") out.push(...(await blocks(node.children, { ...ctx, code: true })));
      else if (tag === "hr") out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "A0AEC0", space: 1 } } }));
      else if (tag === "table") out.push(await table(node));
      else if (tag === "figcaption") out.push(paragraph(await inlines(node.children, { italics: true }), ctx));
      else if (tag === "iframe") out.push(paragraph(frameLink(node), ctx));
      else out.push(...(await blocks(node.children, ctx)));
    }
    await flush();
    return out;
  };

  const table = async (node: Element): Promise<Table> => {
    const rows: Element[] = [];
    const collect = (nodes: HtmlNode[]) => nodes.forEach((n) => n.type === "element" && (n.tag === "tr" ? rows.push(n) : ["thead", "tbody", "tfoot"].includes(n.tag) && collect(n.children)));
    collect(node.children);
    const tableRows = await Promise.all(
      rows.map(async (tr) => {
        const cells = tr.children.filter((c): c is Element => c.type === "element" && (c.tag === "td" || c.tag === "th"));
        return new TableRow({
          tableHeader: cells.every((c) => c.tag === "th"),
          children: await Promise.all(
            cells.map(async (cell) => {
              const content = cell.tag === "th" ? [new Paragraph({ children: await inlines(cell.children, { bold: true }) })] : await blocks(cell.children, {});
              return new TableCell({ children: content.length ? content : [new Paragraph("")], columnSpan: Number(cell.attrs.colspan) || undefined, rowSpan: Number(cell.attrs.rowspan) || undefined });
            }),
          ),
        });
      }),
    );
    return new Table({ rows: tableRows.length ? tableRows : [new TableRow({ children: [new TableCell({ children: [new Paragraph("")] })] })], width: { size: 100, type: WidthType.PERCENTAGE } });
  };

  const body: Block[] = [
    new Paragraph({ children: [new TextRun({ text: doc.typeName.toUpperCase(), color: "4A5568", size: 18 })] }),
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    new Paragraph({ children: [new TextRun({ text: `By ${doc.ownerName}`, color: "4A5568" })] }),
  ];
  if (doc.description) body.push(new Paragraph({ children: [new TextRun({ text: doc.description, size: 24 })], spacing: { before: 200, after: 200 } }));
  for (const section of doc.sections) {
    if (section.title) body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.title)] }));
    body.push(...(await blocks(parseHtml(section.html), {})));
  }

  const document = new Document({
    title: doc.title,
    creator: doc.ownerName,
    description: doc.description ?? undefined,
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: Array.from({ length: 9 }, (_, level) => ({ level, format: level % 3 === 0 ? LevelFormat.DECIMAL : level % 3 === 1 ? LevelFormat.LOWER_LETTER : LevelFormat.LOWER_ROMAN, text: `%${level + 1}.`, alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } } })),
        },
      ],
    },
    sections: [{ children: body }],
  });
  return Packer.toBuffer(document);
}

/** The paragraph alignment the sanitizer kept (style text-align). */
function alignmentOf(node: Element) {
  const align = /text-align:\s*(left|right|center|justify)/.exec(node.attrs.style ?? "")?.[1];
  return align === "center" ? AlignmentType.CENTER : align === "right" ? AlignmentType.RIGHT : align === "justify" ? AlignmentType.JUSTIFIED : undefined;
}

