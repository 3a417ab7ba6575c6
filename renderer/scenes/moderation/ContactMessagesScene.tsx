import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CONTACT_MESSAGES_PER_PAGE, type ContactMessageStatus, type ContactMessageView } from "../../../contract/index.js";
import { toApiError } from "../../api/ApiError.js";
import { getBlob } from "../../api/client.js";
import { contactMessagesQueryKeyAll, setContactMessageStatus, useContactMessages } from "../../api/contact.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { shortDate } from "../../components/dates.js";
import { EmptyPage, Pager } from "../../components/Pager.js";
import { TabList, TabPanel } from "../../components/Tabs.js";
import { showToast } from "../../components/toastStore.js";
import { StaffList, StaffPage } from "./StaffPage.js";

const TABS = [
  { key: "open", label: "Open" },
  { key: "handled", label: "Handled" },
] as const satisfies readonly { key: ContactMessageStatus; label: string }[];

/** What people sent with the contact form (the footer's Contact us), open ones first (Handled on its own tab), newest first, at /moderation/messages. */
export function ContactMessagesScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.read_contact_messages);
  const [params, setParams] = useSearchParams();
  const status: ContactMessageStatus = params.get("status") === "handled" ? "handled" : "open";
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const messages = useContactMessages(status, page, allowed);
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  /** The message just marked, and where it stood, until the list is shown without it. */
  const leaving = useRef<{ id: number; index: number } | null>(null);
  const rows = messages.data?.data;

  // Once the list no longer holds it, focus goes to the button that took its place (else the one before), or, with
  // the list empty, to the chosen tab: never to the page's top, where the removed button would have left it.
  useEffect(() => {
    const gone = leaving.current;
    if (!gone || !rows || rows.some((m) => m.id === gone.id)) return;
    leaving.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(".contact-message__action");
    const next = buttons?.[Math.min(gone.index, buttons.length - 1)];
    (next ?? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'))?.focus();
  }, [rows]);

  const go = (next: { status?: ContactMessageStatus; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    setParams({ ...(nextStatus === "handled" ? { status: nextStatus } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });
  };

  const list = (
    <StaffList query={messages} noun="messages" empty={page > 1 ? <EmptyPage onFirstPage={() => go({ page: 1 })} /> : status === "open" ? "No open messages. Everything sent has been handled." : "No handled messages yet."}>
      {(data) => (
        <>
          <p className="staff-page__count" role="status">
            {data.total === 1 ? "1 message" : `${data.total} messages`}
          </p>
          <ol ref={listRef} className="report-list" aria-label={status === "open" ? "Open contact messages" : "Handled contact messages"}>
            {data.data.map((message, index) => (
              <ContactMessageCard key={message.id} message={message} onChanged={() => (leaving.current = { id: message.id, index })} />
            ))}
          </ol>
          <Pager label="Pages of messages" page={page} total={data.total} per={CONTACT_MESSAGES_PER_PAGE} onPage={(p) => go({ page: p })} />
        </>
      )}
    </StaffList>
  );

  return (
    <StaffPage title="Contact messages" intro="What people sent with the Contact us form, newest first. Answer them by e-mail, then mark them handled." permission="read_contact_messages">
      <TabList idBase={id} label="Messages by status" tabs={TABS} active={status} onSelect={(key) => go({ status: key })} />
      {TABS.map((tab) => (
        <TabPanel key={tab.key} idBase={id} tabKey={tab.key} active={tab.key === status}>
          {tab.key === status && list}
        </TabPanel>
      ))}
    </StaffPage>
  );
}

function ContactMessageCard({ message, onChanged }: { message: ContactMessageView; onChanged(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const next: ContactMessageStatus = message.status === "open" ? "handled" : "open";

  const handleChange = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await setContactMessageStatus(message.id, next);
      showToast(answer.message, "info");
      // Told before the list is fetched again, so the list knows where focus goes when it is shown without this one.
      onChanged();
      await queryClient.invalidateQueries({ queryKey: contactMessagesQueryKeyAll });
    } catch (error) {
      showToast((await toApiError(error)).displayMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="report card">
      <h2 className="report__title">
        {message.name} <span className="report__email">&lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;</span>
      </h2>
      <p className="contact-message__text">{message.message}</p>
      <p className="report__meta">
        Sent on <time dateTime={message.created_at}>{shortDate(message.created_at)}</time>
        {message.profile && ` by the signed-in profile ${message.profile.name}`}
        {message.page && (
          <>
            {" from "}
            <span className="report__page">{message.page}</span>
          </>
        )}
        {message.handled && (
          <>
            {`. Marked handled${message.handled.by ? ` by ${message.handled.by.name}` : ""} on `}
            <time dateTime={message.handled.at}>{shortDate(message.handled.at)}</time>
          </>
        )}
      </p>
      {message.has_screenshot && <Screenshot message={message} />}
      <button type="button" className="button button--secondary button--small contact-message__action" aria-disabled={busy || undefined} onClick={handleChange}>
        {message.status === "open" ? "Mark handled" : "Mark open again"}
        <span className="visually-hidden"> the message from {message.name}</span>
      </button>
    </li>
  );
}

/** A blob as a data: URL: the site's CSP (img-src 'self' data: https:) refuses blob: URLs, so an object URL showed a broken image. */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The screenshot could not be read."));
    reader.readAsDataURL(blob);
  });
}

/** The message's screenshot, loaded when asked for (it may be large), shown below its button. */
function Screenshot({ message }: { message: ContactMessageView }) {
  const [shown, setShown] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!shown || url || failure) return;
    let live = true;
    getBlob(`contact/messages/${message.id}/screenshot`)
      .then(readAsDataUrl)
      .then((dataUrl) => live && setUrl(dataUrl))
      .catch(async (error: unknown) => {
        const text = (await toApiError(error)).displayMessage;
        if (live) setFailure(text);
      });
    return () => {
      live = false;
    };
  }, [shown, url, failure, message.id]);

  return (
    <>
      <button type="button" className="button button--secondary button--small" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? "Hide screenshot" : "Show screenshot"}
      </button>
      {shown && failure && <Alert tone="danger">{failure}</Alert>}
      {shown && url && <img className="contact-message__screenshot" src={url} alt={`The page ${message.name} sent the message from`} />}
    </>
  );
}
