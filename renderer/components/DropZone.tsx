import { useFileDrop } from "../hooks/useFileDrop.js";
import { Icon } from "./Icon.js";

interface DropZoneProps {
  /** Receives the dropped files (never an empty list). */
  onFiles(files: File[]): void;
  /** What dropping does, e.g. "Drop files to add them as resources". */
  label: string;
  /** A second line, e.g. the accepted types and size limit. */
  hint?: string;
  /** Off while the screen cannot take files (a dialog already uploading, say). */
  enabled?: boolean;
  /** Drops are swallowed while this answers true (see useFileDrop). */
  ignoreWhile?: () => boolean;
}

/**
 * A full-window drop target that shows while files are dragged over the window and disappears 250 ms after the last
 * dragover (or at once on the drop). Mount it once on a screen that takes files; it listens on the window, so the
 * overlay itself never catches the pointer.
 */
export function DropZone({ onFiles, label, hint, enabled = true, ignoreWhile }: DropZoneProps) {
  const dragging = useFileDrop(onFiles, { enabled, ignoreWhile });
  return (
    // The live region stays mounted so screen readers announce the label when a drag starts.
    <div role="status" aria-live="polite">
      {dragging && (
        <div className="drop-zone" data-testid="drop-zone">
          <div className="drop-zone__target">
            <Icon name="file" size={40} />
            <p className="drop-zone__title">{label}</p>
            {hint && <p>{hint}</p>}
          </div>
        </div>
      )}
    </div>
  );
}
