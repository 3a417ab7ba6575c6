import { useEffect, useRef, useState } from "react";
import { DragPresence, DROP_ZONE_HIDE_MS } from "../components/dragPresence.js";

/** True when a drag carries files from outside the page (not selected text or a link). */
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/**
 * Lets files be dropped anywhere on the window (from the desktop, or another app): `onFiles` gets the dropped File
 * objects. Answers whether files are being dragged over the window, which turns false 250 ms after the last dragover.
 * While disabled, drops are left alone (the page does nothing with them; Electron never navigates to a dropped file).
 * While `ignoreWhile()` answers true (a modal is open over the page, say), drops are swallowed: nothing shows, nothing
 * happens, and a browser does not open the file in place of the page.
 */
export function useFileDrop(onFiles: (files: File[]) => void, options: { enabled?: boolean; hideAfterMs?: number; ignoreWhile?: () => boolean } = {}): boolean {
  const { enabled = true, hideAfterMs = DROP_ZONE_HIDE_MS, ignoreWhile } = options;
  const [dragging, setDragging] = useState(false);
  // The latest callback, so a new function each render does not re-attach the listeners.
  const onFilesRef = useRef(onFiles);
  const ignoreWhileRef = useRef(ignoreWhile);
  useEffect(() => {
    onFilesRef.current = onFiles;
    ignoreWhileRef.current = ignoreWhile;
  }, [onFiles, ignoreWhile]);

  useEffect(() => {
    if (!enabled) return;
    const presence = new DragPresence(setDragging, hideAfterMs);
    const handleDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without preventDefault the browser refuses the drop (or opens the file in place of the page).
      event.preventDefault();
      // Ignored: no overlay and no drop effect of ours (another target, such as a modal's own, may set one).
      if (ignoreWhileRef.current?.()) return presence.end();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
      presence.dragOver();
    };
    const handleDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      presence.end();
      if (ignoreWhileRef.current?.()) return;
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) onFilesRef.current(files);
    };
    const handleDragEnd = () => presence.end();
    window.addEventListener("dragover", handleDragOver);
    window.addEventListener("drop", handleDrop);
    window.addEventListener("dragend", handleDragEnd);
    return () => {
      window.removeEventListener("dragover", handleDragOver);
      window.removeEventListener("drop", handleDrop);
      window.removeEventListener("dragend", handleDragEnd);
      presence.dispose();
      setDragging(false);
    };
  }, [enabled, hideAfterMs]);

  return dragging;
}
