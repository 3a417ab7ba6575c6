import { describe, expect, it } from "vitest";
import { SHOWN_VALUE_CHARS, shownValue } from "./shownValue.js";

describe("a provided value as an import error shows it", () => {
  it("is whole up to the limit", () => {
    const value = "a".repeat(SHOWN_VALUE_CHARS);
    expect(shownValue(value)).toBe(value);
    expect(shownValue("")).toBe("");
  });

  it("is cut after the limit, with the value's length", () => {
    const value = `${"word ".repeat(40)}${"x".repeat(11_000)}`;
    expect(shownValue(value)).toBe(`${"word ".repeat(40).trimEnd()}… (${value.length.toLocaleString()} characters)`);
  });
});
