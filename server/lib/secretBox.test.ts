import { describe, expect, it } from "vitest";
import { SecretBox } from "./secretBox.js";

describe("SecretBox", () => {
  it("seals a secret so that the stored text does not contain it, and opens it again", () => {
    const box = new SecretBox("session-secret", "tokens");
    const sealed = box.seal("access-token-123");
    expect(sealed).not.toContain("access-token-123");
    expect(sealed.startsWith("v1:")).toBe(true);
    expect(box.open(sealed)).toBe("access-token-123");
    // A fresh IV each time: the same secret seals differently.
    expect(box.seal("access-token-123")).not.toBe(sealed);
  });

  it("opens nothing sealed with another secret or purpose, altered, or not sealed at all", () => {
    const sealed = new SecretBox("session-secret", "tokens").seal("access-token-123");
    expect(new SecretBox("other-secret", "tokens").open(sealed)).toBeNull();
    expect(new SecretBox("session-secret", "other").open(sealed)).toBeNull();
    const altered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(new SecretBox("session-secret", "tokens").open(altered)).toBeNull();
    expect(new SecretBox("session-secret", "tokens").open("access-token-123")).toBeNull();
  });
});
