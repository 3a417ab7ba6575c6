import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { COLLECTIBLE_MODEL_KEYS, MESSAGES, type EditableItem, type SearchResultItem, type SearchTypeConfig } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { useAddToCollectionsMutation, useCollectionItems, useMoveCollectionItemMutation, useRemoveFromCollectionMutation } from "../../api/collections.js";
import { useChooseFeaturedMutation, useFeaturedCollectionUid } from "../../api/carousels.js";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { itemCountText } from "../../components/collect/collectChoices.js";
import { showToast } from "../../components/toastStore.js";
import { PATHS } from "../../routes/paths.js";
import { ResultList } from "../search/ResultList.js";
import { ViewAllDialog } from "../search/ViewAllDialog.js";
import { InlineLoadError } from "../../components/InlineLoadError.js";

/** The search types whose items all go in collections (Resources, Lesson Plans…): what Add Item browses. */
const collectibleTypes = (types: SearchTypeConfig[]) =>
  types.filter((t) => !t.admin_only && t.model_types.length > 0 && t.model_types.every((m) => (COLLECTIBLE_MODEL_KEYS as readonly string[]).includes(m)));

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.genericLoad);

/** An item being moved: where it was, and which of its move buttons was pressed. */
interface Moving {
  itemId: number;
  direction: "up" | "down";
  from: number;
}

/**
 * A collection's items, as search cards in the collection's order, or the empty state: on its page and on its edit
 * page. Those who may edit the collection add items here (Add Item: the View All modal), put them in order (Move up,
 * Move down) and take them out (Remove, after a confirmation); `manageable` false (the edit page while someone else
 * holds its lock) shows the list only.
 */
