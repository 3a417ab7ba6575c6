import type { BeforeSendResponse, OnBeforeSendHeadersListenerDetails, WebRequest } from "electron";
import { describe, expect, it } from "vitest";
import { authorizeServerRequests, serverRequestHeaders, type OutgoingRequest } from "./serverAuthorization.js";

const server = "https://commons.example.org";
const token = "header.payload.signature";
const bearer = { Authorization: `Bearer ${token}` };

/** A read the server's page issued (an <img> of a restricted file, say), with the headers Chromium gives it. */
const request = (overrides: Partial<OutgoingRequest> = {}): OutgoingRequest => ({
  url: `${server}/files/uploaded/abc123`,
  method: "GET",
  initiatorOrigin: server,
  requestHeaders: { Accept: "image/*" },
  ...overrides,
});

describe("serverRequestHeaders", () => {
  it("adds the bearer token to the server's own reads of its origin", () => {
    expect(serverRequestHeaders(request(), server, token)).toEqual({ Accept: "image/*", ...bearer });
    expect(serverRequestHeaders(request({ url: `${server}/files/attachments/k`, method: "head" }), server, token)).toMatchObject(bearer);
    // The configured address may carry a path; the origin is what counts, written either way.
    expect(serverRequestHeaders(request({ url: "https://COMMONS.example.org:443/files/x" }), `${server}/platform`, token)).toMatchObject(bearer);
  });

  it.each([
    ["another host", "https://www.youtube.com/embed/xyz"],
    ["a sub-domain of the server", "https://media.commons.example.org/files/x"],
    ["another port of the server's host", "https://commons.example.org:8443/files/x"],
    ["the server's host over plain http", "http://commons.example.org/files/x"],
    ["the OIDC provider", "https://login.example.org/authorize"],
    ["a file: address", "file:///etc/passwd"],
  ])("sends nothing to %s", (_label, url) => {
    expect(serverRequestHeaders(request({ url }), server, token)).toEqual({ Accept: "image/*" });
  });

  it("tells a loopback server's ports apart", () => {
    const local = "http://127.0.0.1:3000";
    const fromLocal = (url: string) => request({ url, initiatorOrigin: local });
    expect(serverRequestHeaders(fromLocal("http://127.0.0.1:3000/files/x"), local, token)).toMatchObject(bearer);
    expect(serverRequestHeaders(fromLocal("http://127.0.0.1:5173/files/x"), local, token)).not.toHaveProperty("Authorization");
    expect(serverRequestHeaders(fromLocal("http://localhost:3000/files/x"), local, token)).not.toHaveProperty("Authorization");
  });

  it("sends nothing on the first run (no server) or when signed out", () => {
    expect(serverRequestHeaders(request(), "", token)).toEqual({ Accept: "image/*" });
    expect(serverRequestHeaders(request(), server, null)).toEqual({ Accept: "image/*" });
    expect(serverRequestHeaders(request(), server, "")).toEqual({ Accept: "image/*" });
  });

  it.each([
    ["an embedded video's frame", "https://www.youtube.com"],
    ["the server's host over plain http", "http://commons.example.org"],
    ["a sandboxed file (an opaque origin)", "null"],
    ["the app itself (no initiator)", undefined],
  ])("sends nothing with a request to the server that %s issued: bearer requests skip CSRF checks", (_label, initiatorOrigin) => {
    expect(serverRequestHeaders(request({ initiatorOrigin }), server, token)).toEqual({ Accept: "image/*" });
  });

  it.each(["POST", "PUT", "DELETE", "OPTIONS"])("sends nothing with a %s: only reads", (method) => {
    expect(serverRequestHeaders(request({ method }), server, token)).toEqual({ Accept: "image/*" });
  });

  it.each(["Authorization", "authorization", "AUTHORIZATION"])("keeps an %s header the page set itself", (name) => {
    const headers = { [name]: "Bearer the-pages-own" };
    expect(serverRequestHeaders(request({ requestHeaders: headers }), server, token)).toEqual(headers);
  });
});

describe("authorizeServerRequests", () => {
  /** Stands in for the session's WebRequest: keeps the listener so a request can be passed through it. */
  function fakeWebRequest() {
    let listener: ((details: OnBeforeSendHeadersListenerDetails, callback: (response: BeforeSendResponse) => void) => void) | null = null;
    const webRequest = {
      onBeforeSendHeaders: (...args: unknown[]) => {
        listener = args.at(-1) as typeof listener;
      },
    } as Pick<WebRequest, "onBeforeSendHeaders">;
    const send = (overrides: Partial<OutgoingRequest>) => {
      if (!listener) throw new Error("no listener was set");
      const details = { id: 1, resourceType: "image", referrer: "", timestamp: 0, ...request(overrides) } as OnBeforeSendHeadersListenerDetails;
      let response: BeforeSendResponse | undefined;
      listener(details, (answer) => (response = answer));
      return response;
    };
    return { webRequest, send };
  }

  it("answers every request at once, reading the server and the token as they are now", () => {
    const { webRequest, send } = fakeWebRequest();
    let serverOrigin = server;
    let accessToken: string | null = token;
    authorizeServerRequests(webRequest, { serverOrigin: () => serverOrigin, accessToken: () => accessToken });

    expect(send({})).toEqual({ requestHeaders: { Accept: "image/*", ...bearer } });
    expect(send({ url: "https://img.example.net/a.png" })).toEqual({ requestHeaders: { Accept: "image/*" } });

    accessToken = null;
    expect(send({})).toEqual({ requestHeaders: { Accept: "image/*" } });

    // Another server chosen: the token follows the server, the old one gets nothing.
    accessToken = "another.server.token";
    serverOrigin = "http://127.0.0.1:3000";
    expect(send({})).toEqual({ requestHeaders: { Accept: "image/*" } });
    expect(send({ url: "http://127.0.0.1:3000/files/x", initiatorOrigin: "http://127.0.0.1:3000" })).toEqual({
      requestHeaders: { Accept: "image/*", Authorization: "Bearer another.server.token" },
    });
  });
});
