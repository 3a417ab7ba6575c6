import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $isLinkNode, AutoLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from "@lexical/list";
import { LexicalComposer, type InitialConfigType } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { EditorRefPlugin } from "@lexical/react/LexicalEditorRefPlugin";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import { $createHeadingNode, HeadingNode, QuoteNode, type HeadingTagType } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { INSERT_TABLE_COMMAND, TableCellHeaderStates, TableCellNode, TableNode, TableRowNode } from "@lexical/table";
import { $dfs, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_LOW,
  FOCUS_COMMAND,
  FORMAT_TEXT_COMMAND,
  isHTMLElement,
  type BaseSelection,
  type DOMExportOutputMap,
  type LexicalEditor,
  type LexicalNode,
} from "lexical";
import { useEffect, useRef, useState, type RefCallback } from "react";
import { EDITOR_MESSAGES, EMBED_DEFAULT, linkedItemUid, videoEmbedSrc } from "../../../contract/index.js";
import { EquationDialog } from "./EquationDialog.js";
import { $createEquationNode, EquationNode } from "./EquationNode.js";
import { FieldsDialog } from "./FieldsDialog.js";
import { ImageDialog } from "./ImageDialog.js";
import { $createEmbedNode, $createImageNode, EmbedNode, ImageNode } from "./MediaNodes.js";
import { ShortCodesDialog } from "./ShortCodesDialog.js";
import { TableDialog } from "./TableDialog.js";

const THEME = {
  paragraph: "rt-p",
  heading: { h2: "rt-h2", h3: "rt-h3" },
  list: { ul: "rt-ul", ol: "rt-ol", listitem: "rt-li" },
  link: "rt-link",
  table: "rt-table",
  // A table wider than the section scrolls in its own box, as on the item's page (RichHtml's table-scroll).
  tableScrollableWrapper: "rt-table-scroll",
  tableCell: "rt-td",
  tableCellHeader: "rt-th",
  text: { bold: "rt-bold", italic: "rt-italic", underline: "rt-underline" },
};

const NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode, TableNode, TableRowNode, TableCellNode, EquationNode, ImageNode, EmbedNode];

/**
 * The saved HTML's header cells say what they head: a header row's <th> scope="col", a header column's scope="row"
 * (Lexical writes the <th> without it), so the item's page reads each cell with its header to a screen reader.
 */
const HTML_EXPORT: DOMExportOutputMap = new Map([
  [
    TableCellNode,
    (editor, node) => {
      const cell = node as TableCellNode;
      const output = cell.exportDOM(editor);
      if (isHTMLElement(output.element) && output.element.tagName === "TH") {
        const states = cell.getHeaderStyles();
        output.element.setAttribute("scope", states & TableCellHeaderStates.ROW ? "col" : "row");
      }
      return output;
    },
  ],
]);

/** A section's content as saved: Lexical's JSON and the HTML rendered from it (sanitized again on the server). */
export function readSectionContent(editor: LexicalEditor): { json: Record<string, unknown>; html: string } {
  const json = editor.getEditorState().toJSON() as unknown as Record<string, unknown>;
  const html = editor.read(() => $generateHtmlFromNodes(editor, null));
  return { json, html };
}

/** A section's Lexical JSON without an editor (used when a section is removed, for Undo). */
export function snapshotJson(editor: LexicalEditor): Record<string, unknown> {
  return editor.getEditorState().toJSON() as unknown as Record<string, unknown>;
}

/** The initial editor state: saved JSON when there is some, else the stored HTML (a template's copy). */
function initialState(json: Record<string, unknown> | null, html: string): InitialConfigType["editorState"] {
  if (json) return JSON.stringify(json);
  if (!html) return undefined;
  return (editor: LexicalEditor) => {
    const dom = new DOMParser().parseFromString(html, "text/html");
    const nodes = $generateNodesFromDOM(editor, dom);
    const root = $getRoot();
    root.clear();
    // Inline nodes at the top level need a paragraph around them.
    let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
    for (const node of nodes) {
      if ("isInline" in node && (node as LexicalNode & { isInline(): boolean }).isInline()) {
        if (!paragraph) root.append((paragraph = $createParagraphNode()));
        paragraph.append(node);
      } else {
        paragraph = null;
        root.append(node);
      }
    }
  };
}

// The editors whose text ever held a caret: until one has, whatever selection its state carries is not one the author chose.
const hadCaret = new WeakSet<LexicalEditor>();

