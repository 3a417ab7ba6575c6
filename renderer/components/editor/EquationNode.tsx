import katex from "katex";
import {
  $applyNodeReplacement,
  $getNodeByKey,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { useLexicalEditable } from "@lexical/react/useLexicalEditable";
import { useMemo, useState, type ReactNode } from "react";
import { equationSize } from "../../../contract/index.js";
import { EquationDialog } from "./EquationDialog.js";

export type SerializedEquationNode = Spread<{ equation: string; size: number }, SerializedLexicalNode>;

/** LaTeX as KaTeX markup (no links or images: trust is off; errors show in red rather than throw). */
export function renderLatex(latex: string): string {
  return katex.renderToString(latex, { throwOnError: false, displayMode: false, output: "htmlAndMathml", trust: false, strict: "ignore" });
}

/** What KaTeX finds wrong with the LaTeX (its parse error's own words), or null when it renders. */
export function latexProblem(latex: string): string | null {
  try {
    katex.renderToString(latex, { throwOnError: true, strict: "ignore", trust: false });
    return null;
  } catch (error) {
    return error instanceof katex.ParseError ? error.rawMessage : String(error);
  }
}

/** The equation as the editor shows it; a click (or Enter) opens the Configure Equation dialog. */
function EquationView({ nodeKey, equation, size }: { nodeKey: NodeKey; equation: string; size: number }) {
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const [open, setOpen] = useState(false);
  const html = useMemo(() => renderLatex(equation), [equation]);

  const handleSave = (next: { equation: string; size: number }) => {
    editor.update(() => {
      const node = $getNodeByKey(nodeKey);
      if ($isEquationNode(node)) node.setValue(next.equation, next.size);
    });
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className="equation"
        style={{ fontSize: `${size}em` }}
        aria-label={`Equation ${equation}${editable ? ", edit" : ""}`}
        disabled={!editable}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />
      </button>
      {open && <EquationDialog initial={{ equation, size }} onSave={handleSave} onCancel={() => setOpen(false)} />}
    </>
  );
}

/** An inline equation: LaTeX and a size (0.5 to 5), rendered with KaTeX. */
export class EquationNode extends DecoratorNode<ReactNode> {
  __equation: string;
  __size: number;

  static override getType(): string {
    return "equation";
  }

  static override clone(node: EquationNode): EquationNode {
    return new EquationNode(node.__equation, node.__size, node.__key);
  }

  constructor(equation: string, size: number, key?: NodeKey) {
    super(key);
    this.__equation = equation;
    this.__size = equationSize(size);
  }

  static override importJSON(json: SerializedEquationNode): EquationNode {
    return $createEquationNode(json.equation, json.size);
  }

  override exportJSON(): SerializedEquationNode {
    return { ...super.exportJSON(), type: "equation", version: 1, equation: this.__equation, size: this.__size };
  }

  /** Saved HTML carries only the LaTeX and size: the server renders the KaTeX markup itself. */
  override exportDOM(): DOMExportOutput {
    const span = document.createElement("span");
    span.className = "math-equation";
    span.setAttribute("data-equation", this.__equation);
    span.setAttribute("data-size", String(this.__size));
    return { element: span };
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      span: (element: HTMLElement) =>
        element.classList.contains("math-equation") && element.hasAttribute("data-equation")
          ? {
              priority: 3,
              // The KaTeX markup inside is a rendering, not content: drop it.
              conversion: (el: HTMLElement) => ({ node: $createEquationNode(el.getAttribute("data-equation") ?? "", el.getAttribute("data-size")), forChild: () => null }),
            }
          : null,
    };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement("span");
    span.className = "equation-host";
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  override getTextContent(): string {
    return this.__equation;
  }

  /** Changes the LaTeX and size. */
  setValue(equation: string, size: number): void {
    const writable = this.getWritable();
    writable.__equation = equation;
    writable.__size = equationSize(size);
  }

  override decorate(): ReactNode {
    return <EquationView nodeKey={this.__key} equation={this.__equation} size={this.__size} />;
  }
}

/** A new equation node (size: non-numeric falls back to 1). */
export function $createEquationNode(equation: string, size: unknown): EquationNode {
  return $applyNodeReplacement(new EquationNode(equation, equationSize(size)));
}

/** True for an equation node. */
export function $isEquationNode(node: LexicalNode | null | undefined): node is EquationNode {
  return node instanceof EquationNode;
}
