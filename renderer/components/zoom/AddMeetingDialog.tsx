import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { MESSAGES, ZOOM_TOPIC_MAX, ZoomMeetingRequest, type MeetingDetails, type ZoomMeetingType } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { createZoomMeeting, needsZoomConnection } from "../../api/zoom.js";
import { Field, fieldErrorProps } from "../Field.js";
import { FormDialog } from "../ModalFrame.js";
import { ConnectZoomDialog } from "./ConnectZoomDialog.js";

type Errors = { topic?: string; start_time?: string };

/**
 * Add meeting / Add webinar: a topic (prefilled) and an optional start time, then POST /system/zoom/meetings or
 * /webinars. Zoom's 1005 (not connected, or the connection expired) opens the Connect to Zoom dialog over this one, and
 * once connected the same request is sent again without asking. `onCreated` gets the new meeting's details.
 */
export function AddMeetingDialog({ type, defaultTopic, onCreated, onClose }: { type: ZoomMeetingType; defaultTopic: string; onCreated(meeting: MeetingDetails): void; onClose(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [topic, setTopic] = useState(defaultTopic.slice(0, ZOOM_TOPIC_MAX));
  const [start, setStart] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<ZoomMeetingRequest | null>(null);
  const label = type === "webinar" ? "webinar" : "meeting";

  const send = async (request: ZoomMeetingRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      onCreated(await createZoomMeeting(type, request));
    } catch (error) {
      if (needsZoomConnection(error)) setPending(request);
      else setFailure(messageOf(error, MESSAGES.unexpected));
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const startTime = start ? new Date(start) : null;
    const parsed = ZoomMeetingRequest.safeParse({ topic, start_time: startTime && !Number.isNaN(startTime.getTime()) ? startTime.toISOString() : start || null });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      document.getElementById(`${id}-${next.topic ? "topic" : "start"}`)?.focus();
      return;
    }
    setErrors({});
    await send(parsed.data);
  };

  const handleConnected = () => {
    const request = pending;
    setPending(null);
    // The account's features (webinars) are known now.
    void queryClient.invalidateQueries({ queryKey: ["zoom"] });
    if (request) void send(request);
  };

  return (
    <>
      <FormDialog
        id="zoom-meeting-dialog"
        title={type === "webinar" ? "Add a Zoom webinar" : "Add a Zoom meeting"}
        description={`The ${label} is created in your Zoom account and added to your comment.`}
        onClose={onClose}
        onSubmit={handleSubmit}
        formClassName="stack"
        failure={failure}
        submitLabel={`Add ${label}`}
        busyLabel="Adding…"
        submitting={busy}
      >
        <Field id={`${id}-topic`} label="Topic" error={errors.topic}>
          <input id={`${id}-topic`} className="input" maxLength={ZOOM_TOPIC_MAX} value={topic} onChange={(e) => setTopic(e.target.value)} {...fieldErrorProps(`${id}-topic`, errors.topic)} />
        </Field>
        <Field id={`${id}-start`} label="Start time (optional)" error={errors.start_time}>
          <input
            id={`${id}-start`}
            className="input"
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            {...fieldErrorProps(`${id}-start`, errors.start_time)}
            aria-describedby={errors.start_time ? `${id}-start-hint ${id}-start-error` : `${id}-start-hint`}
          />
        </Field>
        <p id={`${id}-start-hint`} className="field__hint">
          {type === "webinar" ? "Leave the start time empty for a webinar that starts now." : "Leave the start time empty for a meeting that can start now."}
        </p>
      </FormDialog>
      {pending && <ConnectZoomDialog onConnected={handleConnected} onClose={() => setPending(null)} />}
    </>
  );
}
