import { MESSAGES, ModelKey, type SearchResultItem } from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { useCurrentProfile, useFavoriteMutation } from "../api/queries.js";
import { useGuestModal } from "./GuestModal.js";
import { Icon } from "./Icon.js";
import { showToast } from "./toastStore.js";

/** What the toggle needs of an item: a search card or an item's page. */
type Favoritable = Pick<SearchResultItem, "id" | "title" | "favorite"> & { model_key: string };

/**
 * Favorite toggle: busy (and inert) while the server updates, then shows the server's answer.
 * Guests (or a 401 answer) get the guest modal instead. `icon` is the round card button, named after its item;
 * `text` the "Favorite" button of an item's page (beside Collect), filled while the item is a favorite.
 */
export function FavoriteButton({ item, variant = "icon" }: { item: Favoritable; variant?: "icon" | "text" }) {
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
      // An item page's model_key is typed as text; the server refuses a modelName that is not a model key, so only one is sent.
      { modelName: ModelKey.safeParse(item.model_key).data, type: `${item.model_key}:${item.id}`, value: !favorite },
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
      className={variant === "icon" ? "favorite-button" : "button button--secondary favorite-button--text"}
      aria-pressed={favorite}
      // A card names its item; the page's button is the page's own, so its text is its name. The name stays the same
      // either way and aria-pressed says the state ("Unfavorite …, pressed" read the state twice, and read oddly).
      aria-label={variant === "icon" ? `Favorite ${item.title}` : undefined}
      aria-busy={pending || undefined}
      // aria-disabled rather than disabled: a disabled button would drop keyboard focus while busy.
      aria-disabled={pending || undefined}
      onClick={handleClick}
    >
      {variant === "icon" ? (
        <Icon name="heart" filled={favorite} />
      ) : (
        <>
          <Icon name="heart" filled={favorite} size={18} />
          Favorite
        </>
      )}
    </button>
  );
}
