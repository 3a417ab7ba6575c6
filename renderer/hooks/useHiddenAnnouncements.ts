import { useCallback, useState } from "react";
import { ANNOUNCEMENT_SNOOZE_HOURS } from "../../contract/index.js";
import { platform } from "../platform/index.js";

/** Kept per announcement id: "accepted" (dismissed for good) or "snoozed:<ms since epoch it stays hidden until>". */
const storageKey = (id: number) => `announcement.${id}`;
const ACCEPTED = "accepted";
const SNOOZED = "snoozed:";

/** Whether the announcement was dismissed, or snoozed and its 8 hours have not passed yet. */
export function isAnnouncementHidden(id: number, now = Date.now()): boolean {
  const stored = platform.storage.get(storageKey(id));
  if (stored === ACCEPTED) return true;
  if (!stored?.startsWith(SNOOZED)) return false;
  const until = Number(stored.slice(SNOOZED.length));
  return Number.isFinite(until) && until > now;
}

/** Which announcements this browser has hidden (first document, section 4), and the two ways to hide one. */
export function useHiddenAnnouncements() {
  // Storage is not observable: a change re-renders through this counter.
  const [, setVersion] = useState(0);
  const snooze = useCallback((id: number) => {
    platform.storage.set(storageKey(id), `${SNOOZED}${Date.now() + ANNOUNCEMENT_SNOOZE_HOURS * 3_600_000}`);
    setVersion((v) => v + 1);
  }, []);
  const dismiss = useCallback((id: number) => {
    platform.storage.set(storageKey(id), ACCEPTED);
    setVersion((v) => v + 1);
  }, []);
  return { isHidden: isAnnouncementHidden, snooze, dismiss };
}
