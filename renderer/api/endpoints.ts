import { z } from "zod";
import {
  AppConfig,
  CollectionCreateResponse,
  FavoriteResponse,
  GroupCreateResponse,
  GroupPermissionOptions,
  InitializeData,
  MessageResponse,
  ProviderAutocomplete,
  ProvidersResponse,
  SearchResponse,
  SignInResponse,
  screenStateToCall,
  type CollectionCreateRequest,
  type FavoriteRequest,
  type GroupCreateRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SearchScreenState,
} from "../../contract/index.js";
import { getJson, postJson, setCsrfToken, withFreshGuestSession } from "./client.js";
import { confirmPendingRelogin } from "./savedRelogins.js";

/** GET /getInitializeData: the signed-in profile (or null) and the CSRF token for writes. */
export async function fetchInitializeData(): Promise<InitializeData> {
  const data = await getJson("getInitializeData", InitializeData);
  setCsrfToken(data.csrfToken);
  // A single sign-on that left the page for the provider has come back signed in: keep its re-login button.
  if (data.profile) confirmPendingRelogin();
  return data;
}

/** GET /app/config: search types, facets and feature flags. */
export function fetchAppConfig(): Promise<AppConfig> {
  return getJson("app/config", AppConfig);
}

/** GET /providers: single sign-on providers for the login form. */
export function fetchProviders(): Promise<ProvidersResponse> {
  return getJson("providers", ProvidersResponse);
}

/** What the login form submits. */
export interface SignInInput {
  username: string;
  password: string;
  remember: boolean;
}

/** POST /auth; `remember` is only sent when ticked. 4xx answers throw an ApiError carrying `errors`. */
export function signIn({ username, password, remember }: SignInInput): Promise<SignInResponse> {
  return withFreshGuestSession(() => postJson("auth", { username, password, ...(remember ? { remember: true } : {}) }, SignInResponse));
}

/** POST /auth/register: creates a member account and signs it in. */
export async function register(input: RegisterRequest): Promise<void> {
  await withFreshGuestSession(() => postJson("auth/register", input, SignInResponse));
}

/** POST /auth/logout. */
export async function signOut(): Promise<void> {
  await postJson("auth/logout", {}, z.unknown());
}

/** POST /auth/forgot: always answers with a message (whether or not the address is known). */
export function requestPasswordReset(email: string): Promise<z.infer<typeof MessageResponse>> {
  return withFreshGuestSession(() => postJson("auth/forgot", { email }, MessageResponse));
}

/** POST /auth/reset: sets a new password with the token of a reset mail; a used, expired or unknown token throws an ApiError (400). */
export function resetPassword(input: ResetPasswordRequest): Promise<z.infer<typeof MessageResponse>> {
  return withFreshGuestSession(() => postJson("auth/reset", input, MessageResponse));
}

/** GET /api/search with the main search call's parameters for a screen state; its created dates are days where the user is. */
export function searchContent(state: SearchScreenState, signal?: AbortSignal): Promise<SearchResponse> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return getJson("api/search", SearchResponse, { searchParams: screenStateToCall(state, undefined, timeZone), signal });
}

/** GET /api/search/find-providers: publishers whose name holds the term (at least 3 characters). */
export function findProviders(term: string, signal?: AbortSignal): Promise<ProviderAutocomplete> {
  return getJson("api/search/find-providers", ProviderAutocomplete, { searchParams: { st: term }, signal });
}

/** POST /profile/favorite; answers with the final favorite state. */
export function setFavorite(request: FavoriteRequest): Promise<FavoriteResponse> {
  return postJson("profile/favorite", request, FavoriteResponse);
}

/** POST /collections/create; answers with the new collection's link. */
export function createCollection(request: CollectionCreateRequest): Promise<CollectionCreateResponse> {
  return postJson("collections/create", request, CollectionCreateResponse);
}

/** GET /groups/permission-options: the group form's view and join choices. */
export function fetchGroupPermissionOptions(): Promise<GroupPermissionOptions> {
  return getJson("groups/permission-options", GroupPermissionOptions);
}

/** POST /groups; answers with the new group and its link. */
export function createGroup(request: GroupCreateRequest): Promise<GroupCreateResponse> {
  return postJson("groups", request, GroupCreateResponse);
}
