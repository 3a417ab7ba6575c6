import { describe, expect, it } from "vitest";
import { isPermissionAllowed } from "./permissions.js";

const server = "http://127.0.0.1:3000";

describe("isPermissionAllowed", () => {
  it("lets the server's pages write to the clipboard, and no one else", () => {
    expect(isPermissionAllowed("clipboard-sanitized-write", "http://127.0.0.1:3000/content/1", server)).toBe(true);
    expect(isPermissionAllowed("clipboard-sanitized-write", "https://evil.example/", server)).toBe(false);
  });

  it("allows fullscreen for embedded videos", () => {
    expect(isPermissionAllowed("fullscreen", "https://www.youtube-nocookie.com/embed/x", server)).toBe(true);
  });

  it.each(["media", "geolocation", "notifications", "openExternal", "clipboard-read", "usb", "unknown"])(
    "refuses %s even to the server",
    (permission) => {
      expect(isPermissionAllowed(permission, "http://127.0.0.1:3000/", server)).toBe(false);
    },
  );
});
