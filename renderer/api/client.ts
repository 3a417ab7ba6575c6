import ky, { type Options } from "ky";
import type { z } from "zod";
import { BEARER_ERRORS, InitializeData, MESSAGES } from "../../contract/index.js";
import { platform } from "../platform/index.js";
import { signInPath } from "../routes/paths.js";
import { ApiError, apiErrorFromResponse, toApiError } from "./ApiError.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

let baseUrl = "/";
let csrfToken: string | null = null;
let pendingToken: Promise<string> | null = null;

/** Points every call at the platform's API base URL; called once at start-up. */
export function configureApi(apiBaseUrl: string): void {
  baseUrl = apiBaseUrl.endsWith("/") ? apiBaseUrl : `${apiBaseUrl}/`;
}

/** The address of `path` (no leading slash) on the API's server, for files the page loads itself (an icon's SVG). */
export function apiUrl(path: string): string {
  return baseUrl + path;
}

/** Remembers the session's CSRF token (from GET /getInitializeData) for later writes. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** A 401 refusing the bearer token itself, expired or not valid (server/lib/bearerAuth.ts), not some other 401. */
async function refusesBearer(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body: unknown = await response.clone().json().catch(() => null);
  const message = body && typeof body === "object" && "message" in body ? body.message : null;
  return message === BEARER_ERRORS.expired || message === BEARER_ERRORS.invalid;
}

/** The renewal under way, shared by every call the server refused with the same header. */
let renewal: { refused: string; renewed: Promise<string | null> } | null = null;
let signingOut = false;

/**
 * The server refused `refused` mid-session: one silent renewal through the platform (the desktop's refresh token).
 * Answers the header to try once more, or null after signing out through the platform and going to the login page.
 */
function renewRefusedAuthorization(refused: string): Promise<string | null> {
  if (renewal?.refused !== refused) {
    const renewed = platform
      .renewAuthorization(refused)
      .catch(() => null)
      .then(async (header) => {
        if (header) return header;
        if (!signingOut) {
          signingOut = true;
          await platform.signOut().catch(() => {});
          // A fresh page load starts signed out everywhere (no cached profile, no token), on the login page.
          window.location.assign(signInPath(window.location.pathname + window.location.search));
        }
        return null;
      });
    renewal = { refused, renewed };
  }
  return renewal.renewed;
}

/**
 * The one HTTP client: cookies included, the platform's bearer token when it has one (a signed-in desktop), the CSRF
 * header on every other write, retries left to TanStack Query.
 */
const http = ky.create({
  credentials: "include",
  retry: 0,
  timeout: 20_000,
  headers: { Accept: "application/json" },
  hooks: {
    beforeRequest: [
      async (request) => {
        const authorization = await platform.authorization();
        // A bearer-authenticated call is not cookie-authenticated, so the server wants no CSRF token with it.
        if (authorization) {
          request.headers.set("Authorization", authorization);
          return;
        }
        if (SAFE_METHODS.has(request.method.toUpperCase())) return;
        request.headers.set("X-CSRF-Token", await ensureCsrfToken());
      },
    ],
    afterResponse: [
      // A bearer token the server refuses is renewed once and the call sent again; without a renewal, sign out.
      async (request, _options, response) => {
        const refused = request.headers.get("Authorization");
        if (!refused || !(await refusesBearer(response))) return;
        const renewed = await renewRefusedAuthorization(refused);
        if (!renewed) return;
        const retry = new Request(request);
        retry.headers.set("Authorization", renewed);
        const again = await fetch(retry);
        if (await refusesBearer(again)) await renewRefusedAuthorization(renewed);
        return again;
      },
    ],
  },
});

/** A write before the first GET /getInitializeData answered still needs the token, so fetch it once. */
function ensureCsrfToken(): Promise<string> {
  if (csrfToken) return Promise.resolve(csrfToken);
  pendingToken ??= http
    .get("getInitializeData", { prefixUrl: baseUrl })
    .json()
    .then((body) => {
      const token = InitializeData.parse(body).csrfToken;
      csrfToken = token;
      return token;
    })
    .finally(() => {
      pendingToken = null;
    });
  return pendingToken;
}

/** The session's CSRF token for a plain HTML form post (its `_token` field), fetched once when the page has none yet. */
export function csrfTokenForForm(): Promise<string> {
  return ensureCsrfToken();
}

