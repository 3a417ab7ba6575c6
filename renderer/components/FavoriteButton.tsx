import { MESSAGES, type SearchResultItem } from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { useCurrentProfile, useFavoriteMutation } from "../api/queries.js";
import { useGuestModal } from "./GuestModal.js";
import { Icon } from "./Icon.js";
import { showToast } from "./toastStore.js";

/**
 * Favorite toggle: busy (and inert) while the server updates, then shows the server's answer.
 * Guests (or a 401 answer) get the guest modal instead.
 */
export function FavoriteButton({ item }: { item: SearchResultItem }) {
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const mutation = useFavoriteMutation();
  const favorite = item.favorite;
  const pending = mutation.isPending;

  const handleClick = () => {
    if (pending) return;
    if (profile === null) {
      openGuestModal();
      return;
    }
    mutation.mutate(
      { modelName: item.model_key, type: `${item.model_key}:${item.id}`, value: !favorite },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) openGuestModal();
          else showToast(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : MESSAGES.unexpected);
        },
      },
    );
  };

  return (
    <button
      type="button"
      className="favorite-button"
      aria-pressed={favorite}
      aria-label={`${favorite ? "Unfavorite" : "Favorite"} ${item.title}`}
      aria-busy={pending || undefined}
      // aria-disabled rather than disabled: a disabled button would drop keyboard focus while busy.
      aria-disabled={pending || undefined}
      onClick={handleClick}
    >
      <Icon name="heart" filled={favorite} />
    </button>
  );
}
