import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { flushSync } from "react-dom";
import { CollectionCreateRequest, MESSAGES, type CollectibleModelKey } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { CreateAndAddError, useAddToCollectionsMutation, useCreateAndAddMutation, useMyCollections, type CollectionRef, type CollectTarget } from "../../api/collections.js";
import { useDebouncedCallback } from "../../hooks/useDebouncedCallback.js";
import { Alert } from "../Alert.js";
import { Field, fieldErrorProps } from "../Field.js";
import { ModalFrame } from "../ModalFrame.js";
import { TabList, TabPanel } from "../Tabs.js";
import { addFailureMessage, collectionChoices, createFailureMessage, idsToAdd, itemCountText, loadFailureMessage, moreThanListed, pageOf, selectionSummary } from "./collectChoices.js";
import { InlineLoadError } from "../InlineLoadError.js";

type CollectTab = "search" | "create";
const TABS = [
  { key: "search", label: "Search" },
  { key: "create", label: "Create" },
] as const;

/** How long the filter box waits after the last keystroke before asking the server. */
const FILTER_DEBOUNCE_MS = 300;

/** A session that is gone (or never was): the guest modal takes over. */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

export interface AddToCollectionDialogProps {
  item: { id: number; model_key: CollectibleModelKey; title: string };
  /** Called with the server's message and the collections the item went into, once added (the caller closes and shows it). */
  onAdded(message: string, collections: CollectionRef[]): void;
  /** The server says nobody is signed in. */
  onSignInNeeded(): void;
  onClose(): void;
  /** Where focus goes when the dialog closes (it opens from code, so Radix has no trigger to give focus back to). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * The add-to-collection dialog (id add-to-collection-modal; tabs search and create): tick some of the profile's
 * collections, or create one and add the item to it.
 */
export function AddToCollectionDialog({ item, onAdded, onSignInNeeded, onClose, returnFocus }: AddToCollectionDialogProps) {
  const idBase = useId();
  const [tab, setTab] = useState<CollectTab>("search");
  const target: CollectTarget = { type: item.model_key, type_id: item.id };
  const titleInputId = `${idBase}-new-title`;

  /** The empty list's way to the create tab: switch, then put the caret in the title. */
  const handleCreateInstead = () => {
    flushSync(() => setTab("create"));
    document.getElementById(titleInputId)?.focus();
  };

  const handleCloseAutoFocus = (event: Event) => {
    if (!returnFocus?.current?.isConnected) return;
    event.preventDefault();
    returnFocus.current.focus();
  };

  return (
    <ModalFrame
      id="add-to-collection-modal"
      title="Add to collection"
      description={<>Put “{item.title}” in one or more of your collections, or create a new one.</>}
      className="dialog dialog--collect"
      onClose={onClose}
      contentProps={{ onCloseAutoFocus: handleCloseAutoFocus }}
    >
      <TabList idBase={idBase} label="Add to collection" tabs={TABS} active={tab} onSelect={setTab} homeEnd />
      <TabPanel idBase={idBase} tabKey="search" active={tab === "search"}>
        <SearchTab target={target} onAdded={onAdded} onSignInNeeded={onSignInNeeded} onCreateInstead={handleCreateInstead} />
      </TabPanel>
      <TabPanel idBase={idBase} tabKey="create" active={tab === "create"}>
        <CreateTab target={target} titleInputId={titleInputId} onAdded={onAdded} onSignInNeeded={onSignInNeeded} />
      </TabPanel>
    </ModalFrame>
  );
}

interface TabProps {
  target: CollectTarget;
  onAdded(message: string, collections: CollectionRef[]): void;
  onSignInNeeded(): void;
}

/** The search tab: a filter over the profile's collections, a paged list of checkboxes, and "Add to collection". */
function SearchTab({ target, onAdded, onSignInNeeded, onCreateInstead }: TabProps & { onCreateInstead(): void }) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const [term, setTerm] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // The ticked collections' names and links (a tick on one a filter has since hidden still counts): the toast leads to them.
  const [ticked, setTicked] = useState<ReadonlyMap<number, CollectionRef>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const collections = useMyCollections(target, term);
  const mutation = useAddToCollectionsMutation();

  const applyFilter = (value: string) => {
    setTerm(value.trim());
    setPage(1);
  };
  const applyFilterLater = useDebouncedCallback(applyFilter, FILTER_DEBOUNCE_MS);

  const sessionGone = signedOut(collections.error);
  useEffect(() => {
    if (sessionGone) onSignInNeeded();
  }, [sessionGone, onSignInNeeded]);

  const listed = collections.data?.collections;
  const notAllListed = listed ? moreThanListed(listed.data.length, listed.total, term !== "") : null;
  const choices = collectionChoices(collections.data?.collections.data ?? [], selected, target);
  const toAdd = idsToAdd(selected, choices);
  const shown = pageOf(choices, page);
  const summaryId = `${id}-summary`;

