import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PERMISSION_REQUEST_PARAM, type EditableItem } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { deleteItem, flagItem } from "../../api/contentActions.js";
import { isQueryAboutItem } from "../../api/itemQueries.js";
import { useCurrentProfile } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { BadgesDialog } from "../../components/content/BadgesDialog.js";
import { ChangeOwnerDialog } from "../../components/content/ChangeOwnerDialog.js";
import { CopyDialog } from "../../components/content/CopyDialog.js";
import { EndorsementsDialog } from "../../components/content/EndorsementsDialog.js";
import { FlagDialog } from "../../components/content/FlagDialog.js";
import { MoreInfoDialog } from "../../components/content/MoreInfoDialog.js";
import { PermissionsDialog } from "../../components/content/PermissionsDialog.js";
import { useGuestModal } from "../../components/GuestModal.js";
import { ViewStandardsDialog } from "../../components/standards/ViewStandardsDialog.js";
import { showToast } from "../../components/toastStore.js";
import { PATHS } from "../../routes/paths.js";

type Open = "copy" | "owner" | "permissions" | "endorsements" | "badges" | "flag" | "info" | "standards" | "delete" | null;

/**
 * The view page's actions: View standards (only when the item has standards), More info, Copy, Change owner, Permissions, Endorsements, Badges, Flag and Delete (guests get the guest modal for
 * Copy and Flag). A link viewer (who may only view) gets View standards alone: the others name the item by its id, which a link share does not open.
 */
export function ItemActions({ item }: { item: EditableItem }) {
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const [params, setParams] = useSearchParams();
  // An access request's notification leads here with the request's id: the Permissions dialog opens on it, for whoever may answer it.
  const requestParam = Number(params.get(PERMISSION_REQUEST_PARAM));
  const requestId = item.abilities.manage_permissions && profile && Number.isSafeInteger(requestParam) && requestParam > 0 ? requestParam : null;
  const [chosen, setOpen] = useState<Open>(null);
  // Derived, not an initial state: the profile may come after the item, and closing the dialog drops the parameter.
  const open: Open = chosen ?? (requestId ? "permissions" : null);
  const close = () => {
    setOpen(null);
    // Closed, the dialog is not opened again by a reload or the way back.
    if (params.has(PERMISSION_REQUEST_PARAM))
      setParams(
        (current) => {
          current.delete(PERMISSION_REQUEST_PARAM);
          return current;
        },
        { replace: true },
      );
  };
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const handleDelete = async () => {
    setDeleting(true);
    try {
      const answer = await deleteItem(item.link);
      setOpen(null);
      // The item is gone: leave its page first, drop what was loaded about it (loaded again, it could only fail with
      // 404), then let every list (search, collections, favorites) load again.
      await navigate(PATHS.search);
      const aboutItem = { predicate: (query: { queryKey: readonly unknown[] }) => isQueryAboutItem(query.queryKey, item) };
      await queryClient.cancelQueries(aboutItem);
      queryClient.removeQueries(aboutItem);
      void queryClient.invalidateQueries();
      showToast(answer.message, "info");
    } catch (error) {
      setDeleting(false);
      setOpen(null);
      showToast(error instanceof ApiError ? error.displayMessage : "The item could not be deleted. Please wait a moment and try again.");
    }
  };
  const needsAccount = (action: Open, guestText: string) => () => (profile ? setOpen(action) : openGuestModal(guestText));
  const shows = {
    info: !item.viewed_by_link,
    copy: item.abilities.copy || (!profile && !item.viewed_by_link && item.features.copy),
    owner: item.abilities.change_owner && profile !== null,
    permissions: item.abilities.manage_permissions && profile !== null,
    endorsements: item.abilities.manage_endorsements && profile !== null,
    badges: item.abilities.manage_badges && profile !== null,
    flag: item.abilities.flag || (!profile && !item.viewed_by_link),
    delete: item.abilities.delete && profile !== null,
  };
  // Someone who opened the item by its link may have none of these: no empty row (and its margins) under the header then.
  if (!item.has_standards && !Object.values(shows).some(Boolean) && open === null) return null;

  return (
    <div className="item-actions" role="group" aria-label="Item actions">
      {item.has_standards && (
        <button type="button" className="button button--small button--secondary" onClick={() => setOpen("standards")}>
          View standards
        </button>
      )}
      {shows.info && (
        <button type="button" className="button button--small button--secondary" onClick={() => setOpen("info")}>
          More info
        </button>
      )}
      {shows.copy && (
        <button type="button" className="button button--small button--secondary" onClick={needsAccount("copy", "Sign in or register to copy this item into your own content.")}>
          Copy
        </button>
      )}
      {shows.owner && (
        <button type="button" className="button button--small button--secondary" onClick={() => setOpen("owner")}>
          Change owner
        </button>
      )}
      {shows.permissions && (
        <button type="button" className="button button--small button--secondary" onClick={() => setOpen("permissions")}>
          Permissions
        </button>
      )}
      {shows.endorsements && (
        <button type="button" className="button button--small button--secondary" onClick={() => setOpen("endorsements")}>
          Endorsements
        </button>
      )}
      {shows.badges && (
        <button type="button" className="button button--small button--secondary" onClick={() => setOpen("badges")}>
          Badges
        </button>
      )}
      {shows.flag && (
        <button type="button" className="button button--small button--secondary" onClick={needsAccount("flag", "Sign in or register to report content that is inappropriate.")}>
          Flag
        </button>
      )}
      {shows.delete && (
        <button type="button" className="button button--small button--secondary button--danger-text" disabled={deleting} onClick={() => setOpen("delete")}>
          Delete
        </button>
      )}
      {open === "delete" && (
        <ConfirmDialog
          title={`Delete ${item.type_name_singular.toLowerCase()}`}
          message={`Delete “${item.title}”? ${deleteConsequence(item.model_key)} This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => void handleDelete()}
          onCancel={close}
        />
      )}
      {open === "standards" && <ViewStandardsDialog link={item.link} onClose={close} />}
      {open === "info" && <MoreInfoDialog id={item.id} onClose={close} />}
      {open === "copy" && <CopyDialog item={item} onClose={close} />}
      {open === "owner" && profile && <ChangeOwnerDialog item={item} me={{ id: profile.id, name: profile.name }} onClose={close} />}
      {open === "permissions" && <PermissionsDialog item={item} requestId={requestId} onClose={close} />}
      {open === "endorsements" && <EndorsementsDialog item={item} onClose={close} />}
      {open === "badges" && <BadgesDialog item={item} onClose={close} />}
      {open === "flag" && <FlagDialog title="Flag this item" subject={`“${item.title}”`} send={(report) => flagItem({ type: `${item.model_key}:${item.id}`, ...report })} onClose={close} />}
    </div>
  );
}

/** What else deleting an item of this kind takes with it, as its question says. */
function deleteConsequence(modelKey: string): string {
  if (modelKey === "collection") return "The items it holds are not deleted.";
  if (modelKey === "profile") return "Its feed, discussions and files go with it, and its members leave it.";
  // Links to it in pathways and in other items' text stay, marked as no longer available (their editors offer to remove them).
  return "It is taken out of every collection that holds it, and links to it in pathways and other items will say it is no longer available.";
}
