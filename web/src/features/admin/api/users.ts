/** Accounts as an admin sees them: the list, a role changed, an account deleted. */
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { keysetPaging } from "../../../lib/keyset.ts";

export type Role = Schemas["Role"];

export const userQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: ["users", "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.GET("/api/v1/users", { params: { query: { limit: 50, cursor: pageParam } }, signal })),
      ...keysetPaging,
    }),
};

export const changeRole = (userId: number, role: Role) =>
  call(api.PUT("/api/v1/users/{user_id}/role", { params: { path: { user_id: userId } }, body: { role } }));

export const deleteUser = (userId: number) =>
  call(api.DELETE("/api/v1/users/{user_id}", { params: { path: { user_id: userId } } }));
