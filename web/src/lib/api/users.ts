/**
 * Accounts as several screens read them: the signed-in account (the header, the account page) and
 * public profiles (a recipe's author); and the log-in itself, which the account page repeats after a
 * password change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { auth, type Session } from "../auth.ts";
import { api, call, type Schemas } from "./client.ts";

export const accountQueries = {
  /** Every signed-in account read so far: what logging out forgets. */
  all: ["me"] as const,

  /** The signed-in account; keyed by user id so another login never shows the previous account. */
  me: (userId: number) =>
    queryOptions({
      queryKey: [...accountQueries.all, userId] as const,
      queryFn: ({ signal }) => call(api.GET("/api/v1/users/me", { signal })),
      staleTime: 5 * 60_000,
    }),
};

export const userQueries = {
  all: ["users"] as const,

  /** A public profile (the author line of a recipe). */
  profile: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.all, "profile", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/users/{user_id}", { params: { path: { user_id: id } }, signal })),
      staleTime: 5 * 60_000,
    }),
};

/**
 * Logs out: the API ends the session (its refresh token and access tokens stop at once), then this
 * device forgets it. Offline, or with no answer within 5 s, the device forgets it all the same.
 */
export async function logOut(): Promise<void> {
  try {
    if (auth.state().session) await api.POST("/api/v1/auth/logout", { signal: AbortSignal.timeout(5_000) });
  } catch {
    // no answer: the session is forgotten here anyway
  }
  auth.signOut();
}

/** Exchanges a username (or email) and password for a token. */
export const requestToken = (username: string, password: string) =>
  call(api.POST("/api/v1/auth/token", { body: { username, password } }), "log-in");

/**
 * Saves one's own preferences (`PUT /users/preferences`, CONTRACT.md: languages and units): a field
 * left out stays as it is. Answers the account, with them.
 */
export const savePreferences = (preferences: Schemas["UserPreferencesUpdate"]) =>
  call(api.PUT("/api/v1/users/preferences", { body: preferences }));

/** The signed-in account of `session` (nothing is read without one). */
export const useAccount = (session: Session | null) =>
  useQuery({ ...accountQueries.me(session?.userId ?? 0), enabled: session !== null });

/** Saves one's own preferences; every screen reading the account shows the answer at once. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (row) => queryClient.setQueryData(accountQueries.me(row.id).queryKey, row),
  });
}
