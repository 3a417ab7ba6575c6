import { useId, useState } from "react";
import { SHORT_CODES, shortCodeText, type ShortCode } from "../../../contract/index.js";
import { useShortCodePreview } from "../../api/shortCodes.js";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { InlineLoadError } from "../InlineLoadError.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { TabList, TabPanel } from "../Tabs.js";

const TRY_IT = "try-it";
const TABS = [...SHORT_CODES.map((code) => ({ key: code.tag, label: code.name })), { key: TRY_IT, label: "Try it out" }];

/** The Try it out box grows with its text up to this many rows (first document: short-code editor max rows 8), then scrolls. */
const TRY_IT_MAX_ROWS = 8;
const TRY_IT_START = `[callout type="tip" title="Try it"]Change this text, or paste an example from the other tabs.[/callout]`;
/** How long typing pauses before the preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 300;

/** Text rendered by the server as the view page renders it (sanitized HTML), or why it could not be. */
function Preview({ text, label }: { text: string; label: string }) {
  const preview = useShortCodePreview(text);
  if (preview.isError) return <InlineLoadError message="The preview could not be made." onRetry={() => void preview.refetch()} />;
  return (
    <div className="short-codes__preview" role="group" aria-label={label} aria-busy={preview.isFetching}>
      {preview.data ? <div className="rich-content" dangerouslySetInnerHTML={{ __html: preview.data.html }} /> : <p className="short-codes__loading">Loading preview…</p>}
    </div>
  );
}

/** One code's tab: what it is for, its other names, its attributes and its examples with their previews. */
function CodePanel({ code }: { code: ShortCode }) {
  return (
    <div className="short-codes__code">
      <p>{code.description}</p>
      {code.aliases.length > 0 && (
        <p>
          Also written as{" "}
          {code.aliases.map((alias, index) => (
            <span key={alias}>
              {index > 0 && " or "}
              <code>[{alias}]</code>
            </span>
          ))}
          .
        </p>
      )}
      <h3 className="short-codes__heading">Attributes</h3>
      <dl className="short-codes__attributes">
        {code.attributeHelp.map((attribute) => (
          <div key={attribute.name}>
            <dt>
              <code>{attribute.name}</code> {attribute.required ? "(required)" : "(optional)"}
            </dt>
            <dd>{attribute.help}</dd>
          </div>
        ))}
      </dl>
      <h3 className="short-codes__heading">{code.examples.length === 1 ? "Example" : "Examples"}</h3>
      {code.examples.map((example, index) => {
        const text = shortCodeText(code, example);
        return (
          <div key={index} className="short-codes__example">
            <pre className="short-codes__source">
              <code>{text}</code>
            </pre>
            <Preview text={text} label={`Preview of ${code.name.toLowerCase()} example ${index + 1}`} />
          </div>
        );
      })}
    </div>
  );
}

/** The Try it out tab: a text box and the preview of what was typed, as the view page will show it. */
function TryItPanel() {
  const fieldId = useId();
  const [text, setText] = useState(TRY_IT_START);
  const settled = useDebouncedValue(text, PREVIEW_DEBOUNCE_MS);
  const rows = Math.min(TRY_IT_MAX_ROWS, Math.max(3, text.split("\n").length));
  return (
    <div className="short-codes__try">
      <label htmlFor={fieldId} className="field__label">
        Text with short codes
      </label>
      <textarea id={fieldId} className="input short-codes__input" rows={rows} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      <p className="field__hint">Each line is a paragraph, as in a section. Unknown or unfinished codes stay as you typed them.</p>
      <h3 className="short-codes__heading">Preview</h3>
      <Preview text={settled} label="Preview of your text" />
    </div>
  );
}

/**
 * About Short Codes (first document: a tab per code with examples and a Try it out tab with live preview). Codes are
 * typed as text in a section; the view page shows them expanded. Previews come from the server, which expands them
 * exactly as for the view page.
 */
export function ShortCodesDialog({ onClose }: { onClose(): void }) {
  const idBase = useId();
  const [tab, setTab] = useState<string>(SHORT_CODES[0]!.tag);
  return (
    <ModalFrame
      id="short-codes-modal"
      title="About Short Codes"
      description="Type a short code in square brackets anywhere in a section's text. The editor keeps it as you typed it; readers see what it makes."
      className="dialog dialog--short-codes"
      onClose={onClose}
    >
      <TabList idBase={idBase} label="Short codes" tabs={TABS} active={tab} onSelect={setTab} homeEnd />
      {SHORT_CODES.map((code) => (
        <TabPanel key={code.tag} idBase={idBase} tabKey={code.tag} active={tab === code.tag}>
          <CodePanel code={code} />
        </TabPanel>
      ))}
      <TabPanel idBase={idBase} tabKey={TRY_IT} active={tab === TRY_IT}>
        <TryItPanel />
      </TabPanel>
      <CloseActions variant="primary" />
    </ModalFrame>
  );
}
