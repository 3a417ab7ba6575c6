import { useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { MESSAGES, NOTIFICATION_LIMITS, type Notification } from "../../../contract/index.js";
import { useMarkNotificationsRead, useNotifications } from "../../api/notifications.js";
import { useCurrentProfile } from "../../api/queries.js";
import { InlineLoadError } from "../../components/InlineLoadError.js";
import { ManageNotificationsDialog } from "../../components/notifications/ManageNotificationsDialog.js";
import { PageTitle } from "../../components/PageTitle.js";
import { EmptyPage, Pager } from "../../components/Pager.js";
import { shortDateTime } from "../../components/dates.js";
import { signInPath } from "../../routes/paths.js";

/** What happened, around the links to who did it and what it is about. */
const SENTENCES: Record<Notification["kind"], (who: ReactNode, what: ReactNode) => ReactNode> = {
  comment_reply: (who, what) => <>{who} replied in the discussion of {what}</>,
  group_discussion: (who, what) => <>{who} started a discussion in {what}</>,
  access_request: (who, what) => <>{who} asked for access to {what}</>,
  access_accepted: (who, what) => <>{who} accepted your request for access to {what}</>,
  access_declined: (who, what) => <>{who} declined your request for access to {what}</>,
  content_reported: (who, what) => <>{who} reported content in {what}</>,
  report_resolved: (_who, what) => <>Your report about {what} was resolved</>,
  group_join_request: (who, what) => <>{who} asked to join {what}</>,
  group_join_approved: (who, what) => <>{who} approved your request to join {what}</>,
  group_join_declined: (who, what) => <>{who} declined your request to join {what}</>,
  recommendation: (who, what) => <>{who} recommended {what}</>,
};

/** The same about a group discussion: the thread by its title is the link (it opens the thread), the group is named. */
const DISCUSSION_SENTENCES: Partial<Record<Notification["kind"], (who: ReactNode, thread: ReactNode, group: string) => ReactNode>> = {
  comment_reply: (who, thread, group) => (
    <>
      {who} replied to {thread} in {group}
    </>
  ),
  group_discussion: (who, thread, group) => (
    <>
      {who} started the discussion {thread} in {group}
    </>
  ),
};

/** The signed-in profile's notifications at /notifications, newest first: Mark all as read, Manage Notifications, pages of 20. */
export function NotificationsScene() {
  const profile = useCurrentProfile();
  const location = useLocation();
  let body: ReactNode;
  if (profile === undefined) body = <p role="status">Loading…</p>;
  else if (profile === null)
    body = (
      <p>
        <Link to={signInPath(location.pathname + location.search)}>Sign in</Link> to see your notifications.
      </p>
    );
  else body = <NotificationsList />;
  return (
    <div className="notifications-page">
      <PageTitle title="Notifications" />
      <h1 className="page-title">Notifications</h1>
      {body}
    </div>
  );
}

function NotificationsList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const notifications = useNotifications(page);
  const markRead = useMarkNotificationsRead();
  const [managing, setManaging] = useState(false);
  const unread = notifications.data?.unread_count ?? 0;

  let list: ReactNode;
  if (notifications.isPending) list = <p role="status">Loading notifications…</p>;
  else if (notifications.isError) list = <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void notifications.refetch()} />;
  else if (!notifications.data.data.length && page > 1) list = <EmptyPage onFirstPage={() => setParams({})} />;
  else if (!notifications.data.data.length)
    list = (
      <p className="notifications-page__empty">
        Nothing yet. Replies in discussions you follow, new discussions in your groups, requests for access to your content or to join your groups, the answers to your own requests, and items recommended to you or your groups will show here.
      </p>
    );
  else
    list = (
      <>
        <ol className="notification-list" aria-label="Notifications">
          {notifications.data.data.map((n) => (
            <NotificationEntry key={n.id} notification={n} onRead={() => !n.read && markRead.mutate({ ids: [n.id] })} />
          ))}
        </ol>
        <Pager label="Pages of notifications" page={page} total={notifications.data.meta.total} per={NOTIFICATION_LIMITS.perPage} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
      </>
    );

  return (
    <>
      <div className="notifications-page__bar">
        <p className="notifications-page__count" role="status">
          {notifications.data ? (unread === 1 ? "1 unread" : `${unread} unread`) : ""}
        </p>
        {/* aria-disabled rather than disabled: the button pressed turns itself off, and a disabled one would drop the keyboard's focus to the page. */}
        <button type="button" className="button button--secondary button--small" aria-disabled={!unread || markRead.isPending || undefined} onClick={() => unread && !markRead.isPending && markRead.mutate({ all: true })}>
          Mark all as read
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => setManaging(true)}>
          Manage Notifications
        </button>
      </div>
      {list}
      {managing && <ManageNotificationsDialog onClose={() => setManaging(false)} />}
    </>
  );
}

/**
 * One notification: the sentence with its links, the excerpt, and when (date and time: several a day are told apart);
 * unread ones are marked, read once either link is opened, or by Mark as read (which leaves the keyboard on the entry).
 */
function NotificationEntry({ notification: n, onRead }: { notification: Notification; onRead(): void }) {
  const textId = useId();
  const textRef = useRef<HTMLParagraphElement>(null);
  const who = n.actor ? (
    <Link to={n.actor.link} onClick={onRead}>
      {n.actor.name}
    </Link>
  ) : (
    "Someone"
  );
  // An item removed since has no link: its words alone.
  const what =
    n.subject.link === null ? (
      n.subject.title
    ) : (
      <Link to={n.subject.link} onClick={onRead}>
        {n.subject.title}
      </Link>
    );
  // About a group discussion that stands: the thread's title leads to it.
  const threadSentence = n.discussion && n.subject.link !== null ? DISCUSSION_SENTENCES[n.kind] : undefined;
  const sentence =
    threadSentence && n.discussion && n.subject.link !== null
      ? threadSentence(
          who,
          <>
            “
            <Link to={n.subject.link} onClick={onRead}>
              {n.discussion.title}
            </Link>
            ”
          </>,
          n.subject.title,
        )
      : SENTENCES[n.kind](who, what);
  // A new discussion's excerpt is its title as it was, which the sentence names now.
  const excerpt = threadSentence && n.kind === "group_discussion" ? null : n.excerpt;
  const handleMarkRead = () => {
    textRef.current?.focus();
    onRead();
  };
  return (
    <li className={`notification card${n.read ? "" : " notification--unread"}`}>
      <p className="notification__text" id={textId} ref={textRef} tabIndex={-1}>
        {!n.read && <span className="notification__new">New</span>}
        {sentence}
      </p>
      {excerpt && <p className="notification__excerpt">{excerpt}</p>}
      <div className="notification__meta">
        <time dateTime={n.created_at}>{shortDateTime(n.created_at)}</time>
        {!n.read && (
          <button type="button" className="button button--ghost button--small" aria-describedby={textId} onClick={handleMarkRead}>
            Mark as read
          </button>
        )}
      </div>
    </li>
  );
}
