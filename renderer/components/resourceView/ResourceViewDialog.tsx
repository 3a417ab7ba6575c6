import { useRef, useState } from "react";
import type { ResourceView } from "../../../contract/index.js";
import { ModalFrame } from "../ModalFrame.js";
import { resourceKind, resourceSummary } from "./describeResource.js";

/** The ways out of the dialog to the resource itself: open it in a tab, and download a file. */
function ResourceLinks({ view }: { view: ResourceView }) {
  return (
    <>
      <a className="button button--secondary" href={view.file_url} target="_blank" rel="noopener noreferrer">
        {view.type === "other" ? "Open website" : "Open in new tab"}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {view.download_url && (
        <a className="button button--secondary" href={view.download_url} download={view.file_name ?? true}>
          Download
        </a>
      )}
    </>
  );
}

/** The resource itself: a player's frame, the browser's own image, audio or video, or why it is not shown here. */
function ResourceBody({ view, title }: { view: ResourceView; title: string }) {
  // A file the browser cannot play (a format it lacks, or a link that no longer answers) says so instead of an empty player.
  const [failed, setFailed] = useState(false);
  const kind = resourceKind(view);
  if (failed) return <p className="resource-view__note">This {kind.toLowerCase()} could not be played here. Open it in a new tab instead.</p>;
  const { embed_type: embedType, code, embed_attributes: size } = view.extra_data;
  if (embedType === "frame" && code) {
    return (
      <div className={`resource-view__frame resource-view__frame--${view.type}`} style={size ? { aspectRatio: `${size.width} / ${size.height}` } : undefined}>
        <iframe src={code} title={`${title}: ${kind.toLowerCase()}`} allow="fullscreen; encrypted-media; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" />
      </div>
    );
  }
  if (embedType === "media") {
    if (view.type === "image") return <img className="resource-view__image" src={view.file_url} alt={title} onError={() => setFailed(true)} />;
    if (view.type === "audio") return <audio className="resource-view__audio" src={view.file_url} controls preload="metadata" onError={() => setFailed(true)} />;
    return <video className="resource-view__video" src={view.file_url} controls preload="metadata" onError={() => setFailed(true)} />;
  }
  return (
    <div className="resource-view__elsewhere">
      {view.bool_thumbnail && view.thumb_original_url && <img className="resource-view__thumb" src={view.thumb_original_url} alt="" />}
      <p className="resource-view__note">
        {view.type === "other" ? (
          <>
            This resource is a website: <span className="resource-view__address">{view.file_url}</span>
          </>
        ) : view.resource_type === "file" ? (
          <>This {kind.toLowerCase()} cannot be shown in the page. Download it to open it.</>
        ) : (
          <>This {kind.toLowerCase()} is kept elsewhere. Open it in a new tab.</>
        )}
      </p>
    </div>
  );
}

/**
 * The resource view dialog (second document: id resource-view-modal; "audio, video, PDF, document, image or website
 * link"): the resource in the page where it can be shown, with ways to open it in a tab or download it.
 */
export function ResourceViewDialog({ view, title, onClose }: { view: ResourceView; title: string; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  // Focus starts on Close, not in the player's frame: keys pressed in a frame stay there, so Escape would not close.
  const focusClose = (event: Event) => {
    event.preventDefault();
    close.current?.focus();
  };
  return (
    <ModalFrame id="resource-view-modal" title={title} description={resourceSummary(view)} className="dialog dialog--resource-view" contentProps={{ onOpenAutoFocus: focusClose }} onClose={onClose}>
      <ResourceBody view={view} title={title} />
      <div className="dialog__actions">
        <ResourceLinks view={view} />
        <button ref={close} type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalFrame>
  );
}

/**
 * The resource on its item page: what it is, View Resource (the dialog) and a direct way to open or download it, so a
 * resource added by link or by file is one step from its page.
 */
export function ResourceViewPanel({ view, title }: { view: ResourceView; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="resource-panel" aria-label="The resource">
      <p className="resource-panel__summary">{resourceSummary(view)}</p>
      <div className="resource-panel__actions">
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          View Resource
        </button>
        <ResourceLinks view={view} />
      </div>
      {open && <ResourceViewDialog view={view} title={title} onClose={() => setOpen(false)} />}
    </section>
  );
}
