import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  MESSAGES,
  SIGN_OUT_MESSAGES,
  type CollectionItemsList,
  PROVIDER_AUTOCOMPLETE_MIN,
  screenStateToCall,
  type EditableItem,
  type FavoriteRequest,
  type InitializeData,
  type LoggedProfile,
  type SearchResponse,
  type SearchScreenState,
} from "../../contract/index.js";
import { showToast } from "../components/toastStore.js";
import { platform } from "../platform/index.js";
import { setCsrfToken } from "./client.js";
import { collectionKeys } from "./collections.js";
import { itemQueryKeyAll } from "./editor.js";
import {
  createCollection,
  createGroup,
  fetchAppConfig,
  fetchGroupPermissionOptions,
  fetchInitializeData,
  fetchProviders,
  findProviders,
  register,
  searchContent,
  setFavorite,
  signIn,
  signOut,
} from "./endpoints.js";

/** Query keys in one place so invalidation and cache updates agree with the hooks. */
export const queryKeys = {
  initializeData: ["initializeData"] as const,
  appConfig: ["appConfig"] as const,
  providers: ["providers"] as const,
  groupPermissionOptions: ["groupPermissionOptions"] as const,
  searchAll: ["search"] as const,
  search: (state: SearchScreenState) => ["search", screenStateToCall(state).toString()] as const,
  searchAsName: (profileId: number | null) => ["searchAsName", profileId] as const,
  providerCandidates: (term: string, profileId: number | null) => ["providerCandidates", term, profileId] as const,
};

/** The session: signed-in profile (or null) and CSRF token. */
export function useInitializeData() {
  return useQuery({ queryKey: queryKeys.initializeData, queryFn: fetchInitializeData, staleTime: 5 * 60_000 });
}

/** The signed-in profile, null for guests, undefined while the session is still loading. */
export function useCurrentProfile(): LoggedProfile | null | undefined {
  const { data } = useInitializeData();
  return data === undefined ? undefined : data.profile;
}

/** App configuration (search types, facets, feature flags); it does not change during a visit. */
export function useAppConfig() {
  return useQuery({ queryKey: queryKeys.appConfig, queryFn: fetchAppConfig, staleTime: Infinity });
}

/** Single sign-on providers for the login form. */
export function useProviders() {
  return useQuery({ queryKey: queryKeys.providers, queryFn: fetchProviders, staleTime: Infinity });
}

/**
 * The main search for a screen state; the previous page stays on screen while the next one loads. A failure
 * toasts the spec's message, but a refusal (4xx) is shown beside the results, with the server's reason.
 */
export function useSearch(state: SearchScreenState, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.search(state),
    queryFn: ({ signal }) => searchContent(state, signal),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: MESSAGES.genericLoad, refusalsShownByScreen: true },
  });
}

/**
 * The name of the profile a search runs as, when it was chosen during this visit (the URL carries only the
 * profile's id, and no call answers a profile's name by id); undefined otherwise. Kept for the visit, so the
 * tag still reads the name after going to an item and back.
 */
export function useSearchAsName(profileId: number | null): string | undefined {
  return useQuery<string>({ queryKey: queryKeys.searchAsName(profileId), queryFn: skipToken, staleTime: Infinity, gcTime: Infinity }).data;
}

/** Remembers the name of a profile chosen to search as (see useSearchAsName). */
export function useRememberSearchAsName(): (profileId: number, name: string) => void {
  const queryClient = useQueryClient();
  return (profileId, name) => queryClient.setQueryData(queryKeys.searchAsName(profileId), name);
}

/** Publishers to filter by whose name holds the term, from 3 characters (as the asker may see them: keyed on the profile). */
export function useProviderCandidates(term: string) {
  const profileId = useCurrentProfile()?.id ?? null;
  return useQuery({
    queryKey: queryKeys.providerCandidates(term, profileId),
    queryFn: ({ signal }) => findProviders(term, signal),
    enabled: term.length >= PROVIDER_AUTOCOMPLETE_MIN,
    staleTime: 30_000,
  });
}

/**
 * Sets an item's favorite flag; every cached search page, collection's item list and item page showing that item takes the server's answer.
 * A search page showing the item lists one of its matches, so its "My favorites" count moves with the flag. Every other cached
 * search may count it too, and "My favorites" views list the wrong items now: all are marked stale, to be fetched again when
 * next shown, but the one on screen is not refetched, so an item unfavorited there keeps its card (and can be favorited again).
 */
