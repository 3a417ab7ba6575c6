import { describe, expect, it } from "vitest";
import { decideConnectWindowNavigation, decideNavigation, isConnectWindowUrl, isTrustedNavigation, isTrustedSender } from "./navigation.js";

const server = "http://127.0.0.1:3000";

describe("isTrustedNavigation", () => {
  it("allows pages on the server's origin", () => {
    expect(isTrustedNavigation("http://127.0.0.1:3000/", server)).toBe(true);
    expect(isTrustedNavigation("http://127.0.0.1:3000/search?q=fractions#results", server)).toBe(true);
  });

  it("accepts the server given as a full address rather than an origin", () => {
    expect(isTrustedNavigation("https://learn.example.org/x", "https://learn.example.org/platform")).toBe(true);
  });

  it.each([
    ["another port", "http://127.0.0.1:3001/"],
    ["a port that starts with the server's", "http://127.0.0.1:30001/"],
    ["another scheme", "https://127.0.0.1:3000/"],
    ["another host", "http://localhost:3000/"],
    ["a look-alike host with the server in the user part", "http://127.0.0.1:3000@evil.example/"],
    ["a host that starts with the server's", "http://127.0.0.1.evil.example:3000/"],
    ["a file", "file:///etc/passwd"],
    ["a data page", "data:text/html,<script>alert(1)</script>"],
    ["script", "javascript:alert(1)"],
    ["garbage", "::::"],
  ])("refuses %s", (_label, url) => {
    expect(isTrustedNavigation(url, server)).toBe(false);
  });

  it("trusts nothing when the configured server is not a web address", () => {
    expect(isTrustedNavigation("file:///a", "file:///a")).toBe(false);
  });
});

describe("decideNavigation", () => {
  it("keeps the server's pages in the window", () => {
    expect(decideNavigation("http://127.0.0.1:3000/content/42", server)).toBe("allow");
  });

  it("sends other web pages to the default browser", () => {
    expect(decideNavigation("https://en.wikipedia.org/wiki/Fraction", server)).toBe("open-external");
    expect(decideNavigation("http://127.0.0.1:4000/", server)).toBe("open-external");
  });

  it("refuses every other scheme", () => {
    expect(decideNavigation("mailto:someone@example.org", server)).toBe("deny");
    expect(decideNavigation("file:///C:/Windows/system32/calc.exe", server)).toBe("deny");
    expect(decideNavigation("smb://share/x", server)).toBe("deny");
  });
});

describe("isTrustedSender", () => {
  it("trusts frames showing the server", () => {
    expect(isTrustedSender("http://127.0.0.1:3000/settings", server)).toBe(true);
  });

  it("refuses other frames and frames without an address", () => {
    expect(isTrustedSender("https://evil.example/", server)).toBe(false);
    expect(isTrustedSender("about:blank", server)).toBe(false);
    expect(isTrustedSender(undefined, server)).toBe(false);
  });
});

describe("the Connect to Zoom window", () => {
  it("is the one opened at the server's connect address, under the server's path too, and nowhere else", () => {
    expect(isConnectWindowUrl("http://127.0.0.1:3000/system/third-party-accounts/zoom/connect", server)).toBe(true);
    expect(isConnectWindowUrl("http://127.0.0.1:3000/platform/system/third-party-accounts/zoom/connect", server)).toBe(true);
    expect(isConnectWindowUrl("http://127.0.0.1:3000/system/third-party-accounts/zoom/callback", server)).toBe(false);
    expect(isConnectWindowUrl("http://127.0.0.1:3000/search?next=/system/third-party-accounts/zoom/connect", server)).toBe(false);
    expect(isConnectWindowUrl("https://look-alike.example/system/third-party-accounts/zoom/connect", server)).toBe(false);
  });

  it("may follow https pages (Zoom's consent and sign-in) and the server, sends plain http elsewhere to the browser, refuses other schemes", () => {
    expect(decideConnectWindowNavigation("https://zoom.us/oauth/authorize", server)).toBe("allow");
    expect(decideConnectWindowNavigation("http://127.0.0.1:3000/system/third-party-accounts/zoom/callback?code=c", server)).toBe("allow");
    expect(decideConnectWindowNavigation("http://insecure.example/", server)).toBe("open-external");
    expect(decideConnectWindowNavigation("file:///etc/passwd", server)).toBe("deny");
    expect(decideConnectWindowNavigation("javascript:alert(1)", server)).toBe("deny");
  });
});
