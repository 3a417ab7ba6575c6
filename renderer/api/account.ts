import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AccountResponse, AccountWriteResponse, ConfirmEmailResponse, type ChangeEmailRequest, type ChangePasswordRequest, type ConfirmEmailRequest } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";
import { queryKeys } from "./queries.js";

const accountKey = ["account"] as const;

/** The signed-in person's own account (GET /api/account): address, its confirmation, a pending address, password or provider. */
export function useAccount(enabled: boolean) {
  return useQuery({ queryKey: accountKey, queryFn: () => getJson("api/account", AccountResponse), enabled, staleTime: 0, meta: { silent: true } });
}

/** An account write's answer: the page's account is replaced, and the profile the header and dialogs read is read again. */
function useAccountWrite<I>(run: (input: I) => Promise<AccountWriteResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      if (answer.account) queryClient.setQueryData(accountKey, answer.account);
      void queryClient.invalidateQueries({ queryKey: queryKeys.initializeData });
    },
  });
}

/** POST /api/account/password: the current password and the new one; this session stays signed in. */
export function useChangePassword() {
  return useAccountWrite((input: ChangePasswordRequest) => postJson("api/account/password", input, AccountWriteResponse));
}

/** POST /api/account/email: asks for a new address (it is mailed a confirmation link). */
export function useChangeEmail() {
  return useAccountWrite((input: ChangeEmailRequest) => postJson("api/account/email", input, AccountWriteResponse));
}

/** POST /api/account/confirm-email: confirms an address with its mailed link's token (signed in or not). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmEmailRequest) => postJson("api/account/confirm-email", input, ConfirmEmailResponse),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.initializeData });
    },
  });
}
