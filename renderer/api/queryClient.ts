import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { MESSAGES, type InitializeData } from "../../contract/index.js";
import { ApiError } from "./ApiError.js";
import { queryKeys } from "./queries.js";

declare module "@tanstack/react-query" {
  interface Register {
    /**
     * silent: the screen handles the failure itself (e.g. the template chooser's default); refusalsShownByScreen:
     * the screen shows a 4xx itself (with the server's reason), other failures still toast.
     */
    queryMeta: { errorMessage?: string; silent?: boolean; refusalsShownByScreen?: boolean };
    mutationMeta: { errorMessage?: string };
  }
}

/** A client error (4xx): the server refused the request, and says why. */
const isRefusal = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Client errors (4xx) will not change on retry; network and server failures get one more try. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isRefusal(error)) return false;
  return failureCount < 1;
}


/**
 * The app's query client; every failed load is reported through `onError` with the text to show (a query's own
 * `errorMessage`, else the spec's failed-load message; a failed write only when it names one). A 401 means the
 * session is over (it expired, or the user signed out in another tab): the profile is read again, so the header and
 * every screen stop showing a signed-in user.
 */
export function createQueryClient(onError: (message: string) => void): QueryClient {
  // Only when a profile was signed in: a guest meets 401s too (a members-only item), with nothing to forget.
  const forgetSession = () => {
    if (client.getQueryData<InitializeData>(queryKeys.initializeData)?.profile) void client.invalidateQueries({ queryKey: queryKeys.initializeData });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSignedOut(error) && query.queryKey[0] !== queryKeys.initializeData[0]) forgetSession();
        if (query.meta?.silent || (query.meta?.refusalsShownByScreen && isRefusal(error))) return;
        // A failed load says the spec's words for failed searches and loads (first document, section 8), whatever it loaded.
        onError(query.meta?.errorMessage ?? MESSAGES.genericLoad);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSignedOut(error)) forgetSession();
        if (mutation.meta?.errorMessage) onError(mutation.meta.errorMessage);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * The session is over: a 401, or the CSRF refusal a write gets when the server no longer knows the session its token
 * belonged to (it expired there while the browser kept the cookie); reading the session again also renews the token.
 */
const isSignedOut = (error: Error) => error instanceof ApiError && (error.status === 401 || (error.status === 403 && error.message === MESSAGES.csrf));
