import { useCallback, useEffect, useState } from "react";
import { ANNOUNCEMENT_SNOOZE_HOURS } from "../../contract/index.js";
import { useAppConfig } from "../api/queries.js";
import { platform } from "../platform/index.js";

/** Kept per announcement id: "accepted" (dismissed for good) or "snoozed:<ms since epoch it stays hidden until>". */
const storageKey = (id: number) => `announcement.${id}`;
const ACCEPTED = "accepted";
const SNOOZED = "snoozed:";

/** When a snoozed announcement shows again (ms since epoch), or null when it is not snoozed. */
function snoozedUntil(id: number): number | null {
  const stored = platform.storage.get(storageKey(id));
  if (!stored?.startsWith(SNOOZED)) return null;
  const until = Number(stored.slice(SNOOZED.length));
  return Number.isFinite(until) ? until : null;
}

/** Whether the announcement was dismissed, or snoozed and its hours (8 by default) have not passed yet. */
export function isAnnouncementHidden(id: number, now = Date.now()): boolean {
  if (platform.storage.get(storageKey(id)) === ACCEPTED) return true;
  const until = snoozedUntil(id);
  return until !== null && until > now;
}

/** The longest a browser timer waits (about 24.8 days); a later snooze end is looked at again then. */
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * Which announcements this browser has hidden (first document, section 4), and the two ways to hide one. Given the
 * ids on screen, a snoozed one shows again when its hours pass, on a page left open as well as on the next visit.
 * The hours are the site's setting (the app config's snooze_hours: "the hours arrive as a setting"), 8 until it is read.
 */
export function useHiddenAnnouncements(ids: readonly number[] = []) {
  // Storage is not observable: a change re-renders through this counter.
  const [version, setVersion] = useState(0);
  const snoozeHours = useAppConfig().data?.snooze_hours ?? ANNOUNCEMENT_SNOOZE_HOURS;
  const idsKey = ids.join(",");
  useEffect(() => {
    const now = Date.now();
    const ends = idsKey
      .split(",")
      .filter(Boolean)
      .map((id) => snoozedUntil(Number(id)))
      .filter((until): until is number => until !== null && until > now);
    if (ends.length === 0) return;
    const timer = setTimeout(() => setVersion((v) => v + 1), Math.min(Math.min(...ends) - now + 1, LONGEST_TIMER));
    return () => clearTimeout(timer);
  }, [idsKey, version]);
  const snooze = useCallback((id: number) => {
    platform.storage.set(storageKey(id), `${SNOOZED}${Date.now() + snoozeHours * 3_600_000}`);
    setVersion((v) => v + 1);
  }, [snoozeHours]);
  const dismiss = useCallback((id: number) => {
    platform.storage.set(storageKey(id), ACCEPTED);
    setVersion((v) => v + 1);
  }, []);
  return { isHidden: isAnnouncementHidden, snooze, dismiss };
}
