import { useCallback, useEffect, useRef, useState } from "react";
import { isCollectibleModelKey } from "../../../contract/index.js";
import type { CollectionRef } from "../../api/collections.js";
import { useCurrentProfile } from "../../api/queries.js";
import { useGuestModal } from "../GuestModal.js";
import { Icon } from "../Icon.js";
import { showToast } from "../toastStore.js";
import { AddToCollectionDialog } from "./AddToCollectionDialog.js";

/**
 * The Collect control: opens the add-to-collection dialog for a signed-in profile, the guest modal for a guest (or
 * when the server says the session is gone). `icon` is the round card button beside the favorite button; `text` the
 * labelled button of an item's page. Renders nothing for items that cannot be collected.
 */
export function CollectButton({ item, variant = "icon" }: { item: { id: number; model_key: string; title: string }; variant?: "icon" | "text" }) {
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Set when the server says nobody is signed in: the dialog closes first, then the guest modal opens.
  const [guestNext, setGuestNext] = useState(false);
  const handleSignInNeeded = useCallback(() => {
    setOpen(false);
    setGuestNext(true);
  }, []);
  useEffect(() => {
    if (!guestNext) return;
    // After the closed dialog has given focus back to this button, so the guest modal returns it here too.
    const timer = window.setTimeout(() => {
      setGuestNext(false);
      buttonRef.current?.focus();
      openGuestModal();
    });
    return () => window.clearTimeout(timer);
  }, [guestNext, openGuestModal]);

  // The toast leads to each collection the item went into (by its name), so one need not go looking for it.
  const handleAdded = useCallback((message: string, collections: CollectionRef[]) => {
    setOpen(false);
    showToast(
      message,
      "info",
      collections.map((c) => ({ to: c.link, label: `Go to ${c.title}` })),
    );
  }, []);

  if (!isCollectibleModelKey(item.model_key)) return null;
  const collectible = { id: item.id, model_key: item.model_key, title: item.title };

  const handleClick = () => {
    if (profile === null) openGuestModal();
    else setOpen(true);
  };

  return (
    <>
      {variant === "icon" ? (
        <button ref={buttonRef} type="button" className="collect-button" aria-label={`Collect ${item.title}`} title="Add to collection" aria-haspopup="dialog" onClick={handleClick}>
          <Icon name="folderPlus" />
        </button>
      ) : (
        <button ref={buttonRef} type="button" className="button button--secondary" aria-haspopup="dialog" onClick={handleClick}>
          <Icon name="folderPlus" size={18} />
          Collect
        </button>
      )}
      {open && <AddToCollectionDialog item={collectible} onAdded={handleAdded} onSignInNeeded={handleSignInNeeded} onClose={() => setOpen(false)} returnFocus={buttonRef} />}
    </>
  );
}
