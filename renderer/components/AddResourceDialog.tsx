import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "react-router";
import type { ResourceCreateResponse } from "../../contract/index.js";
import { PATHS } from "../routes/paths.js";
import { AddResourceForm, type AddResourceInitialValues } from "./AddResourceForm.js";
import { CreateDialog } from "./CreateDialog.js";
import { ModalFrame } from "./ModalFrame.js";

/**
 * The full-size Add Resource modal. Controlled by the caller so that a desktop file drop can open it
 * with the file prefilled (initial.file).
 */
export function AddResourceDialog({
  open,
  onOpenChange,
  initial,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initial?: AddResourceInitialValues;
  onCreated(answer: ResourceCreateResponse): void;
}) {
  return (
    <ModalFrame open={open} onOpenChange={onOpenChange} className="dialog dialog--full" title="Add Resource">
      <AddResourceForm initial={initial} onCreated={onCreated} actions={<Dialog.Close className="button button--ghost">Cancel</Dialog.Close>} />
    </ModalFrame>
  );
}

/** Where a newly added resource is first in the list: the search screen, newest updated first. */
export const NEWEST_FIRST_SEARCH = `${PATHS.search}?s=-2`;

/**
 * The header's Add Resource button: the creator modal forced to the resource type (Cancel closes it).
 * On success the modal closes and the search screen lists the new item at the top (first document, section 4).
 */
export function AddResourceButton() {
  const navigate = useNavigate();
  return <CreateDialog forcedType="resource" triggerLabel="Add Resource" triggerClassName="button button--secondary button--small" onCreated={() => void navigate(NEWEST_FIRST_SEARCH)} />;
}