export function CollectionItems({
  collection,
  manageable = true,
}: {
  collection: Pick<EditableItem, "id" | "uid" | "title" | "abilities" | "viewed_by_link" | "visibility">;
  manageable?: boolean;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const items = useCollectionItems(collection.uid);
  const data = items.data;
  const manage = collection.abilities.edit && !collection.viewed_by_link && manageable;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SearchResultItem | null>(null);
  const remove = useRemoveFromCollectionMutation();
  const move = useMoveCollectionItemMutation();

  // Once the list shows the moved item in its new place, the keyboard's focus goes to its move button in the same
  // direction, or to the other one at either end (where the pressed one is no more), never to <body>.
  const moving = useRef<Moving | null>(null);
  useEffect(() => {
    const pending = moving.current;
    if (!pending || !data) return;
    const at = data.data.findIndex((i) => i.id === pending.itemId);
    if (at === pending.from) return;
    moving.current = null;
    const button = (direction: string) => sectionRef.current?.querySelector<HTMLButtonElement>(`[data-move="${direction}"][data-item="${pending.itemId}"]`);
    (button(pending.direction) ?? button(pending.direction === "up" ? "down" : "up"))?.focus();
  }, [data]);

  const handleMove = (item: SearchResultItem, direction: "up" | "down") => {
    if (move.isPending || !data) return;
    const from = data.data.indexOf(item);
    moving.current = { itemId: item.id, direction, from };
    // The server moves it past its neighbour in this list: the toast (a status region) says where it now is.
    const place = `It is now ${from + (direction === "up" ? 0 : 2)} of ${data.data.length}.`;
    move.mutate(
      { uid: collection.uid, itemId: item.id, direction },
      {
        onSuccess: (answer) => showToast(`${answer.message} ${place}`, "info"),
        onError: (error) => {
          moving.current = null;
          showToast(failureText(error));
        },
      },
    );
  };

  const handleRemove = (item: SearchResultItem) => {
    setRemoving(null);
    // The confirmation hands focus back to the item's Remove button, which goes with the item: reading goes on from
    // the list's heading instead of the page's start.
    setTimeout(() => headingRef.current?.focus(), 0);
    remove.mutate({ uid: collection.uid, itemId: item.id }, { onSuccess: (answer) => showToast(answer.message, "info"), onError: (error) => showToast(failureText(error)) });
  };

  return (
    <section ref={sectionRef} className={manage ? "collection-items collection-items--manage" : "collection-items"} aria-labelledby={headingId}>
      <div className="collection-items__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="section-title">
          Items in this collection
        </h2>
        {data && data.total > 0 && <p className="collection-items__count">{itemCountText(data.total)}</p>}
        <div className="collection-items__tools">
          {collection.visibility === "public" && !collection.viewed_by_link && <FeatureButton collection={collection} />}
          {manage && (
            <button type="button" className="button button--primary button--small" onClick={() => setAdding(true)}>
              Add Item
            </button>
          )}
        </div>
      </div>
      {items.isPending && <p className="page-status">Loading items…</p>}
      {items.isError && (
        <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void items.refetch()} />
      )}
      {data && data.data.length === 0 && (
        <div className="empty-state">
          <p className="empty-state__title">This collection has no items yet.</p>
          <p>{manage ? "Use Add Item, or Collect on a search result or on an item’s page, to add one here." : "Use Collect on a search result or on an item’s page to add it here."}</p>
          <Link to={PATHS.search}>Find items in search</Link>
        </div>
      )}
      {data && data.data.length > 0 && (
        <ResultList
          items={data.data}
          layout="list"
          busy={items.isFetching}
          actionsOf={
            manage
              ? (item) => {
                  const at = data.data.indexOf(item);
                  return (
                    <>
                      {/* aria-disabled, not disabled, while a move runs: the button just pressed keeps the keyboard's focus. */}
                      {at > 0 && (
                        <button type="button" className="button button--ghost button--small" data-move="up" data-item={item.id} aria-disabled={move.isPending || undefined} onClick={() => handleMove(item, "up")}>
                          Move up<span className="visually-hidden"> {item.title}</span>
                        </button>
                      )}
                      {at < data.data.length - 1 && (
                        <button type="button" className="button button--ghost button--small" data-move="down" data-item={item.id} aria-disabled={move.isPending || undefined} onClick={() => handleMove(item, "down")}>
                          Move down<span className="visually-hidden"> {item.title}</span>
                        </button>
                      )}
                      <button type="button" className="button button--ghost button--small" disabled={remove.isPending && remove.variables?.itemId === item.id} onClick={() => setRemoving(item)}>
                        Remove<span className="visually-hidden"> {item.title}</span>
                      </button>
                    </>
                  );
                }
              : undefined
          }
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove item"
          message={`Remove “${removing.title}” from ${collection.title}? The item itself is not deleted.`}
          confirmLabel="Remove"
          onConfirm={() => handleRemove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      {adding && <AddItemDialog collection={collection} held={new Set(data?.data.map((i) => i.id))} onClose={() => setAdding(false)} />}
    </section>
  );
}

/** Add Item: the View All modal over the catalogue, each card with Add (or Added, for what the collection holds). */
function AddItemDialog({ collection, held, onClose }: { collection: Pick<EditableItem, "id" | "title">; held: Set<number>; onClose(): void }) {
  const appConfig = useAppConfig();
  const add = useAddToCollectionsMutation();
  const [added, setAdded] = useState<Set<number>>(() => new Set());
  const [status, setStatus] = useState("");
  const types = collectibleTypes(appConfig.data?.searchTypes ?? []);

  const handleAdd = (item: SearchResultItem) => {
    if (add.isPending) return;
    setStatus("");
    add.mutate(
      { type: item.model_key, type_id: item.id, collection_id: [collection.id] },
      {
        onSuccess: (answer) => {
          setAdded((ids) => new Set(ids).add(item.id));
          setStatus(`${item.title}: ${answer.message}`);
        },
        onError: (error) => setStatus(`${item.title}: ${failureText(error)}`),
      },
    );
  };

  const actionsOf = (item: SearchResultItem) => {
    if (item.model_key === "collection" && item.id === collection.id) return <span className="view-all__note">This collection</span>;
    if (held.has(item.id) || added.has(item.id))
      return (
        // aria-disabled, not disabled: the Add just pressed turns into this button, and a disabled one would drop the
        // keyboard's focus out of the modal.
        <button type="button" className="button button--ghost button--small" aria-disabled="true">
          Added<span className="visually-hidden"> {item.title}</span>
        </button>
      );
    return (
      <button type="button" className="button button--secondary button--small" aria-disabled={(add.isPending && add.variables?.type_id === item.id) || undefined} onClick={() => handleAdd(item)}>
        Add<span className="visually-hidden"> {item.title}</span>
      </button>
    );
  };

  if (appConfig.isPending) return null;
  return <ViewAllDialog title="Add Item" types={types} actionsOf={actionsOf} status={status} onClose={onClose} />;
}

/** For administrators, on a public collection: make it the one every page's footer features (or say that it is). */
function FeatureButton({ collection }: { collection: Pick<EditableItem, "uid"> }) {
  const profile = useCurrentProfile();
  const featuredUid = useFeaturedCollectionUid();
  const choose = useChooseFeaturedMutation();
  if (profile?.permissions.is_admin !== true) return null;
  if (featuredUid === collection.uid) return <span className="collection-items__featured">Featured in the footer</span>;
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={choose.isPending}
      onClick={() => choose.mutate(collection.uid, { onSuccess: (answer) => showToast(answer.message, "info"), onError: (error) => showToast(failureText(error)) })}
    >
      Feature in footer
    </button>
  );
}
