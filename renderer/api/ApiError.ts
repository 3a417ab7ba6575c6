import { HTTPError, TimeoutError } from "ky";
import { MESSAGES } from "../../contract/index.js";

/** A failed call as the screens see it: HTTP status (0 when none came back), message and error list. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  /** A validation refusal's messages per field (`name`, `institutions.0.name`), when the server named the fields. */
  readonly fieldErrors: Record<string, string[]>;
  /** A numeric code the server sent beside the message (Zoom's 1005: connect to Zoom again), else null. */
  readonly code: number | null;

  constructor(status: number, message: string, errors: string[] = [], fieldErrors: Record<string, string[]> = {}, code: number | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
    this.fieldErrors = fieldErrors;
    this.code = code;
  }

  /** The text to show a person: the first listed error, else the message. */
  get displayMessage(): string {
    return this.errors[0] ?? this.message;
  }
}

/** What a screen shows for a failure: a failed call's own text (ApiError.displayMessage), else `fallback` (anything else thrown). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.displayMessage : fallback;
}

/** Error lists come as `string[]` (POST /auth) or as field -> messages (validation errors). */
function flattenErrors(errors: unknown): string[] {
  if (Array.isArray(errors)) return errors.filter((e): e is string => typeof e === "string" && e.length > 0);
  if (errors && typeof errors === "object") return Object.values(errors).flatMap(flattenErrors);
  return [];
}

/** The ApiError of a failed HTTP answer: its status, the server's message and error list. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.clone().json();
  } catch {
    // Not JSON (a proxy error page, say): fall back to the generic message below.
  }
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === "string" && record.message ? record.message : MESSAGES.unexpected;
  return new ApiError(response.status, message, flattenErrors(record.errors), fieldErrorsOf(record.errors), typeof record.code === "number" ? record.code : null);
}

/** A validation refusal's field -> messages map (none for a plain list). */
function fieldErrorsOf(errors: unknown): Record<string, string[]> {
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, flattenErrors(messages)]));
}

/** Turns whatever a call threw (HTTP error with a JSON body, timeout, network or parse failure) into an ApiError. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return apiErrorFromResponse(error.response);
  if (error instanceof DOMException && error.name === "AbortError") throw error;
  if (!(error instanceof TimeoutError) && !(error instanceof TypeError)) {
    // A response that does not match the contract is a bug worth seeing in the console.
    console.error("Unexpected API failure", error);
  }
  return new ApiError(0, MESSAGES.unexpected);
}
