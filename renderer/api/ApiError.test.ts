import { HTTPError } from "ky";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.js";
import { ApiError, messageOf, toApiError } from "./ApiError.js";

const httpError = (status: number, body: unknown) => {
  const request = new Request("http://localhost/auth", { method: "POST" });
  const response = new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  return new HTTPError(response, request, {} as never);
};

describe("toApiError", () => {
  it("keeps the status, message and error list of a JSON answer", async () => {
    const error = await toApiError(httpError(401, { message: "Invalid username or password.", errors: ["Invalid username or password."] }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: "Invalid username or password.", errors: ["Invalid username or password."] });
  });
  it("flattens field errors and shows the first", async () => {
    const error = await toApiError(httpError(422, { message: "Invalid", errors: { email: ["The provided email address is invalid"] } }));
    expect(error.displayMessage).toBe("The provided email address is invalid");
  });
  it("keeps a numeric code the server sent (Zoom's 1005), null without one", async () => {
    expect((await toApiError(httpError(401, { message: "Connect your Zoom account to add meetings.", code: 1005 }))).code).toBe(1005);
    expect((await toApiError(httpError(401, { message: "Sign in", code: "x" }))).code).toBeNull();
    expect((await toApiError(httpError(422, { message: "Invalid" }))).code).toBeNull();
  });
  it("falls back to the generic message when the answer is not JSON or the network failed", async () => {
    expect((await toApiError(httpError(502, "<html>Bad gateway</html>"))).message).toBe(MESSAGES.unexpected);
    expect(await toApiError(new TypeError("Failed to fetch"))).toMatchObject({ status: 0, message: MESSAGES.unexpected });
  });
});

describe("messageOf", () => {
  it("shows a failed call's own text: its first listed error, else its message", async () => {
    expect(messageOf(new ApiError(422, "The given data was invalid.", ["About is required."]), "fallback")).toBe("About is required.");
    expect(messageOf(new ApiError(409, "Someone else is editing this item."), "fallback")).toBe("Someone else is editing this item.");
    expect(messageOf(await toApiError(httpError(500, "<html>proxy</html>")), "fallback")).toBe(MESSAGES.unexpected);
  });

  it("shows the fallback for anything else thrown, and an empty fallback stays empty", () => {
    for (const thrown of [new Error("boom"), new TypeError("Failed to fetch"), "text", null, undefined, { displayMessage: "not an ApiError" }]) {
      expect(messageOf(thrown, "The photo could not be saved. Please try again.")).toBe("The photo could not be saved. Please try again.");
    }
    expect(messageOf(new Error("boom"), "")).toBe("");
  });
});