/**
 * For the calls a guest makes to get an account's session (sign in, register, ask for a password reset): the guest
 * session holding the page's CSRF token ends on the server a day after it began, or loses its cookie. Nothing of
 * anyone's is in it, so the call is sent once more with a new session's token, rather than refused with "refresh the page".
 */
export async function withFreshGuestSession<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403 && error.message === MESSAGES.csrf)) throw error;
    csrfToken = null;
    return run();
  }
}

/** Runs one call, checks the answer against its contract schema, and turns failures into ApiError. */
async function call<S extends z.ZodType>(schema: S, run: (prefixUrl: string) => Promise<unknown>): Promise<z.infer<S>> {
  try {
    return schema.parse(await run(baseUrl));
  } catch (error) {
    throw await toApiError(error);
  }
}

/** GET `path` (no leading slash) and parse the JSON answer with `schema`. */
export function getJson<S extends z.ZodType>(path: string, schema: S, options: Options = {}): Promise<z.infer<S>> {
  return call(schema, (prefixUrl) => http.get(path, { ...options, prefixUrl }).json());
}

/** POST `body` as JSON to `path` (no leading slash) and parse the answer with `schema`. */
export function postJson<S extends z.ZodType>(path: string, body: unknown, schema: S, options: Options = {}): Promise<z.infer<S>> {
  return call(schema, (prefixUrl) => http.post(path, { ...options, prefixUrl, json: body }).json());
}

/** POST `body` as JSON to `path` (no leading slash) where the answer has no body (204). */
export async function postNoContent(path: string, body: unknown, options: Options = {}): Promise<void> {
  try {
    await http.post(path, { ...options, prefixUrl: baseUrl, json: body });
  } catch (error) {
    throw await toApiError(error);
  }
}

/** POST a multipart form (an upload) to `path` and parse the answer with `schema`; the browser sets the boundary. */
export function postForm<S extends z.ZodType>(path: string, body: FormData, schema: S, options: Options = {}): Promise<z.infer<S>> {
  return call(schema, (prefixUrl) => http.post(path, { timeout: 120_000, ...options, prefixUrl, body }).json());
}

/**
 * POST a multipart form with upload progress (fetch cannot report it): the same base URL, cookies,
 * bearer token or CSRF header as every other call. `onProgress` receives 0..1.
 */
export async function postFormWithProgress<S extends z.ZodType>(path: string, body: FormData, schema: S, onProgress: (fraction: number) => void): Promise<z.infer<S>> {
  let response: Response;
  try {
    const authorization = await platform.authorization();
    const csrf = authorization ? null : await ensureCsrfToken();
    response = await sendFormWithProgress(path, body, authorization, csrf, onProgress);
    // As in the ky client: a refused bearer token is renewed once and the form sent again.
    if (authorization && (await refusesBearer(response))) {
      const renewed = await renewRefusedAuthorization(authorization);
      if (renewed) {
        response = await sendFormWithProgress(path, body, renewed, null, onProgress);
        if (await refusesBearer(response)) await renewRefusedAuthorization(renewed);
      }
    }
  } catch (error) {
    // No answer at all (server down, connection lost) is an ApiError like any other call's, not a stray TypeError.
    throw await toApiError(error);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return call(schema, async () => response.json());
}

/** One XMLHttpRequest POST of a form, answered as a Response. */
function sendFormWithProgress(path: string, body: FormData, authorization: string | null, csrf: string | null, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", baseUrl + path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    if (authorization) xhr.setRequestHeader("Authorization", authorization);
    if (csrf) xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status, headers: { "content-type": xhr.getResponseHeader("content-type") ?? "application/json" } }));
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.send(body);
  });
}

/** PUT `body` as JSON to `path` (no leading slash) and parse the answer with `schema`. */
export function putJson<S extends z.ZodType>(path: string, body: unknown, schema: S, options: Options = {}): Promise<z.infer<S>> {
  return call(schema, (prefixUrl) => http.put(path, { ...options, prefixUrl, json: body }).json());
}

/** DELETE `path` (no leading slash) and parse the answer with `schema`. */
export function deleteJson<S extends z.ZodType>(path: string, schema: S, options: Options = {}): Promise<z.infer<S>> {
  return call(schema, (prefixUrl) => http.delete(path, { ...options, prefixUrl }).json());
}

/** GET a file (an export) with the same credentials as every call; failures become ApiError with the server's message. */
export async function getBlob(path: string, options: Options = {}): Promise<Blob> {
  try {
    return await http.get(path, { timeout: 120_000, ...options, prefixUrl: baseUrl, headers: { Accept: "*/*" } }).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}
