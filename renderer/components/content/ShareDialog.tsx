import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { MESSAGES, PERMISSION_MESSAGES, RECOMMEND_AUTOCOMPLETE_LIMIT, RECOMMEND_MAX_RECIPIENTS, RECOMMEND_MESSAGES, type AddLinkShareRequest, type EditableItem, type OwnerAutocomplete } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { itemQueryKeyAll } from "../../api/editor.js";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { addLinkShare, permissionsQueryKey, recommend } from "../../api/permissions.js";
import { useProfileCandidates } from "../../api/profiles.js";
import { platform } from "../../platform/index.js";
import { NewLinkButton } from "./NewLinkButton.js";
import { Alert } from "../Alert.js";
import { CloseActions, DialogActions, ModalFrame } from "../ModalFrame.js";
import { showToast } from "../toastStore.js";
import { ProfileSearchField } from "./ProfileSearchField.js";

type Recipient = OwnerAutocomplete["data"][number];

/** How long the copy button says 'Copied!' (first document, section 9: copy confirmation 2.5 s). */
const COPIED_MS = 2500;

/** Share targets (first document: social networks, a classroom tool and e-mail), each a public share URL for the link. */
const shareTargets = (link: string, title: string) => {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(title);
  return [
    { name: "E-mail", href: `mailto:?subject=${text}&body=${url}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: "X", href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { name: "Google Classroom", href: `https://classroom.google.com/share?url=${url}` },
  ];
};

/**
 * The share dialog (first document): Copy Link for everyone (the item's address, 'Copied!' for 2.5 s, share targets
 * opened outside the app), and Recommend for signed-in profiles when the site's recommendations feature is on: up to
 * 10 people or groups, a note and, for those who may manage the item's permissions, 'Automatically add permissions
 * for recipients' (ticked by default). A warning says when the item is not open to everybody; to those who may manage
 * its permissions it offers 'Grant Access' (view access for anyone with the link), and once the link is shared, New link. A link viewer is offered no Recommend
 * (the server would refuse it: a link share gives nothing but viewing).
 */
export function ShareDialog({ item, onClose }: { item: EditableItem; onClose(): void }) {
  const profile = useCurrentProfile();
  const { data: config } = useAppConfig();
  const canRecommend = Boolean(profile) && config?.features.recommendations !== false && !item.viewed_by_link;
  const [panel, setPanel] = useState<"recommend" | "copy">("copy");
  const link = new URL(item.link, window.location.origin).href;

  return (
    <ModalFrame id="share-modal" className="dialog dialog--wide" title="Share" description={<>Share “{item.title}”.</>} onClose={onClose}>
      {item.visibility !== "public" && <AccessWarning item={item} onNewLink={onClose} />}
      {canRecommend && (
        <div className="share-panels" role="group" aria-label="Share by">
          <button type="button" className="button button--small button--secondary" aria-pressed={panel === "copy"} onClick={() => setPanel("copy")}>
            Copy Link
          </button>
          <button type="button" className="button button--small button--secondary" aria-pressed={panel === "recommend"} onClick={() => setPanel("recommend")}>
            Recommend
          </button>
        </div>
      )}
      {panel === "recommend" && canRecommend ? <RecommendPanel item={item} onDone={onClose} /> : <CopyLinkPanel link={link} title={item.title} />}
    </ModalFrame>
  );
}

/**
 * The warning for an item not open to everybody. Those who may manage its permissions get 'Grant Access', which lets
 * anyone with the link view it; a failure is silently ignored (first document: add-link-share failures are), the button comes back.
 */
function AccessWarning({ item, onNewLink }: { item: EditableItem; onNewLink(): void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<"idle" | "granting" | "granted">("idle");
  const shared = item.link_shared || state === "granted";

  const handleGrant = async () => {
    setState("granting");
    try {
      await addLinkShare({ model: item.model_key as AddLinkShareRequest["model"], id: item.id, opaque_id: item.opaque_id });
      setState("granted");
      void queryClient.invalidateQueries({ queryKey: itemQueryKeyAll });
      void queryClient.invalidateQueries({ queryKey: permissionsQueryKey(item.opaque_id) });
    } catch {
      setState("idle");
    }
  };

  if (shared)
    return (
      <Alert tone={state === "granted" ? "success" : "info"}>
        {state === "granted" ? PERMISSION_MESSAGES.linkShared : "Anyone with the link can view this item."} It is still not listed in search for others.
        {/* Its link sent to the wrong people: those who manage it may replace it (the old one then lets no one in by the link share). */}
        {item.abilities.manage_permissions && (
          <span className="share-grant">
            <NewLinkButton opaqueId={item.opaque_id} onDone={onNewLink} variant="secondary" />
            <span className="share-grant__hint">Sent to the wrong people? A new link stops the old one working.</span>
          </span>
        )}
      </Alert>
    );
  return (
    <Alert tone="info">
      {item.visibility === "authed" ? "Only signed-in members can open this item." : "Only people it is shared with can open this item."} Others who follow the link will be asked to sign in or to request access.
      {item.abilities.manage_permissions && (
        <span className="share-grant">
          <button type="button" className="button button--small button--primary" disabled={state === "granting"} onClick={() => void handleGrant()}>
            {state === "granting" ? "Granting access…" : "Grant Access"}
          </button>
          <span className="share-grant__hint">Lets anyone with the link view it.</span>
        </span>
      )}
    </Alert>
  );
}

/** The item's address with a copy button, and the share targets. */
function CopyLinkPanel({ link, title }: { link: string; title: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, or permission refused): select the address for the person to copy.
      const input = document.getElementById(`${id}-link`) as HTMLInputElement | null;
      input?.select();
    }
  };

  return (
    <div className="share-copy">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-link`}>
          Link
        </label>
        <div className="share-copy__row">
          <input id={`${id}-link`} className="input" readOnly value={link} onFocus={(e) => e.target.select()} />
          <button type="button" className="button button--secondary" onClick={() => void handleCopy()}>
            {copied ? "Copied!" : "Copy Link"}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {copied ? "Link copied." : ""}
        </p>
      </div>
      <ul className="share-targets" aria-label="Share on">
        {shareTargets(link, title).map((target) => (
          <li key={target.name}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                // The desktop opens it in the system browser; the web in a new tab.
                event.preventDefault();
                void platform.openExternal(target.href);
              }}
            >
              {target.name}
            </a>
          </li>
        ))}
      </ul>
      <CloseActions />
    </div>
  );
}

/** Recommend to people or groups: Share stays disabled until one is chosen. */
function RecommendPanel({ item, onDone }: { item: EditableItem; onDone(): void }) {
  const id = useId();
  const [term, setTerm] = useState("");
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [note, setNote] = useState("");
  const [updatePermissions, setUpdatePermissions] = useState(true);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const full = recipients.length >= RECOMMEND_MAX_RECIPIENTS;
  // The spec gives the recommend picker 10 results; the permissions dialog keeps the server's 30. Only the groups the
  // sender may recommend to are offered (the server refuses any other).
  const candidates = useProfileCandidates(full ? "" : term.trim(), { limit: RECOMMEND_AUTOCOMPLETE_LIMIT, recommendable: true });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!recipients.length || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await recommend({
        opaque_id: item.opaque_id,
        targetProfiles: recipients.map((r) => r.profile_id),
        recommend_note: note,
        update_permissions: item.abilities.manage_permissions && updatePermissions,
      });
      showToast(answer.message, "info");
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : MESSAGES.unexpected);
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate>
      {recipients.length > 0 && (
        <ul className="share-recipients" aria-label="Recipients">
          {recipients.map((r) => (
            <li key={r.profile_id}>
              {r.name}
              {r.is_group ? " (group)" : ""}{" "}
              <button type="button" className="button button--small button--ghost" aria-label={`Remove ${r.name}`} onClick={() => setRecipients((list) => list.filter((x) => x.profile_id !== r.profile_id))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="field__hint">{RECOMMEND_MESSAGES.tooManyRecipients}</p>
      ) : (
        <ProfileSearchField
          id={`${id}-to`}
          label="Recommend to people or groups"
          listLabel="Matching people and groups"
          term={term}
          onTermChange={setTerm}
          candidates={candidates.data?.data}
          exclude={(p) => recipients.some((r) => r.profile_id === p.profile_id)}
          verb="Add"
          onPick={(p) => {
            setRecipients((list) => [...list, p]);
            setTerm("");
          }}
        />
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          Note (optional)
        </label>
        <textarea id={`${id}-note`} className="input" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {item.abilities.manage_permissions && (
        <label className="choice">
          <input type="checkbox" checked={updatePermissions} onChange={(e) => setUpdatePermissions(e.target.checked)} />
          Automatically add permissions for recipients
        </label>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Share" busyLabel="Sharing…" busy={sending} disabled={recipients.length === 0} />
    </form>
  );
}
