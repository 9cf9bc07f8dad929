/** Accounts as an admin sees them: the list, a role changed, a password-reset link, an account deleted. */
import { infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { userQueries } from "../../../lib/api/users.ts";
import type { Role } from "../../../lib/auth.ts";
import { keysetPaging } from "../../../lib/keyset.ts";

/** Every account, with its email and role. */
export const accountsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...userQueries.all, "list"] as const,
    queryFn: ({ pageParam, signal }) =>
      call(api.GET("/api/v1/users", { params: { query: { limit: 50, cursor: pageParam } }, signal })),
    ...keysetPaging,
  });

/** The accounts list and the profiles show what changed. */
export const accountsChanged = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: userQueries.all });

export function useChangeRole(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) =>
      call(
        api.PUT("/api/v1/users/{user_id}/role", { params: { path: { user_id: userId } }, body: { role } }),
      ),
    onSuccess: () => accountsChanged(queryClient),
  });
}

export const deleteUser = (userId: number) =>
  call(api.DELETE("/api/v1/users/{user_id}", { params: { path: { user_id: userId } } }));

/** A one-time link for the account to set a new password (the account's earlier links stop working). */
export function useMakeResetLink(userId: number) {
  return useMutation({
    mutationFn: () =>
      call(
        api.POST("/api/v1/users/{user_id}/password-reset", {
          params: { path: { user_id: userId } },
          body: {},
        }),
      ),
  });
}
