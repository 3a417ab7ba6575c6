import { useState } from "react";
import { useNavigate } from "react-router";
import { RESOURCE_FILE_EXTENSIONS } from "../../contract/index.js";
import { useCurrentProfile } from "../api/queries.js";
import { isModalOpen, useWindowDropClaimed } from "../hooks/windowDropClaims.js";
import { AddResourceDialog, NEWEST_FIRST_SEARCH } from "./AddResourceDialog.js";
import { DroppedFilesDialog } from "./DroppedFilesDialog.js";
import { DropZone } from "./DropZone.js";
import { useGuestModal } from "./GuestModal.js";

const HINT = `${RESOURCE_FILE_EXTENSIONS.join(", ")}; at most 2048 KB each.`;

/**
 * Files dropped anywhere on the window add resources: one file opens the Add Resource form with it, several open a
 * list that adds each. Guests are asked to sign in. Steps aside while a screen with its own drop target is open, and
 * ignores drops while any modal is open (its own included), so a drop never stacks a dialog on another.
 */
export function ResourceFileDrop() {
  const profile = useCurrentProfile();
  const claimed = useWindowDropClaimed();
  const { openGuestModal } = useGuestModal();
  const navigate = useNavigate();
  const [single, setSingle] = useState<File | null>(null);
  const [several, setSeveral] = useState<File[] | null>(null);

  const handleFiles = (files: File[]) => {
    if (!profile) return openGuestModal();
    if (files.length === 1) setSingle(files[0]!);
    else setSeveral(files);
  };

  const handleShowNewest = () => {
    setSingle(null);
    setSeveral(null);
    void navigate(NEWEST_FIRST_SEARCH);
  };

  return (
    <>
      <DropZone
        onFiles={handleFiles}
        label={profile ? "Drop files to add them as resources" : "Sign in to add files as resources"}
        hint={profile ? HINT : undefined}
        // Waiting for the session (undefined) would send a member's drop to the guest modal.
        enabled={profile !== undefined && !claimed}
        ignoreWhile={isModalOpen}
      />
      {single && <AddResourceDialog open onOpenChange={(open) => !open && setSingle(null)} initial={{ file: single }} onCreated={handleShowNewest} />}
      {several && <DroppedFilesDialog files={several} onClose={() => setSeveral(null)} onShowResults={handleShowNewest} />}
    </>
  );
}
