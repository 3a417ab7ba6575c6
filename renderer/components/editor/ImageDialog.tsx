import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { IMAGE_UPLOAD_RULES, MESSAGES, THUMBNAIL_MESSAGES, isAllowedImageFile } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { uploadEditorImage } from "../../api/editor.js";
import { fieldErrorProps } from "../Field.js";
import { FormDialog } from "../ModalFrame.js";

const ACCEPT = ".jpg,.jpeg,.gif,.png,.svg,image/jpeg,image/gif,image/png,image/svg+xml";
const ADDRESS = /^https?:\/\/\S+$/i;

/**
 * The editor's Insert image dialog: an image from the author's computer (uploaded to POST /corefiles/image when
 * Insert is pressed) or from an address, with its alternative text. Answers the address to put in the body.
 */
export function ImageDialog({ onInsert, onCancel, onCloseAutoFocus }: { onInsert(src: string, alt: string): void; onCancel(): void; onCloseAutoFocus?(event: Event): void }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [address, setAddress] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    if (!chosen) return setFile(null);
    if (!isAllowedImageFile(chosen)) {
      setFile(null);
      event.target.value = "";
      return setError(THUMBNAIL_MESSAGES.imageType);
    }
    if (chosen.size > IMAGE_UPLOAD_RULES.maxBytes) {
      setFile(null);
      event.target.value = "";
      return setError(THUMBNAIL_MESSAGES.imageTooLarge);
    }
    setFile(chosen);
    // A file chosen from the computer replaces an address typed before.
    setAddress("");
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) {
      if (ADDRESS.test(address.trim())) return onInsert(address.trim(), alt.trim());
      setError(address.trim() ? "Enter an image address starting with http:// or https://." : "Choose an image from your computer, or enter its address.");
      fileRef.current?.focus();
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadEditorImage(file, setProgress);
      onInsert(uploaded.location, alt.trim());
    } catch (err) {
      setError(messageOf(err, MESSAGES.unexpected));
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <FormDialog
      title="Insert image"
      onClose={onCancel}
      onSubmit={handleSubmit}
      formClassName="stack"
      submitLabel="Insert"
      busyLabel={`Uploading… ${Math.round((progress ?? 0) * 100)}%`}
      submitting={uploading}
      contentProps={{ onCloseAutoFocus }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          Image from your computer
        </label>
        <input ref={fileRef} id={`${id}-file`} className="input" type="file" accept={ACCEPT} disabled={uploading} onChange={handleFile} {...fieldErrorProps(`${id}-file`, error)} />
        <p className="field__hint">jpg, jpeg, gif, png or svg, at most 5 MB.</p>
        {error && (
          <p id={`${id}-file-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-src`}>
          Or the image's address
        </label>
        <input id={`${id}-src`} className="input" type="url" value={address} disabled={uploading || file !== null} placeholder="https://…" onChange={(e) => setAddress(e.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-alt`}>
          Description (alternative text)
        </label>
        <input id={`${id}-alt`} className="input" value={alt} disabled={uploading} onChange={(e) => setAlt(e.target.value)} />
        <p className="field__hint">What the image shows, for readers who cannot see it.</p>
      </div>
    </FormDialog>
  );
}
