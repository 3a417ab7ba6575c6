import { useCallback, useEffect, useRef, useState } from "react";
import { TOUR_MESSAGES, type GuidedTour, type TourStop } from "../../../contract/index.js";
import { fetchTourByName } from "../../api/guidedTours.js";
import { Icon } from "../Icon.js";
import { showToast } from "../toastStore.js";
import { findStops } from "./tourTargets.js";
import { TargetPicker } from "./TargetPicker.js";
import { TourEditor } from "./TourEditor.js";
import { TourPlayer } from "./TourPlayer.js";

/**
 * The guided-tour button of a dialog's header (first document): loads the tour named after the dialog, waits for its
 * first stop, then runs it. A tour that cannot be loaded is silently ignored (spec); one whose stops are all missing
 * says so with the spec's warning. Those the tour's abilities allow may edit it from the running tour (Edit tour).
 * Focus comes back here when the tour or its editor closes.
 */
export function TourButton({ name }: { name: string }) {
  const button = useRef<HTMLButtonElement>(null);
  // `run` counts the starts: a tour started again while the last one's overlay still fades is a new player.
  const [running, setRunning] = useState<{ tour: GuidedTour; stops: TourStop[]; run: number } | null>(null);
  const runs = useRef(0);
  // The editor's draft lives here, so it outlasts select-target mode (the editor closes while one picks a target).
  const [editing, setEditing] = useState<{ tour: GuidedTour; draft: TourStop[]; added?: boolean } | null>(null);
  const [picking, setPicking] = useState<{ tour: GuidedTour; draft: TourStop[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const handleStart = async () => {
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    setBusy(true);
    try {
      const tour = await fetchTourByName(name);
      const stops = await findStops(tour.configuration, controller.signal);
      if (controller.signal.aborted) return;
      if (stops.length === 0) showToast(TOUR_MESSAGES.noStops, "info");
      else setRunning({ tour, stops, run: ++runs.current });
    } catch {
      // Spec: guided-tour failures are silently ignored; the dialog works without its tour.
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const handlePick = useCallback(
    (selector: string) => {
      setPicking(null);
      if (picking) setEditing({ tour: picking.tour, draft: [...picking.draft, { selector, title: "", content: "" }], added: true });
    },
    [picking],
  );
  const handleTourEnd = useCallback(() => setRunning(null), []);
  const handlePickCancel = useCallback(() => {
    setPicking(null);
    if (picking) setEditing(picking);
  }, [picking]);

  return (
    <>
      <button ref={button} type="button" className="icon-button dialog__tour-button" aria-label="Guided tour" title="Take a tour" aria-busy={busy || undefined} onClick={() => void handleStart()}>
        <Icon name="helpCircle" />
      </button>
      {running && (
        <TourPlayer
          key={running.run}
          stops={running.stops}
          onClose={handleTourEnd}
          returnFocus={() => button.current?.focus()}
          onEdit={
            running.tour.abilities.edit
              ? () => {
                  setRunning(null);
                  setEditing({ tour: running.tour, draft: running.tour.configuration });
                }
              : undefined
          }
        />
      )}
      {editing && (
        <TourEditor
          key={editing.draft.length}
          tour={editing.tour}
          draft={editing.draft}
          focusLast={editing.added === true}
          onClose={() => setEditing(null)}
          onPickTarget={(draft) => {
            setEditing(null);
            setPicking({ tour: editing.tour, draft });
          }}
          returnFocus={() => button.current?.focus()}
        />
      )}
      {picking && <TargetPicker rootId={name} onPick={handlePick} onCancel={handlePickCancel} />}
    </>
  );
}
