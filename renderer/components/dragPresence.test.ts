import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DragPresence, DROP_ZONE_HIDE_MS } from "./dragPresence.js";

describe("DragPresence", () => {
  let changes: boolean[];
  let presence: DragPresence;
  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
    presence = new DragPresence((visible) => changes.push(visible));
  });
  afterEach(() => {
    presence.dispose();
    vi.useRealTimers();
  });

  it("shows on the first dragover", () => {
    presence.dragOver();
    expect(presence.visible).toBe(true);
    expect(changes).toEqual([true]);
  });

  it("hides 250 ms after the last dragover, not before", () => {
    expect(DROP_ZONE_HIDE_MS).toBe(250);
    presence.dragOver();
    vi.advanceTimersByTime(249);
    expect(presence.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(presence.visible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("stays while dragovers keep coming, and counts the 250 ms from the last one", () => {
    presence.dragOver();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(200);
      presence.dragOver();
    }
    expect(presence.visible).toBe(true);
    vi.advanceTimersByTime(249);
    expect(presence.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(presence.visible).toBe(false);
    // Shown once, hidden once: no flicker while the drag goes on.
    expect(changes).toEqual([true, false]);
  });

  it("hides at once on a drop, and no late timer shows or hides it again", () => {
    presence.dragOver();
    vi.advanceTimersByTime(100);
    presence.end();
    expect(presence.visible).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true, false]);
  });

  it("shows again for a new drag after hiding", () => {
    presence.dragOver();
    vi.advanceTimersByTime(250);
    presence.dragOver();
    expect(presence.visible).toBe(true);
    expect(changes).toEqual([true, false, true]);
  });
});
