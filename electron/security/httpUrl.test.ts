import { describe, expect, it } from "vitest";
import { httpOrigin, isSecureServerUrl, normalizeServerUrl, parseHttpUrl } from "./httpUrl.js";

describe("parseHttpUrl", () => {
  it("accepts http and https addresses", () => {
    expect(parseHttpUrl("http://127.0.0.1:3000/x")?.href).toBe("http://127.0.0.1:3000/x");
    expect(parseHttpUrl("  https://example.org ")?.href).toBe("https://example.org/");
  });

  it.each(["file:///etc/passwd", "javascript:alert(1)", "data:text/html,hi", "mailto:a@b.c", "ftp://x.org", "not a url", ""])(
    "refuses %s",
    (value) => {
      expect(parseHttpUrl(value)).toBeUndefined();
    },
  );

  it("refuses things that are not strings", () => {
    expect(parseHttpUrl(42)).toBeUndefined();
    expect(parseHttpUrl({ href: "http://x.org" })).toBeUndefined();
    expect(parseHttpUrl(undefined)).toBeUndefined();
  });
});

describe("normalizeServerUrl", () => {
  it("drops the trailing slash, query and fragment but keeps a path prefix", () => {
    expect(normalizeServerUrl("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000");
    expect(normalizeServerUrl("https://learn.example.org/platform/?a=1#top")).toBe("https://learn.example.org/platform");
  });

  it("lower-cases the host and drops the default port", () => {
    expect(normalizeServerUrl("HTTPS://Learn.Example.org:443")).toBe("https://learn.example.org");
  });

  it("refuses addresses with credentials in them", () => {
    expect(normalizeServerUrl("https://user:secret@learn.example.org")).toBeUndefined();
  });

  it("refuses non-web schemes", () => {
    expect(normalizeServerUrl("file:///srv/platform")).toBeUndefined();
  });
});

describe("httpOrigin", () => {
  it("gives scheme, host and port", () => {
    expect(httpOrigin("http://127.0.0.1:3000/app/config")).toBe("http://127.0.0.1:3000");
    expect(httpOrigin("about:blank")).toBeUndefined();
  });
});

describe("isSecureServerUrl", () => {
  it.each(["https://learn.example.org", "https://10.0.0.5", "http://127.0.0.1:3000", "http://127.1.2.3", "http://localhost:5173", "http://[::1]:3000"])("lets %s carry the sign-in", (value) => {
    expect(isSecureServerUrl(value)).toBe(true);
  });

  it.each(["http://learn.example.org", "http://10.0.0.5:3000", "http://127.0.0.1.example.org", "http://localhost.example.org", "http://[fe80::1]", "ftp://localhost", 42])("refuses %s", (value) => {
    expect(isSecureServerUrl(value)).toBe(false);
  });
});