/** Puts the selection where a toolbar insert goes: where the caret was last (`remembered` when a dialog took the focus),
 * or at the end of the section when the text never had a caret. Every toolbar insert goes through here. */
function $placeCaret(editor: LexicalEditor, remembered: BaseSelection | null): void {
  if (!hadCaret.has(editor)) $getRoot().selectEnd();
  else if (remembered) $setSelection(remembered.clone());
  else if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
}

type OpenDialog = "link" | "image" | "embed" | "equation" | "table" | "shortCodes" | null;

/**
 * Which tools an editor offers: `full` for an item's sections; `simple` for text kept to the "simple" sanitize profile
 * (announcements): paragraphs, bold, italic, underline, lists and links, no headings, media, tables, equations or
 * short codes, which the server would take out.
 */
export type EditorTools = "full" | "simple";
const SIMPLE_TOOLS = new Set(["Paragraph", "Bold", "Italic", "Underline", "Bulleted list", "Numbered list", "Link"]);

/** The formatting toolbar of one section editor. */
function Toolbar({ label, disabled, tools }: { label: string; disabled: boolean; tools: EditorTools }) {
  const [editor] = useLexicalComposerContext();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [saved, setSaved] = useState<BaseSelection | null>(null);
  // Set by an insert, so the closing dialog gives focus to the text rather than to the toolbar button that opened it.
  const inserted = useRef(false);
  useEffect(
    () =>
      editor.registerCommand(
        FOCUS_COMMAND,
        () => {
          hadCaret.add(editor);
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor],
  );

  /** Remembers where the caret was, since a dialog takes focus away from the editor. */
  const open = (which: OpenDialog) => {
    setSaved(editor.getEditorState().read(() => $getSelection()?.clone() ?? null));
    setDialog(which);
  };

  /** Puts nodes where the caret was (or at the end). */
  const insert = (make: () => LexicalNode[]) => {
    editor.update(() => {
      $placeCaret(editor, saved);
      $insertNodes(make());
    });
    inserted.current = true;
    setDialog(null);
  };

  /** After an insert the caret goes back into the text, after what was inserted; a cancel returns to the opener. */
  const handleCloseAutoFocus = (event: Event) => {
    if (!inserted.current) return;
    inserted.current = false;
    event.preventDefault();
    editor.focus();
  };

  const block = (tag: HeadingTagType | "p") =>
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $setBlocksType(selection, () => (tag === "p" ? $createParagraphNode() : $createHeadingNode(tag)));
    });

  const buttons: { label: string; text: string; run(): void }[] = [
    { label: "Paragraph", text: "¶", run: () => block("p") },
    { label: "Heading", text: "H2", run: () => block("h2") },
    { label: "Subheading", text: "H3", run: () => block("h3") },
    { label: "Bold", text: "B", run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold") },
    { label: "Italic", text: "I", run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic") },
    { label: "Underline", text: "U", run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "underline") },
    { label: "Bulleted list", text: "• List", run: () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined) },
    { label: "Numbered list", text: "1. List", run: () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined) },
    { label: "Link", text: "Link", run: () => open("link") },
    { label: "Image", text: "Image", run: () => open("image") },
    { label: "Table", text: "Table", run: () => open("table") },
    { label: "Embed", text: "Embed", run: () => open("embed") },
    { label: "Equation", text: "∑ Equation", run: () => open("equation") },
  ].filter((b) => tools === "full" || SIMPLE_TOOLS.has(b.label));

  return (
    <>
      <div className="rt-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {/* Help, not formatting: open even while the text is read-only. First, so that Shift+Tab from the
            text still reaches the insert buttons (Equation) directly. */}
        {tools === "full" && (
          <button type="button" className="rt-toolbar__button rt-toolbar__button--help" aria-label="About Short Codes" title="About Short Codes" aria-haspopup="dialog" onMouseDown={(e) => e.preventDefault()} onClick={() => setDialog("shortCodes")}>
            Short codes
          </button>
        )}
        {buttons.map((b) => (
          <button key={b.label} type="button" className="rt-toolbar__button" aria-label={b.label} title={b.label} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={b.run}>
            {b.text}
          </button>
        ))}
      </div>
      {dialog === "shortCodes" && <ShortCodesDialog onClose={() => setDialog(null)} />}
      {dialog === "link" && (
        <FieldsDialog
          title="Insert link"
          fields={[{ name: "url", label: "Link address", type: "url", hint: "https://…, mailto:…, #anchor or /a/path on this site" }]}
          validate={({ url }) => (!url!.trim() ? "Enter a link address." : /^\s*javascript:/i.test(url!) ? "A link may not run a script: enter a web address (https://…), mailto:, #anchor or /a/path." : null)}
          onSubmit={({ url }) => {
            editor.update(() => {
              if (saved) $setSelection(saved.clone());
            });
            editor.dispatchCommand(TOGGLE_LINK_COMMAND, url!.trim());
            inserted.current = true;
            setDialog(null);
          }}
          onCancel={() => setDialog(null)}
          onCloseAutoFocus={handleCloseAutoFocus}
        />
      )}
      {dialog === "image" && <ImageDialog onInsert={(src, alt) => insert(() => [$createImageNode(src, alt)])} onCancel={() => setDialog(null)} onCloseAutoFocus={handleCloseAutoFocus} />}
      {dialog === "embed" && (
        <FieldsDialog
          title="Embed a frame"
          fields={[
            { name: "src", label: "Frame address", type: "url", hint: "A YouTube or Vimeo video's address, a Google Drive preview, SoundCloud or Spotify player, or this site's /embed/ pages." },
            { name: "width", label: "Width", type: "number", initial: String(EMBED_DEFAULT.width) },
            { name: "height", label: "Height", type: "number", initial: String(EMBED_DEFAULT.height) },
          ]}
          // A video's page address (YouTube watch, youtu.be, Shorts, vimeo.com), as an author copies it from the browser, becomes
          // its player, as the video short code does; anything else must already be a player address the safe-embed rules allow.
          validate={({ src }) => (videoEmbedSrc(src!) ? null : "This address cannot be embedded. Use a player address from an allowed service.")}
          onSubmit={({ src, width, height }) => insert(() => [$createEmbedNode(videoEmbedSrc(src!)!, Number(width), Number(height))])}
          onCancel={() => setDialog(null)}
          onCloseAutoFocus={handleCloseAutoFocus}
        />
      )}
      {dialog === "table" && (
        <TableDialog
          onInsert={({ rows, columns, headerRow }) => {
            editor.update(() => {
              $placeCaret(editor, saved);
              // The table's first cell takes the caret (a header's, when there is a header row).
              editor.dispatchCommand(INSERT_TABLE_COMMAND, { rows: String(rows), columns: String(columns), includeHeaders: headerRow ? { rows: true, columns: false } : false });
            });
            inserted.current = true;
            setDialog(null);
          }}
          onCancel={() => setDialog(null)}
          onCloseAutoFocus={handleCloseAutoFocus}
        />
      )}
      {dialog === "equation" && (
        <EquationDialog
          initial={{ equation: "", size: 1 }}
          onSave={({ equation, size }) => insert(() => [$createEquationNode(equation, size)])}
          onCancel={() => setDialog(null)}
          onCloseAutoFocus={handleCloseAutoFocus}
        />
      )}
    </>
  );
}