  const handleFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter filters at once instead of submitting the form.
    if (event.key !== "Enter") return;
    event.preventDefault();
    applyFilter(filter);
  };

  const toggle = (collection: CollectionRef, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(collection.id);
      else next.delete(collection.id);
      return next;
    });
    setTicked((current) => new Map(current).set(collection.id, { id: collection.id, title: collection.title, link: collection.link }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (toAdd.length === 0 || mutation.isPending) return;
    setFailure(null);
    try {
      const answer = await mutation.mutateAsync({ type: target.type, type_id: target.type_id, collection_id: toAdd });
      onAdded(answer.message, toAdd.flatMap((collectionId) => ticked.get(collectionId) ?? []));
    } catch (error) {
      if (signedOut(error)) onSignInNeeded();
      else setFailure(addFailureMessage(error));
    }
  };

  const list = collections.data?.collections.data;
  return (
    <form className="collect-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Choose collections">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-filter`}>
          Filter your collections
        </label>
        <input
          id={`${id}-filter`}
          className="input"
          type="search"
          maxLength={80}
          autoComplete="off"
          placeholder="Title words"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            applyFilterLater(e.target.value);
          }}
          onKeyDown={handleFilterKeyDown}
        />
      </div>

      {collections.isError && !sessionGone && (
        <InlineLoadError message={loadFailureMessage(collections.error)} onRetry={() => void collections.refetch()} />
      )}

      {collections.isPending && <p className="collect-form__status">Loading your collections…</p>}

      {list && list.length === 0 && term === "" && (
        <div className="collect-empty">
          <p className="collect-empty__title">You have no collections yet.</p>
          <p>Create one in the Create tab: this item goes straight into it.</p>
          <button type="button" className="button button--secondary" onClick={onCreateInstead}>
            Create a collection
          </button>
        </div>
      )}

      {/* The spec's empty-results text (first document section 8). */}
      {list && list.length === 0 && term !== "" && <p className="collect-form__status">{MESSAGES.noResults}</p>}

      {shown.items.length > 0 && (
        <fieldset className="collect-list" aria-busy={collections.isFetching || undefined}>
          <legend className="field__label">Your collections</legend>
          <ul className="collect-list__items">
            {shown.items.map(({ collection, checked, blocked }) => {
              const rowId = `${id}-c${collection.id}`;
              return (
                <li key={collection.id}>
                  <label className={`collect-choice${blocked ? " collect-choice--blocked" : ""}`}>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={blocked !== null}
                      aria-labelledby={`${rowId}-title`}
                      aria-describedby={`${rowId}-count${blocked ? ` ${rowId}-note` : ""}`}
                      onChange={(e) => toggle(collection, e.target.checked)}
                    />
                    <span id={`${rowId}-title`} className="collect-choice__title">
                      {collection.title}
                    </span>
                    <span className="collect-choice__meta">
                      <span id={`${rowId}-count`}>{itemCountText(collection.items_count)}</span>
                      {blocked && (
                        <span id={`${rowId}-note`} className="collect-choice__note">
                          {blocked === "already" ? "Already added" : "This is the item itself"}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      {notAllListed && <p className="collect-form__status">{notAllListed}</p>}

      {shown.pages > 1 && (
        <nav className="collect-pages" aria-label="Pages of your collections">
          <button type="button" className="button button--small button--secondary" disabled={shown.page === 1} onClick={() => setPage(shown.page - 1)}>
            Previous
          </button>
          <span className="collect-pages__where">
            Page {shown.page} of {shown.pages}
          </span>
          <button type="button" className="button button--small button--secondary" disabled={shown.page === shown.pages} onClick={() => setPage(shown.page + 1)}>
            Next
          </button>
        </nav>
      )}

      <p id={summaryId} className="collect-form__summary" aria-live="polite">
        {selectionSummary(toAdd.length)}
      </p>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={toAdd.length === 0 || mutation.isPending} aria-describedby={summaryId}>
          {mutation.isPending ? "Adding…" : "Add to collection"}
        </button>
        <Dialog.Close className="button button--ghost">Cancel</Dialog.Close>
      </div>
    </form>
  );
}

type CreateErrors = Partial<Record<"title" | "description", string>>;

/** The create tab: title (required, at most 255) and description; "Create and add" makes the collection and adds the item. */
function CreateTab({ target, titleInputId, onAdded, onSignInNeeded }: TabProps & { titleInputId: string }) {
  const id = useId();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<CreateErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Set when the collection was made but adding to it failed: a retry only adds.
  const [created, setCreated] = useState<CollectionRef | null>(null);
  const mutation = useCreateAndAddMutation();
  const descriptionId = `${id}-description`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = CollectionCreateRequest.safeParse({ title, ...(description.trim() ? { description } : {}) });
    if (!parsed.success) {
      const next: CreateErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof CreateErrors] ??= issue.message;
      setErrors(next);
      document.getElementById(next.title ? titleInputId : descriptionId)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const { answer, collection } = await mutation.mutateAsync({ request: parsed.data, target, created });
      onAdded(answer.message, [collection]);
    } catch (error) {
      const step = error instanceof CreateAndAddError ? error.step : "create";
      const cause = error instanceof CreateAndAddError ? error.failure : error;
      if (error instanceof CreateAndAddError && error.collection) setCreated(error.collection);
      if (signedOut(cause)) onSignInNeeded();
      else if (step === "create") setFailure(createFailureMessage(cause));
      else setFailure(`The collection “${error instanceof CreateAndAddError && error.collection ? error.collection.title : title.trim()}” was created, but the item was not added to it. ${addFailureMessage(cause)}`);
    }
  };

  return (
    <form className="collect-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="New collection">
      <Field id={titleInputId} label="Title" error={errors.title}>
        <input
          id={titleInputId}
          className="input"
          type="text"
          required
          aria-required="true"
          maxLength={255}
          readOnly={created !== null}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          {...fieldErrorProps(titleInputId, errors.title)}
        />
      </Field>
      <Field id={descriptionId} label="Description (optional)" error={errors.description}>
        <textarea
          id={descriptionId}
          className="input textarea"
          rows={3}
          maxLength={5000}
          readOnly={created !== null}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          {...fieldErrorProps(descriptionId, errors.description)}
        />
      </Field>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? "Creating…" : created ? "Add to the new collection" : "Create and add"}
        </button>
        <Dialog.Close className="button button--ghost">Cancel</Dialog.Close>
      </div>
    </form>
  );
}
