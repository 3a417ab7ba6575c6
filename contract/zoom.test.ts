import { describe, expect, it } from "vitest";
import { formatZoomId, isZoomJoinUrl } from "./zoom.js";

describe("formatZoomId", () => {
  it("groups the digits 3, 4 and the rest", () => {
    expect(formatZoomId("85746352311")).toBe("857 4635 2311");
    expect(formatZoomId(85746352311)).toBe("857 4635 2311");
    expect(formatZoomId("1234567890")).toBe("123 4567 890");
    expect(formatZoomId("123456789012")).toBe("123 4567 89012");
  });
  it("keeps short IDs in as many groups as they fill, and reformats spaced ones", () => {
    expect(formatZoomId("12345")).toBe("123 45");
    expect(formatZoomId("123")).toBe("123");
    expect(formatZoomId("857 46 352311")).toBe("857 4635 2311");
  });
  it("leaves anything that is not digits as it is", () => {
    expect(formatZoomId("abc-123")).toBe("abc-123");
    expect(formatZoomId("")).toBe("");
  });
});

describe("isZoomJoinUrl", () => {
  it("accepts https links on zoom.us and its subdomains", () => {
    expect(isZoomJoinUrl("https://zoom.us/j/85746352311")).toBe(true);
    expect(isZoomJoinUrl("https://us02web.zoom.us/j/85746352311?pwd=abc")).toBe(true);
  });
  it("refuses other schemes, hosts, look-alikes and credentials", () => {
    for (const bad of ["http://zoom.us/j/1", "javascript:alert(1)", "https://zoom.us.evil.example/j/1", "https://evilzoom.us/j/1", "https://a@zoom.us/j/1", "https://zoom.us:8443/j/1", "not a url"]) {
      expect(isZoomJoinUrl(bad), bad).toBe(false);
    }
  });
});