/** Keeps the editor's editable flag in step with the page (read-only while locked or expired). */
function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

/**
 * Reports a change only when the section's content differs from what it held before: Lexical touches a stored empty
 * section as it loads it, and that is not an edit (the page would read "Unsaved changes" and warn on leaving).
 */
function ContentChangePlugin({ onChange }: { onChange(): void }) {
  const [editor] = useLexicalComposerContext();
  const last = useRef<string | null>(null);
  useEffect(() => {
    last.current ??= JSON.stringify(editor.getEditorState().toJSON());
  }, [editor]);
  return (
    <OnChangePlugin
      ignoreSelectionChange
      onChange={(state) => {
        const now = JSON.stringify(state.toJSON());
        if (now === last.current) return;
        last.current = now;
        onChange();
      }}
    />
  );
}

/** A link in the text to an item deleted since it was linked: its node, its text. */
interface RemovedLink {
  key: string;
  text: string;
}

const NO_REMOVED_ITEMS: ReadonlySet<string> = new Set();

/**
 * Marks the links to deleted items (uids in `removedItemUids`) as the view page shows them, "(no longer available)"
 * after their text, and lists them under the text, each with Remove link (its text stays). The stored text changes
 * only when the author removes one and saves.
 */
function RemovedLinksPlugin({ removedItemUids, editable, label }: { removedItemUids: ReadonlySet<string>; editable: boolean; label: string }) {
  const [editor] = useLexicalComposerContext();
  const [links, setLinks] = useState<RemovedLink[]>([]);
  useEffect(() => {
    const refresh = () => {
      const found: RemovedLink[] = [];
      const marks: { key: string; removed: boolean; title: string | null }[] = [];
      editor.getEditorState().read(() => {
        for (const { node } of $dfs()) {
          if (!$isLinkNode(node)) continue;
          const uid = linkedItemUid(node.getURL());
          const removed = uid !== null && removedItemUids.has(uid);
          if (removed) found.push({ key: node.getKey(), text: node.getTextContent() });
          marks.push({ key: node.getKey(), removed, title: removed ? `${node.getTextContent()} ${EDITOR_MESSAGES.linkedItemRemoved}` : node.getTitle() });
        }
      });
      // Lexical owns the links' elements and leaves classes it did not set: each update sets the mark on every link,
      // or takes it off (a link pointed at another item, a re-created element), with the link's own title back.
      for (const mark of marks) {
        const element = editor.getElementByKey(mark.key);
        if (!element) continue;
        element.classList.toggle("rt-link--removed", mark.removed);
        if (mark.title) element.setAttribute("title", mark.title);
        else element.removeAttribute("title");
      }
      setLinks((before) => (JSON.stringify(before) === JSON.stringify(found) ? before : found));
    };
    // The root listener runs at once (and when the text's element changes), the update listener after each edit.
    return mergeRegister(editor.registerUpdateListener(refresh), editor.registerRootListener(refresh));
  }, [editor, removedItemUids]);

  /** Takes the link away, keeping its text where it was. */
  const handleRemove = (key: string) =>
    editor.update(() => {
      const node = $getNodeByKey(key);
      if (!$isLinkNode(node)) return;
      for (const child of node.getChildren()) node.insertBefore(child);
      node.remove();
    });

  if (!links.length) return null;
  return (
    <div className="rt-removed-links" role="group" aria-label={`${label}: links to removed items`}>
      <p className="rt-removed-links__intro">{links.length === 1 ? "This link leads to an item that was deleted:" : "These links lead to items that were deleted:"}</p>
      <ul className="rt-removed-links__list">
        {links.map((link) => (
          <li key={link.key}>
            <span className="rt-removed-links__text">{link.text}</span> <span className="rt-removed-links__note">{EDITOR_MESSAGES.linkedItemRemoved}</span>{" "}
            <button type="button" className="button button--ghost button--small" aria-label={`Remove link to ${link.text}`} disabled={!editable} onClick={() => handleRemove(link.key)}>
              Remove link
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One section's rich-text editor: toolbar, content and history; reports changes and its editor instance. `tools`
 * narrows the toolbar (see EditorTools); `placeholder` is the empty editor's prompt. Links to the items in
 * `removedItemUids` (deleted since they were linked) are marked, with a way to remove each.
 */
export function SectionEditor({
  label,
  json,
  html,
  editable,
  onChange,
  editorRef,
  tools = "full",
  placeholder = "Write this section…",
  removedItemUids = NO_REMOVED_ITEMS,
}: {
  label: string;
  json: Record<string, unknown> | null;
  html: string;
  editable: boolean;
  onChange(): void;
  editorRef: RefCallback<LexicalEditor>;
  tools?: EditorTools;
  placeholder?: string;
  removedItemUids?: ReadonlySet<string>;
}) {
  const [config] = useState<InitialConfigType>(() => ({
    namespace: "section",
    nodes: NODES,
    theme: THEME,
    html: { export: HTML_EXPORT },
    editable,
    editorState: initialState(json, html),
    onError: (error: Error) => {
      // Errors inside the editor must be seen, not swallowed.
      console.error(error);
    },
  }));
  return (
    <LexicalComposer initialConfig={config}>
      <div className="rt">
        <Toolbar label={label} disabled={!editable} tools={tools} />
        {/* The placeholder is placed over the text, not below the toolbar's first row: a toolbar that wraps (phones) would cover it. */}
        <div className="rt-body">
          <RichTextPlugin
            contentEditable={<ContentEditable className="rt-content" aria-label={label} />}
            placeholder={<div className="rt-placeholder">{placeholder}</div>}
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin />
        <TablePlugin hasHorizontalScroll />
        <ContentChangePlugin onChange={onChange} />
        <EditorRefPlugin editorRef={editorRef} />
        <EditablePlugin editable={editable} />
        <RemovedLinksPlugin removedItemUids={removedItemUids} editable={editable} label={label} />
      </div>
    </LexicalComposer>
  );
}
