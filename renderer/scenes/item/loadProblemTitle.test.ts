import { describe, expect, it } from "vitest";
import { loadProblemTitle } from "./loadProblemTitle.js";

describe("loadProblemTitle", () => {
  it("names the expected answers for what they are, not as failures", () => {
    expect(loadProblemTitle(401)).toBe("Sign in to see this item");
    expect(loadProblemTitle(403)).toBe("You may not see this item");
    expect(loadProblemTitle(404)).toBe("Page not found");
  });

  it("keeps 'Something went wrong' for real failures: server errors and no answer at all", () => {
    expect(loadProblemTitle(500)).toBe("Something went wrong");
    expect(loadProblemTitle(0)).toBe("Something went wrong");
  });
});
