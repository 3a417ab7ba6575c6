import { describe, expect, it } from "vitest";
import { centsOfAmount } from "./checkout.js";

describe("centsOfAmount", () => {
  it("reads an amount as a person types it, with or without a currency sign before it", () => {
    const read: [string, number][] = [
      ["12.5", 1250],
      ["12.50", 1250],
      ["0", 0],
      ["$12.50", 1250],
      [" $ 12.50 ", 1250],
      ["€4,50", 450],
      ["100000.00", 10_000_000],
    ];
    for (const [text, cents] of read) expect(centsOfAmount(text), text).toBe(cents);
  });

  it("refuses what is no price in range", () => {
    for (const text of ["", "abc", "12.505", "-1", "100000.01", "1,000.00", "12$", "$$12", "USD 12"]) expect(centsOfAmount(text), text).toBeNull();
  });
});
