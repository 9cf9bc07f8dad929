/**
 * Logging in, signing up, and signing in with the household's OpenID Connect provider. The API's
 * tokens (access and refresh) start the session; then back to the page the person came from (`?redirect=`).
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { requestToken } from "../../../lib/api/users.ts";
import { auth, safeRedirect } from "../../../lib/auth.ts";
import { type CallbackParams, finishSignIn } from "../lib/oidc.ts";

/** After a token arrives: start the session and return to the page the person came from. */
function useStartSession() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (token: Schemas["TokenRead"], redirect: string | undefined) => {
    auth.signIn(token);
    // Anything read while signed out (or as someone else) may differ now.
    void queryClient.invalidateQueries();
    router.history.replace(safeRedirect(redirect));
  };
}

/** Logs in with a username (or email) and password. */
export function useLogIn(redirect: string | undefined) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      requestToken(username, password),
    onSuccess: (token) => startSession(token, redirect),
  });
}

/** Creates the account, then logs straight in with the same credentials. */
export function useSignUp(redirect: string | undefined) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (account: Schemas["UserCreate"]) => {
      await call(api.POST("/api/v1/users", { body: account }));
      return requestToken(account.username, account.password);
    },
    onSuccess: (token) => startSession(token, redirect),
  });
}

/** The provider the app may sign in with (`items` is empty when none is configured). */
export const providerQueries = {
  list: () =>
    queryOptions({
      queryKey: ["auth", "providers"] as const,
      queryFn: ({ signal }) => call(api.GET("/api/v1/auth/providers", { signal })),
      staleTime: 5 * 60_000,
    }),
};

/**
 * Back from the provider: checks its answer against what this tab kept (finishSignIn), exchanges
 * the code for the session's tokens, then returns to the page the person came from.
 */
export function useProviderSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (params: CallbackParams) => {
      const { grant, redirect } = finishSignIn(params);
      const token = await call(api.POST("/api/v1/auth/token", { body: grant }));
      return { token, redirect };
    },
    onSuccess: ({ token, redirect }) => startSession(token, redirect),
  });
}
