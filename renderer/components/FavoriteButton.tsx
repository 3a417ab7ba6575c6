import { useRef } from "react";
import { MESSAGES, type SearchResultItem } from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { useCurrentProfile, useFavoriteMutation } from "../api/queries.js";
import { useGuestModal } from "./GuestModal.js";
import { Icon } from "./Icon.js";
import { showToast } from "./toastStore.js";

/**
 * Favorite toggle: busy and disabled while the server updates, then shows the server's answer.
 * Guests (or a 401 answer) get the guest modal instead.
 */
export function FavoriteButton({ item }: { item: SearchResultItem }) {
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const mutation = useFavoriteMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const favorite = item.favorite;
  const pending = mutation.isPending;

  const handleClick = () => {
    if (profile === null) {
      openGuestModal();
      return;
    }
    const hadFocus = document.activeElement === buttonRef.current;
    mutation.mutate(
      { modelName: item.model_key, type: `${item.model_key}:${item.id}`, value: !favorite },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) openGuestModal();
          else showToast(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : MESSAGES.unexpected);
        },
        onSettled: () => {
          // Disabling the button while busy drops its focus; give it back to keyboard users.
          if (hadFocus) window.requestAnimationFrame(() => buttonRef.current?.focus());
        },
      },
    );
  };

  return (
    <button
      ref={buttonRef}
      type="button"
      className="favorite-button"
      aria-pressed={favorite}
      aria-label={`${favorite ? "Unfavorite" : "Favorite"} ${item.title}`}
      aria-busy={pending || undefined}
      disabled={pending}
      onClick={handleClick}
    >
      <Icon name="heart" filled={favorite} />
    </button>
  );
}
