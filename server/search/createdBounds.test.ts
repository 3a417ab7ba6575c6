import { describe, expect, it } from "vitest";
import { createdBounds, dayStartIn } from "./createdBounds.js";

const iso = (time: number) => new Date(time).toISOString();

describe("createdBounds", () => {
  it("is the whole UTC day without a time zone, and open on a side without a date", () => {
    expect(iso(createdBounds({ from: "2026-03-08", to: "2026-03-08", tz: null }).from)).toBe("2026-03-08T00:00:00.000Z");
    expect(iso(createdBounds({ from: "2026-03-08", to: "2026-03-08", tz: null }).to)).toBe("2026-03-08T23:59:59.999Z");
    expect(createdBounds({ from: null, to: null, tz: "Asia/Tokyo" })).toEqual({ from: -Infinity, to: Infinity });
  });

  it("begins and ends the days at the time zone's own midnights", () => {
    expect(iso(dayStartIn("2026-01-15", "America/New_York"))).toBe("2026-01-15T05:00:00.000Z");
    expect(iso(dayStartIn("2026-06-01", "Asia/Kolkata"))).toBe("2026-05-31T18:30:00.000Z");
    expect(iso(dayStartIn("2026-06-01", "Pacific/Kiritimati"))).toBe("2026-05-31T10:00:00.000Z");
    expect(iso(dayStartIn("2026-06-01", "UTC"))).toBe("2026-06-01T00:00:00.000Z");
    // The last day of a year ends at the next year's first midnight.
    expect(iso(createdBounds({ from: null, to: "2026-12-31", tz: "Europe/Paris" }).to)).toBe("2026-12-31T22:59:59.999Z");
  });

  it("keeps each day's own offset across a clock change", () => {
    // New York moves its clocks forward at 02:00 on 2026-03-08: that day begins in winter time and ends in summer time.
    const day = createdBounds({ from: "2026-03-08", to: "2026-03-08", tz: "America/New_York" });
    expect([iso(day.from), iso(day.to)]).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T03:59:59.999Z"]);
    // Sydney moves its clocks back at 03:00 on 2026-04-05 (UTC+11 to UTC+10).
    const sydney = createdBounds({ from: "2026-04-05", to: "2026-04-05", tz: "Australia/Sydney" });
    expect([iso(sydney.from), iso(sydney.to)]).toEqual(["2026-04-04T13:00:00.000Z", "2026-04-05T13:59:59.999Z"]);
  });

  it("begins a day whose midnight the clocks skip at its first instant, west and east of UTC", () => {
    // Santiago goes from 00:00 to 01:00 on 2026-09-06 (UTC-4 to UTC-3): the day begins at 01:00, 04:00 UTC, and the day before keeps its last hour.
    expect(iso(dayStartIn("2026-09-06", "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
    expect(iso(createdBounds({ from: null, to: "2026-09-05", tz: "America/Santiago" }).to)).toBe("2026-09-06T03:59:59.999Z");
    // Beirut goes from 00:00 to 01:00 on 2026-03-29 (UTC+2 to UTC+3): the day begins at 22:00 UTC the day before.
    expect(iso(dayStartIn("2026-03-29", "Asia/Beirut"))).toBe("2026-03-28T22:00:00.000Z");
  });

  it("reads the years before 100 as themselves", () => {
    // Etc/GMT-5 is UTC+5 at every date (the sign of the Etc zones is the POSIX one).
    expect(iso(dayStartIn("0050-06-01", "Etc/GMT-5"))).toBe("0050-05-31T19:00:00.000Z");
  });
});
