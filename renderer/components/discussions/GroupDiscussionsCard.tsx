import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import {
  DISCUSSION_SEARCH_MAX,
  DISCUSSION_SORTS,
  DISCUSSION_SORT_LABELS,
  GROUP_DISCUSSION_CONTEXT,
  GROUP_DISCUSSION_FEATURES,
  GROUP_DISCUSSION_PARAM,
  MESSAGES,
  discussionIdOf,
  type DiscussionSort,
  type DiscussionThread,
} from "../../../contract/index.js";
import { discussionFailureText, useDiscussionSummary, useGroupDiscussions, usePostComment } from "../../api/discussions.js";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../Alert.js";
import { useGuestModal } from "../GuestModal.js";
import { Icon } from "../Icon.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { PageCard } from "../PageCard.js";
import { DiscussionThreadDialog } from "./DiscussionThreadDialog.js";
import { DiscussionThreadList, ThreadPager } from "./DiscussionThreadList.js";
import { StartDiscussionForm } from "./StartDiscussionForm.js";
import { SummaryProblem, summaryHidden } from "./SummaryProblem.js";

/** What the guest modal says when a guest reaches for the group's discussions. */
const GUEST_DESCRIPTION = "Sign in or register to read the group's discussions and join them.";
/** What it says to a guest who holds the group's link only: signing in lets them read, not join. */
const GUEST_LINK_DESCRIPTION = "Sign in or register to read the group's discussions.";

/**
 * The discussion thread widget on a group's page (second document, sections 2 and 9): title, paging arrows, the search
 * box (feature group-discussions.search), the sort dropdown (Recent Activity by default), the thread list, the "Start a
 * discussion..." form for the group's members, moderators and admins, and the discussion and search modals. The
 * summary loads first (guests too); guests get the guest modal instead of threads and the form. The open thread is
 * the page's address (GROUP_DISCUSSION_PARAM), so a thread can be bookmarked, shared and led to by a notification.
 */
