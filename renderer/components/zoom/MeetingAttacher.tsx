import { useEffect, useRef, useState } from "react";
import { ZOOM_FEATURE, type MeetingDetails, type ZoomMeetingType } from "../../../contract/index.js";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { useZoomFeatures } from "../../api/zoom.js";
import { AddMeetingDialog } from "./AddMeetingDialog.js";
import { MeetingCard } from "./MeetingCard.js";

/**
 * Whether the comment forms offer meetings: the site has a Zoom app (zoom_meetings) and someone is signed in. On the
 * desktop too: its main process opens the Connect to Zoom popup in a window of its own that carries the sign-in to
 * the server and follows Zoom's pages back (docs/desktop.md, "Connect to Zoom").
 */
export function useMeetingsOffered(): boolean {
  const zoomOn = useAppConfig().data?.features[ZOOM_FEATURE] === true;
  const profile = useCurrentProfile();
  return zoomOn && Boolean(profile);
}

/**
 * The meeting part of a comment form: Add meeting, and Add webinar when the Zoom account has webinars (the spec's
 * availableFeatures); once one is added, its card with Remove. Renders nothing where meetings are not offered.
 */
export function MeetingAttacher({ meeting, defaultTopic, onChange }: { meeting: MeetingDetails | null; defaultTopic: string; onChange(meeting: MeetingDetails | null): void }) {
  const offered = useMeetingsOffered();
  const features = useZoomFeatures(offered);
  const [adding, setAdding] = useState<ZoomMeetingType | null>(null);
  // Where focus goes when the control that had it leaves: the new card once added, Add meeting once removed.
  const focusNext = useRef<"card" | "add" | null>(null);
  const cardRef = useRef<HTMLElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next) (next === "card" ? cardRef : addRef).current?.focus();
  }, [meeting]);
  if (!offered) return null;
  if (meeting)
    return (
      <MeetingCard
        ref={cardRef}
        meeting={meeting}
        onRemove={() => {
          onChange(null);
          focusNext.current = "add";
        }}
      />
    );
  return (
    <div className="meeting-buttons">
      <button ref={addRef} type="button" className="button button--small button--secondary" onClick={() => setAdding("meeting")}>
        Add meeting
      </button>
      {features.data?.availableFeatures.webinar && (
        <button type="button" className="button button--small button--secondary" onClick={() => setAdding("webinar")}>
          Add webinar
        </button>
      )}
      {adding && (
        <AddMeetingDialog
          type={adding}
          defaultTopic={defaultTopic}
          onClose={() => setAdding(null)}
          onCreated={(created) => {
            setAdding(null);
            onChange(created);
            focusNext.current = "card";
          }}
        />
      )}
    </div>
  );
}
