import { describe, expect, it } from "vitest";
import { shortDate, shortDateRange, shortDateTime, shortDay } from "./dates.js";

// Instants without a zone are read as the reader's local time, so these hold in any time zone the tests run in.
describe("dates (the spec's M/D/YYYY)", () => {
  it("writes an instant's date as M/D/YYYY, without leading zeros", () => {
    expect(shortDate("2026-11-27T14:23:00")).toBe("11/27/2026");
    expect(shortDate("2027-02-05T09:00:00")).toBe("2/5/2027");
    expect(shortDate(new Date(2024, 0, 1, 23, 59))).toBe("1/1/2024");
  });

  it("writes an instant's date and time as M/D/YYYY, h:mm AM/PM", () => {
    expect(shortDateTime("2026-11-27T14:23:00")).toBe("11/27/2026, 2:23 PM");
    expect(shortDateTime("2027-02-05T09:05:00")).toBe("2/5/2027, 9:05 AM");
  });

  it("writes a range with the date once when both ends fall on it, and days only for an all-day event", () => {
    expect(shortDateRange("2027-02-10T17:00:00", "2027-02-10T18:00:00").replace(/\s/g, " ")).toBe("2/10/2027, 5:00 – 6:00 PM");
    expect(shortDateRange("2027-02-10T17:00:00", "2027-02-11T09:00:00").replace(/\s/g, " ")).toBe("2/10/2027, 5:00 PM – 2/11/2027, 9:00 AM");
    expect(shortDateRange("2027-02-10T00:00:00", "2027-02-12T00:00:00", true).replace(/\s/g, " ")).toBe("2/10/2027 – 2/12/2027");
    expect(shortDateRange("2027-02-10T17:00:00", null)).toBe("2/10/2027, 5:00 PM");
    expect(shortDateRange("2027-02-10T17:00:00", null, true)).toBe("2/10/2027");
  });

  it("writes a calendar day YYYY-MM-DD as M/D/YYYY without a time-zone shift", () => {
    expect(shortDay("2024-01-01")).toBe("1/1/2024");
    expect(shortDay("2023-12-31")).toBe("12/31/2023");
    expect(shortDay("not a day")).toBe("not a day");
  });
});

describe("all-day ranges are calendar days, in every time zone", () => {
  it("writes the days as stored, whatever the reader's zone (these values fall on another local day west or east of UTC)", () => {
    expect(shortDateRange("2027-03-04T00:00:00.000Z", "2027-03-05T00:00:00.000Z", true)).toBe("3/4/2027 – 3/5/2027");
    expect(shortDateRange("2027-03-04T23:30:00.000Z", null, true)).toBe("3/4/2027");
    expect(shortDateRange("2027-03-04T00:00:00.000Z", "2027-03-04T23:59:59.000Z", true)).toBe("3/4/2027");
    expect(shortDateRange("2027-03-04", "2027-03-06", true)).toBe("3/4/2027 – 3/6/2027");
    expect(shortDateRange("2027-03-04T00:00:00+13:00", null, true)).toBe("3/4/2027");
  });
});
