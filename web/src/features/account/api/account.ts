/** Changes to one's own account: email, password, deleting it. */
import { queryOptions } from "@tanstack/react-query";
import { api, call, type Schemas } from "../../../lib/api/client.ts";

export const changeEmail = (email: string, password: string) =>
  call(api.PUT("/api/v1/users/email", { body: { email: email.trim(), password } }));

/** 204; every token issued before it stops working, so the caller logs in again with the new one. */
export const changePassword = (current_password: string, new_password: string) =>
  call(api.PUT("/api/v1/users/password", { body: { current_password, new_password } }));

export const deleteAccount = (userId: number) =>
  call(api.DELETE("/api/v1/users/{user_id}", { params: { path: { user_id: userId } } }));

/** The person's sessions (signed-in devices and browsers), newest use first; the current one marked. */
export const sessionQueries = {
  all: ["me", "sessions"] as const,
  list: () =>
    queryOptions({
      queryKey: sessionQueries.all,
      queryFn: ({ signal }) => call(api.GET("/api/v1/users/me/sessions", { signal })),
    }),
};

/** Ends another session: its tokens stop at once, so that device is asked to log in again. */
export const endSession = (sessionId: number) =>
  call(api.DELETE("/api/v1/users/me/sessions/{session_id}", { params: { path: { session_id: sessionId } } }));

/** The person's API tokens (for scripts and home automation), newest first; never the tokens themselves. */
export const tokenQueries = {
  all: ["me", "tokens"] as const,
  list: () =>
    queryOptions({
      queryKey: tokenQueries.all,
      queryFn: ({ signal }) => call(api.GET("/api/v1/users/me/tokens", { signal })),
    }),
};

/** A new token: the answer carries it this once. */
export const createToken = (body: Schemas["ApiTokenCreate"]) =>
  call(api.POST("/api/v1/users/me/tokens", { body }));

/** Deletes a token: it stops at once. */
export const deleteToken = (tokenId: number) =>
  call(api.DELETE("/api/v1/users/me/tokens/{token_id}", { params: { path: { token_id: tokenId } } }));
