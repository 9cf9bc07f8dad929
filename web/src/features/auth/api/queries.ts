/** The signed-in account; keyed by user id so another login never shows the previous account. */
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";

export const meQuery = (userId: number) =>
  queryOptions({
    queryKey: ["me", userId] as const,
    queryFn: ({ signal }) => call(api.GET("/api/v1/users/me", { signal })),
    staleTime: 5 * 60_000,
  });

/** Exchanges a username (or email) and password for a token. */
export const requestToken = (username: string, password: string) =>
  call(api.POST("/api/v1/auth/token", { body: { username, password } }));

export const createAccount = (body: { username: string; email: string; password: string }) =>
  call(api.POST("/api/v1/users", { body }));
