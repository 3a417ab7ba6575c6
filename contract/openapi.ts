import { z } from "zod";
import { ForgotRequest, InitializeData, MessageResponse, ProvidersResponse, RegisterRequest, SignInRequest, SignInResponse } from "./auth.js";
import { ErrorBody } from "./common.js";
import { AppConfig } from "./config.js";
import { FavoriteRequest, FavoriteResponse } from "./favorites.js";
import { LegacySearchResponse, SearchResponse } from "./search.js";

interface Operation {
  method: "get" | "post";
  path: string;
  summary: string;
  request?: z.ZodType;
  query?: { name: string; description: string; array?: boolean }[];
  response: z.ZodType;
  errors?: number[];
}

const SEARCH_QUERY: Operation["query"] = [
  { name: "query", description: "Search term (alias st); runs when empty or at least 3 characters; lowercased." },
  { name: "sort", description: "Sort code 1, -1, 2, -2, 3, -3 or title_lsort_asc, title_lsort_desc, updated_at_asc, updated_at_desc (alias s). Relevance when omitted with a term." },
  { name: "page", description: "Page number, from 1." },
  { name: "per", description: "Page size, default 15, at most 100 (alias limit)." },
  { name: "types", description: "Search types (tabs), alias f[t][].", array: true },
  { name: "subTypes", description: "Sub types, alias f[st][].", array: true },
  { name: "_types", description: "Model types, alias f[_types][].", array: true },
  { name: "other", description: "mine, favorites, open, restricted (alias f[others][]).", array: true },
  { name: "owners", description: "Owner profile ids, alias f[owners][].", array: true },
  { name: "publishers", description: "Publisher profile ids, alias f[publishers][].", array: true },
  { name: "created_from", description: "Created on or after YYYY-MM-DD (alias from)." },
  { name: "created_to", description: "Created on or before YYYY-MM-DD (alias to)." },
  ...["grades", "standards", "subjects", "industries", "professionalRoles", "resourceCategories", "contentPricing", "grouptypes"].map((name) => ({
    name,
    description: "Attribute item ids (also accepted in the screen's snake_case form with [], e.g. professional_roles[]).",
    array: true,
  })),
  { name: "as_profile", description: "Admins only: search as this profile id." },
  { name: "ignore_permissions", description: "Admins only: 1 to list everything." },
  { name: "facets", description: "0 to skip the counts per filter value." },
];

/** Every documented call. */
export const OPERATIONS: Operation[] = [
  { method: "get", path: "/getInitializeData", summary: "The signed-in profile (or null) with its permissions map, and the CSRF token for writes.", response: InitializeData },
  { method: "get", path: "/app/config", summary: "Application configuration, feature flags and search types.", response: AppConfig },
  { method: "get", path: "/providers", summary: "Single sign-on providers.", response: ProvidersResponse },
  { method: "post", path: "/auth", summary: "Sign in with username and password. 401 with errors[] on bad credentials, 422 on missing fields, 429 when rate limited.", request: SignInRequest, response: SignInResponse, errors: [401, 403, 422, 429] },
  { method: "post", path: "/auth/register", summary: "Create a member account and sign it in. 422 with field errors (e.g. a taken username).", request: RegisterRequest, response: SignInResponse, errors: [403, 422, 429] },
  { method: "post", path: "/auth/logout", summary: "Sign out.", response: z.object({}) },
  { method: "post", path: "/auth/forgot", summary: "Ask for password-reset instructions.", request: ForgotRequest, response: MessageResponse, errors: [422] },
  { method: "get", path: "/api/search", summary: "The main search screen's call: a page of results, the total, counts per filter value and a 'Did you mean' suggestion.", query: SEARCH_QUERY, response: SearchResponse, errors: [401, 403, 422] },
  { method: "post", path: "/search", summary: "Search (first document): st, f (_types, other, types, provider), s, limit, page, other, only_mine, includeSignedIds.", request: z.record(z.string(), z.unknown()), response: LegacySearchResponse, errors: [401, 403, 422] },
  { method: "post", path: "/profile/favorite", summary: "Set a favorite (value true/false) or toggle it (value omitted); answers with the final value.", request: FavoriteRequest, response: FavoriteResponse, errors: [401, 403, 404, 422] },
];

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });

/** Builds the OpenAPI 3.1 document from the contract's schemas. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = { "200": { description: "Success", content: { "application/json": { schema: schema(op.response) } } } };
    for (const code of op.errors ?? []) responses[String(code)] = { description: "Error", content: { "application/json": { schema: schema(ErrorBody) } } };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      ...(op.query
        ? { parameters: op.query.map((q) => ({ name: q.name, in: "query", description: q.description, schema: q.array ? { type: "array", items: { type: "string" } } : { type: "string" } })) }
        : {}),
      ...(op.request ? { requestBody: { content: { "application/json": { schema: schema(op.request) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Curriculum Commons API",
      version: "0.1.0",
      description: "Generated from contract/. Writes need the X-CSRF-Token header (from GET /getInitializeData) with the session cookie. Errors answer { message, errors? }.",
    },
    paths,
  };
}
