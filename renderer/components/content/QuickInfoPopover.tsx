import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { useQuickInfo } from "../../api/contentActions.js";

/** Popover timing and limits (second document, section 9). */
export const QUICK_INFO = { showAfterMs: 2000, hideAfterMs: 400, tagsPerType: 5, descriptionLines: 10 } as const;

/**
 * Wraps a link with the quick-info popover: after 2000 ms of hover (or focus) it loads POST /quick-info and
 * shows the owner, up to 5 attribute tags per type and 10 lines of description; it hides 400 ms after leaving.
 * Only for signed-in profiles with the hover_info feature; everyone else gets the plain child.
 */
export function QuickInfoTrigger({ modelKey, id, children }: { modelKey: string; id: number; children: ReactElement }) {
  const profile = useCurrentProfile();
  const { data: config } = useAppConfig();
  if (!profile || !config?.features.hover_info) return children;
  return (
    <QuickInfoHover modelKey={modelKey} id={id}>
      {children}
    </QuickInfoHover>
  );
}

/** The hover and focus timers and the popover itself. */
function QuickInfoHover({ modelKey, id, children }: { modelKey: string; id: number; children: ReactNode }) {
  const popoverId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const info = useQuickInfo(modelKey, id, open);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    window.clearTimeout(timer.current);
    if (next === open) return;
    timer.current = window.setTimeout(() => setOpen(next), next ? QUICK_INFO.showAfterMs : QUICK_INFO.hideAfterMs);
  };

  const model = info.data?.model;
  return (
    <span
      className="quick-info"
      onMouseEnter={() => schedule(true)}
      onMouseLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      aria-describedby={open ? popoverId : undefined}
    >
      {children}
      {open && (
        <span id={popoverId} role="tooltip" className="quick-info__popover" data-testid="quick-info">
          {!model ? (
            <span className="page-status">{info.isError ? "Details could not be loaded." : "Loading…"}</span>
          ) : (
            <>
              <strong className="quick-info__title">{model.title}</strong>
              <span className="quick-info__owner">
                {model.type_name_singular} by {model.owner_data.name}
              </span>
              {model.description && (
                <span className="quick-info__description" style={{ WebkitLineClamp: QUICK_INFO.descriptionLines }}>
                  {model.description}
                </span>
              )}
              {model.attributes.map((group) => (
                <span key={group.type_key} className="quick-info__tags">
                  <span className="quick-info__type">{group.type_name}:</span>
                  {group.items.slice(0, QUICK_INFO.tagsPerType).map((a) => (
                    <span key={a.id} className="tag-chip">
                      {a.short_name ?? a.name}
                    </span>
                  ))}
                  {group.items.length > QUICK_INFO.tagsPerType && <span className="tag-chip tag-chip--more">+{group.items.length - QUICK_INFO.tagsPerType}</span>}
                  {group.other && <span className="tag-chip">Other: {group.other}</span>}
                </span>
              ))}
            </>
          )}
        </span>
      )}
    </span>
  );
}