export function useFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FavoriteRequest) => setFavorite(request),
    onSuccess: ({ value }, request) => {
      const isIt = (item: { model_key: string; id: number }) => `${item.model_key}:${item.id}` === request.type;
      const setIn = <List extends Pick<SearchResponse, "data">>(old: List | undefined): List | undefined => (old ? { ...old, data: old.data.map((item) => (isIt(item) ? { ...item, favorite: value } : item)) } : old);
      queryClient.setQueriesData<SearchResponse>({ queryKey: queryKeys.searchAll }, (old) => {
        const shown = old?.data.find(isIt);
        const others = old?.facets?.others;
        if (!old || !shown || others?.favorites === undefined || Boolean(shown.favorite) === value) return setIn(old);
        return { ...setIn(old)!, facets: { ...old.facets!, others: { ...others, favorites: Math.max(0, others.favorites + (value ? 1 : -1)) } } };
      });
      // A collection's page lists its items as the same cards, with their own hearts.
      queryClient.setQueriesData<CollectionItemsList>({ queryKey: collectionKeys.itemsAll }, setIn);
      queryClient.setQueriesData<EditableItem>({ queryKey: itemQueryKeyAll }, (old) => (old && isIt(old) ? { ...old, favorite: value } : old));
      // After the updates above, which would otherwise mark them fresh again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.searchAll, refetchType: "none" });
    },
  });
}

/** POST /auth; on success every cached answer is refetched, since they depend on who is signed in. */
export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (response) => {
      if (response.errors?.length) return;
      // The session was renewed, and with it the CSRF token.
      setCsrfToken(null);
      await queryClient.invalidateQueries();
    },
  });
}

/** POST /auth/register; like sign-in, the new session changes every cached answer. */
export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async () => {
      setCsrfToken(null);
      await queryClient.invalidateQueries();
    },
  });
}

/**
 * POST /auth/logout and the platform's own sign-out (the desktop deletes its keychain tokens), then refetch as a guest.
 * Where the sign-in is the client's own (the desktop), forgetting it signs out whatever happened on the way: the page
 * shows signed-out at once, and says plainly what could not be done (the server not reached, the keychain entry not
 * removed). On the web a server that could not be told leaves the person signed in, which is an error to report.
 */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string[]> => {
      const notes: string[] = [];
      let serverError: unknown = null;
      try {
        await signOut();
      } catch (error) {
        // A session that already ended on the server (it expired) refuses the sign-out's CSRF token; nobody is left
        // signed in, so that is a sign-out done, not a failure to report (a server that cannot be reached still is).
        const session = await fetchInitializeData().catch(() => null);
        if (session?.profile !== null) serverError = error;
      }
      // Even when the server could not be told, this client forgets its sign-in; a failure on the way is told, not thrown.
      const warning = await platform.signOut().catch((error: unknown) => {
        console.error("Sign-out: this client's sign-in could not be tidied up", error);
        return SIGN_OUT_MESSAGES.keychainNotRemoved;
      });
      if (serverError !== null) {
        if (!platform.ownsSignIn) throw serverError;
        console.error("Sign-out: the server could not be told", serverError);
        notes.push(SIGN_OUT_MESSAGES.serverUnreached);
      }
      if (warning) notes.push(warning);
      return notes;
    },
    onSuccess: (notes) => {
      setCsrfToken(null);
      // Signed out here and now, even if the server cannot be asked again (its answer would keep the old name).
      queryClient.setQueryData<InitializeData>(queryKeys.initializeData, (data) => (data ? { ...data, profile: null } : data));
      for (const note of notes) showToast(note, "info");
      return queryClient.invalidateQueries();
    },
    meta: { errorMessage: MESSAGES.unexpected },
  });
}

/** The group form's permission lists (fixed for a visit); only fetched while the form is shown. */
export function useGroupPermissionOptions(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.groupPermissionOptions, queryFn: fetchGroupPermissionOptions, staleTime: Infinity, enabled });
}

/** POST /collections/create; cached searches are refetched so the new collection shows up. */
export function useCreateCollectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCollection, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchAll }) });
}

/** POST /groups; cached searches are refetched so the new group shows up. */
export function useCreateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchAll }) });
}