export function GroupDiscussionsCard({ opaqueId }: { opaqueId: string }) {
  const sortId = useId();
  const searchId = useId();
  const startButton = useRef<HTMLButtonElement>(null);
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const summary = useDiscussionSummary(opaqueId, GROUP_DISCUSSION_CONTEXT);
  const [sort, setSort] = useState<DiscussionSort>("last_activity_at_desc");
  const [page, setPage] = useState(1);
  const [term, setTerm] = useState("");
  const [searching, setSearching] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [params, setParams] = useSearchParams();
  const openedId = discussionIdOf(params.get(GROUP_DISCUSSION_PARAM));
  // The thread as the list showed it, for the modal's title until the thread loads (an address gives only the id).
  const [preview, setPreview] = useState<DiscussionThread | null>(null);
  const [status, setStatus] = useState("");
  const signedIn = Boolean(profile);
  const readable = signedIn && Boolean(summary.data?.transient.can_view);
  const list = useGroupDiscussions(opaqueId, { sort, page, st: null }, readable);
  const start = usePostComment(opaqueId, GROUP_DISCUSSION_CONTEXT);
  // A new thread takes files while the site offers them in a group's discussions (second document, section 6).
  const attachmentsOn = useAppConfig().data?.features[GROUP_DISCUSSION_FEATURES.attachments] === true;

  const announce = useCallback((message: string) => setStatus((previous) => (previous === message ? `${message}\u00a0` : message)), []);
  // The status line says what last happened in the card; a thread opened starts afresh (the modal announces its own
  // changes and hands them here, so after it closes the line tells of them, not of an earlier start).
  // Opening and closing replace the address rather than add to the history, so Back leaves the page, not a modal.
  const setOpenedId = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          if (id === null) current.delete(GROUP_DISCUSSION_PARAM);
          else current.set(GROUP_DISCUSSION_PARAM, String(id));
          return current;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const handleOpen = useCallback(
    (thread: DiscussionThread) => {
      setStatus("");
      setPreview(thread);
      setOpenedId(thread.id);
    },
    [setOpenedId],
  );

  if (summary.isPending || profile === undefined) {
    return (
      <Frame>
        <p className="page-status">Loading discussions…</p>
      </Frame>
    );
  }
  if (summary.error || !summary.data) {
    // A 404 (or a guest's 401) means the actor may not see the group's discussions: no card, as for the group itself.
    if (summaryHidden(summary.error)) return null;
    return (
      <Frame>
        <SummaryProblem onRetry={() => void summary.refetch()} />
      </Frame>
    );
  }

  if (!signedIn) {
    // Guests see a guest modal instead of loading comments, and only signed-in users get the form (second document).
    // A guest holding only the group's link could read after signing in, not join: no invitation to start one.
    const byLink = summary.data.transient.viewed_by_link;
    const description = byLink ? GUEST_LINK_DESCRIPTION : GUEST_DESCRIPTION;
    return (
      <Frame>
        {!byLink && (
          <button type="button" className="comment-form__guest" onClick={() => openGuestModal(description)}>
            Start a discussion...
          </button>
        )}
        {summary.data.comments_count > 0 && (
          <button type="button" className="button button--small button--secondary discuss-card__view" onClick={() => openGuestModal(description)}>
            View discussions
          </button>
        )}
      </Frame>
    );
  }

  const data = list.data;
  const canStart = Boolean(data?.transient.can_comment ?? summary.data.transient.can_comment);
  const handleStart = async (title: string, message: string, attachments: number[]) => {
    try {
      await start.mutateAsync({ title, comment: message, is_html: false, attachments });
      announce("Discussion started.");
      // The new thread is the latest and the most recently active: show the first page.
      setPage(1);
      return true;
    } catch {
      return false;
    }
  };
  const handleStartClosed = () => {
    start.reset();
    setStarting(false);
    setTimeout(() => startButton.current?.focus(), 0);
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) setSearching(term.trim());
  };
  const handleSort = (next: DiscussionSort) => {
    setSort(next);
    setPage(1);
  };

  const toolbar = data && (
    <div className="group-discussions__toolbar">
      {data.features.search && (
        <form role="search" className="group-discussions__search" onSubmit={handleSearch}>
          <label className="visually-hidden" htmlFor={searchId}>
            Search Discussions
          </label>
          <input id={searchId} className="input" type="search" placeholder="Search Discussions..." maxLength={DISCUSSION_SEARCH_MAX} value={term} onChange={(event) => setTerm(event.target.value)} />
          <button type="submit" className="icon-button">
            <Icon name="search" />
            <span className="visually-hidden">Search</span>
          </button>
        </form>
      )}
      <div className="field field--compact group-discussions__sort">
        <label className="field__label" htmlFor={sortId}>
          Sort by
        </label>
        <select id={sortId} className="input" value={sort} onChange={(event) => handleSort(event.target.value as DiscussionSort)}>
          {DISCUSSION_SORTS.map((value) => (
            <option key={value} value={value}>
              {DISCUSSION_SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );

  let threads;
  if (list.isPending) threads = <p className="page-status">Loading discussions…</p>;
  else if (list.error || !data) {
    threads = (
      <div className="discuss-card__problem">
        <Alert tone="danger">{discussionFailureText(list.error, MESSAGES.genericLoad)}</Alert>
        <button type="button" className="button button--small button--secondary" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (data.data.length === 0) threads = <p className="feed-card__empty">No discussions yet.</p>;
  else threads = <DiscussionThreadList threads={data.data} label="Discussion threads" onOpen={handleOpen} />;

  return (
    <Frame pager={data ? <ThreadPager meta={data.meta} busy={list.isFetching} onPage={setPage} label="Discussion pages" /> : null}>
      {toolbar}
      {canStart ? (
        starting ? (
          <StartDiscussionForm
            busy={start.isPending}
            failure={start.error ? discussionFailureText(start.error) : null}
            attachmentsOn={attachmentsOn}
            onAnnounce={announce}
            onSubmit={handleStart}
            onClose={handleStartClosed}
          />
        ) : (
          <button ref={startButton} type="button" className="comment-form__guest" aria-expanded={false} onClick={() => setStarting(true)}>
            Start a discussion...
          </button>
        )
      ) : (
        data && !data.transient.viewed_by_link && <p className="discuss-card__note">Only members of this group can start a discussion.</p>
      )}
      {threads}
      {searching !== null && <DiscussionSearchDialog opaqueId={opaqueId} term={searching} sort={sort} onOpen={handleOpen} onClose={() => setSearching(null)} />}
      {openedId !== null && (
        <DiscussionThreadDialog key={openedId} opaqueId={opaqueId} threadId={openedId} preview={preview?.id === openedId ? preview : undefined} onAnnounce={announce} onClose={() => setOpenedId(null)} />
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </Frame>
  );
}

/** The card's frame: the title and, when there is more than one page, the paging arrows. */
function Frame({ pager, children }: { pager?: ReactNode; children: ReactNode }) {
  return (
    <PageCard title="Discussions" className="group-discussions" header={pager}>
      {children}
    </PageCard>
  );
}

/** The search modal: the threads matching the term, paged, each opening the discussion modal over it. */
function DiscussionSearchDialog({ opaqueId, term, sort, onOpen, onClose }: { opaqueId: string; term: string; sort: DiscussionSort; onOpen(thread: DiscussionThread): void; onClose(): void }) {
  const [page, setPage] = useState(1);
  const results = useGroupDiscussions(opaqueId, { sort, page, st: term }, true);
  const data = results.data;
  return (
    <ModalFrame id="discussion-search-modal" title="Search Discussions" description={`Threads matching “${term}”`} className="dialog dialog--wide discussion-modal" onClose={onClose}>
      {results.isPending ? (
        <p className="page-status">Searching…</p>
      ) : results.error || !data ? (
        <Alert tone="danger">{discussionFailureText(results.error, MESSAGES.genericLoad)}</Alert>
      ) : data.data.length === 0 ? (
        <p className="empty-note" role="status">
          {MESSAGES.noResults}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {data.meta.total} {data.meta.total === 1 ? "thread" : "threads"} found.
          </p>
          <DiscussionThreadList threads={data.data} label="Matching threads" onOpen={onOpen} />
          <ThreadPager meta={data.meta} busy={results.isFetching} onPage={setPage} label="Search result pages" />
        </>
      )}
      <CloseActions />
    </ModalFrame>
  );
}
