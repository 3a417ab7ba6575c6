import { Link } from "react-router";
import { MESSAGES } from "../../../contract/index.js";
import { useMoreInfo } from "../../api/contentActions.js";
import { Alert } from "../Alert.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { shortDate } from "../dates.js";

const DATE_KEYS = new Set(["created_at", "updated_at"]);
/** Dates as M/D/YYYY (second document, section 9). */

/** The more-info dialog (id more-info-modal): the server's labelled rows about an item. */
export function MoreInfoDialog({ id, onClose }: { id: number; onClose(): void }) {
  const info = useMoreInfo(id);
  return (
    <ModalFrame id="more-info-modal" title="More info" onClose={onClose}>
      {info.isError ? (
        <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
      ) : !info.data ? (
        <p className="page-status">Loading…</p>
      ) : (
        <dl className="info-list">
          {info.data.renderables.map((r) => (
            <div key={r.key} className="info-list__row">
              <dt>{r.label}</dt>
              <dd>
                {r.link ? r.link.startsWith("/") ? <Link to={r.link}>{r.value}</Link> : <a href={r.link} target="_blank" rel="noopener noreferrer">{r.value}</a> : DATE_KEYS.has(r.key) ? shortDate(r.value) : r.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <CloseActions />
    </ModalFrame>
  );
}
