/** Server state of one household; the list of one's households is shared (lib/api/households.ts). */
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { householdQueries } from "../../../lib/api/households.ts";

/** One household with its members and the caller's role in it (members and admins). */
export const householdDetail = (id: number) =>
  queryOptions({
    queryKey: [...householdQueries.all, "detail", id] as const,
    queryFn: ({ signal }) =>
      call(api.GET("/api/v1/households/{household_id}", { params: { path: { household_id: id } }, signal })),
  });
