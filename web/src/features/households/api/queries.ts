/** Server state of one household; the list of one's households is shared (lib/api/households.ts). */
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { householdQueries } from "../../../lib/api/households.ts";
import type { paths } from "../../../lib/api/schema";

/** One household with its members and the caller's role in it (members and admins). */
export const householdDetail = (id: number) =>
  queryOptions({
    queryKey: [...householdQueries.all, "detail", id] as const,
    queryFn: ({ signal }) =>
      call(api.GET("/api/v1/households/{household_id}", { params: { path: { household_id: id } }, signal })),
  });

/**
 * The open invitations of a household, newest first, without their codes: every one for an owner or
 * an admin, one's own for a member (the API decides). Under the household's key, so that leaving it
 * forgets them too, and a change of members (whose invitations go with them) reads them again.
 */
export const openInvitations = (id: number) =>
  queryOptions({
    queryKey: [...householdDetail(id).queryKey, "invitations"] as const,
    queryFn: ({ signal }) =>
      call(
        api.GET("/api/v1/households/{household_id}/invitations", {
          params: { path: { household_id: id } },
          signal,
        }),
      ),
  });

/** An open invitation as listed: who made it (null: an account since gone), when, and until when. */
export type OpenInvitation =
  paths["/api/v1/households/{household_id}/invitations"]["get"]["responses"][200]["content"]["application/json"]["items"][number];
