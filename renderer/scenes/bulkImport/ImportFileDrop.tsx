import { useState } from "react";
import { DropZone } from "../../components/DropZone.js";
import { isModalOpen, useClaimWindowDrop } from "../../hooks/windowDropClaims.js";
import { BulkImportDialog } from "./BulkImportDialog.js";

/**
 * On the import screen, a spreadsheet dropped on the window starts a new bulk import: the Bulk Import dialog opens with
 * it (and its local preview). The screen claims the window's drops, so they never become resources here. Drops are
 * ignored while another modal is open (the header's Create dialog, say); the Bulk Import dialog takes its own.
 */
export function ImportFileDrop() {
  const [dropped, setDropped] = useState<File | null>(null);
  useClaimWindowDrop();
  return (
    <>
      <DropZone label="Drop a spreadsheet to start a bulk import" hint=".csv, .xls or .xlsx" enabled={!dropped} ignoreWhile={isModalOpen} onFiles={(files) => setDropped(files[0]!)} />
      {dropped && <BulkImportDialog open initialFile={dropped} onOpenChange={(open) => !open && setDropped(null)} />}
    </>
  );
}
