/**
 * Accounts as several screens read them: the signed-in account (the header, the account page) and
 * public profiles (a recipe's author); and the log-in itself, which the account page repeats after a
 * password change.
 */
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "./client.ts";

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

/** Exchanges a username (or email) and password for a token. */
export const requestToken = (username: string, password: string) =>
  call(api.POST("/api/v1/auth/token", { body: { username, password } }));
