import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import type { ReactNode } from "react";
import { EMBED_DEFAULT, safeEmbedSrc } from "../../../contract/index.js";

export type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

/** An image by URL with its alternative text. */
export class ImageNode extends DecoratorNode<ReactNode> {
  __src: string;
  __alt: string;

  static override getType(): string {
    return "image";
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode(json.src, json.alt);
  }

  override exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, src: this.__src, alt: this.__alt };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement("img");
    img.src = this.__src;
    img.alt = this.__alt;
    return { element: img };
  }

  static override importDOM(): DOMConversionMap | null {
    return { img: () => ({ priority: 1, conversion: (el: HTMLElement) => ({ node: $createImageNode(el.getAttribute("src") ?? "", el.getAttribute("alt") ?? "") }) }) };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement("span");
    span.className = "editor-image";
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  override decorate(): ReactNode {
    return <img src={this.__src} alt={this.__alt} />;
  }
}

/** A new image node. */
export function $createImageNode(src: string, alt: string): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

export type SerializedEmbedNode = Spread<{ src: string; width: number; height: number }, SerializedLexicalNode>;

/** An embedded frame from an allowed host (the safe-embed rules), 560x315 unless sized. */
export class EmbedNode extends DecoratorNode<ReactNode> {
  __src: string;
  __width: number;
  __height: number;

  static override getType(): string {
    return "embed";
  }

  static override clone(node: EmbedNode): EmbedNode {
    return new EmbedNode(node.__src, node.__width, node.__height, node.__key);
  }

  constructor(src: string, width: number, height: number, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__width = width;
    this.__height = height;
  }

  static override importJSON(json: SerializedEmbedNode): EmbedNode {
    return $createEmbedNode(json.src, json.width, json.height);
  }

  override exportJSON(): SerializedEmbedNode {
    return { ...super.exportJSON(), type: "embed", version: 1, src: this.__src, width: this.__width, height: this.__height };
  }

  override exportDOM(): DOMExportOutput {
    const frame = document.createElement("iframe");
    frame.src = this.__src;
    frame.width = String(this.__width);
    frame.height = String(this.__height);
    frame.title = "Embedded content";
    return { element: frame };
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      iframe: () => ({
        priority: 1,
        conversion: (el: HTMLElement) => {
          const src = safeEmbedSrc(el.getAttribute("src") ?? "");
          return { node: src ? $createEmbedNode(src, Number(el.getAttribute("width")), Number(el.getAttribute("height"))) : null };
        },
      }),
    };
  }

  override createDOM(): HTMLElement {
    const div = document.createElement("div");
    div.className = "editor-embed";
    return div;
  }

  override updateDOM(): false {
    return false;
  }

  override decorate(): ReactNode {
    return <iframe src={this.__src} width={this.__width} height={this.__height} title="Embedded content" allowFullScreen loading="lazy" />;
  }
}

const size = (n: number, fallback: number) => (Number.isInteger(n) && n > 0 && n <= 2000 ? n : fallback);

/** A new embed node; the source must pass the safe-embed rules (checked by the caller). */
export function $createEmbedNode(src: string, width: number, height: number): EmbedNode {
  return $applyNodeReplacement(new EmbedNode(src, size(width, EMBED_DEFAULT.width), size(height, EMBED_DEFAULT.height)));
}

/** True for an embed node. */
export function $isEmbedNode(node: LexicalNode | null | undefined): node is EmbedNode {
  return node instanceof EmbedNode;
}
