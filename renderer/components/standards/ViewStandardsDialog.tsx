import { useId, useState } from "react";
import { MESSAGES } from "../../../contract/index.js";
import { useSelectedStandards } from "../../api/contentActions.js";
import { useContentTags } from "../../api/tagging.js";
import { Alert } from "../Alert.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";

/** The view-standards dialog (id view-standards-modal): an accordion of frameworks (root standards), each with its chosen standards. */
export function ViewStandardsDialog({ link, onClose }: { link: string; onClose(): void }) {
  const id = useId();
  const tags = useContentTags(link);
  const groups = useSelectedStandards(tags.data?.attribute_ids);
  const [open, setOpen] = useState<number | null>(null);
  const openId = open ?? groups.data?.[0]?.root.id ?? null;

  return (
    <ModalFrame id="view-standards-modal" className="dialog dialog--tags" title="Standards" onClose={onClose}>
      {tags.isError || groups.isError ? (
        <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
      ) : !groups.data ? (
        <p className="page-status">Loading…</p>
      ) : groups.data.length === 0 ? (
        <p className="empty-note">No standards are attached to this item.</p>
      ) : (
        <div className="accordion">
          {groups.data.map((g) => {
            const expanded = openId === g.root.id;
            return (
              <div key={g.root.id} className="accordion__item">
                <h3 className="accordion__heading">
                  <button type="button" className="accordion__toggle" aria-expanded={expanded} aria-controls={`${id}-${g.root.id}`} onClick={() => setOpen(expanded ? -1 : g.root.id)}>
                    {g.root.name} ({g.standards.length})
                  </button>
                </h3>
                <ul id={`${id}-${g.root.id}`} className="standards-list" hidden={!expanded}>
                  {g.standards.map((s) => (
                    <li key={s.id} className="standards-list__item">
                      <span>
                        {s.short_name && <strong>{s.short_name}</strong>} {s.text}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
      <CloseActions />
    </ModalFrame>
  );
}
