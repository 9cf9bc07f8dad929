/**
 * Logging in and signing up. The API's tokens (access and refresh) start the session; then back to the page the person
 * came from (`?redirect=`).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { requestToken } from "../../../lib/api/users.ts";
import { auth, safeRedirect } from "../../../lib/auth.ts";

/** After a token arrives: start the session and return to the page the person came from. */
function useStartSession(redirect: string | undefined) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (token: Schemas["TokenRead"]) => {
    auth.signIn(token);
    // Anything read while signed out (or as someone else) may differ now.
    void queryClient.invalidateQueries();
    router.history.replace(safeRedirect(redirect));
  };
}

/** Logs in with a username (or email) and password. */
export function useLogIn(redirect: string | undefined) {
  const startSession = useStartSession(redirect);
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      requestToken(username, password),
    onSuccess: startSession,
  });
}

/** Creates the account, then logs straight in with the same credentials. */
export function useSignUp(redirect: string | undefined) {
  const startSession = useStartSession(redirect);
  return useMutation({
    mutationFn: async (account: Schemas["UserCreate"]) => {
      await call(api.POST("/api/v1/users", { body: account }));
      return requestToken(account.username, account.password);
    },
    onSuccess: startSession,
  });
}
