import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { CONTACT_MESSAGES_PER_PAGE, type ContactMessageView } from "../../../contract/index.js";
import { toApiError } from "../../api/ApiError.js";
import { getBlob } from "../../api/client.js";
import { useContactMessages } from "../../api/contact.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { shortDate } from "../../components/dates.js";
import { EmptyPage, Pager } from "../../components/Pager.js";
import { StaffList, StaffPage } from "./StaffPage.js";

/** What people sent with the contact form (the footer's Contact us), newest first, at /moderation/messages. */
export function ContactMessagesScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.read_contact_messages);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const messages = useContactMessages(page, allowed);

  const list = (
    <StaffList query={messages} noun="messages" empty={page > 1 ? <EmptyPage onFirstPage={() => setParams({})} /> : "No messages yet."}>
      {(data) => (
        <>
          <p className="staff-page__count" role="status">
            {data.total === 1 ? "1 message" : `${data.total} messages`}
          </p>
          <ol className="report-list" aria-label="Contact messages">
            {data.data.map((message) => (
              <ContactMessageCard key={message.id} message={message} />
            ))}
          </ol>
          <Pager label="Pages of messages" page={page} total={data.total} per={CONTACT_MESSAGES_PER_PAGE} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
        </>
      )}
    </StaffList>
  );

  return (
    <StaffPage title="Contact messages" intro="What people sent with the Contact us form, newest first. Answer them by e-mail." permission="read_contact_messages">
      {list}
    </StaffPage>
  );
}

function ContactMessageCard({ message }: { message: ContactMessageView }) {
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
      </p>
      {message.has_screenshot && <Screenshot message={message} />}
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
