/**
 * Changes to households. They all need the API at once (`networkMode: "always"`: offline they say
 * so instead of waiting). Joining, leaving and deleting change what the person may read (a
 * household's shopping lists and meal plan), so everything read so far is read again.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { type Household, type HouseholdRole, householdQueries } from "../../../lib/api/households.ts";
import { ApiError, isNotFound } from "../../../lib/errors.ts";
import { retryAt } from "../lib/invitations.ts";
import { householdDetail, openInvitations } from "./queries.ts";

const online = { networkMode: "always" } as const;

/** A household as answered after a change: its page shows it at once, the list of them is read again. */
function showHousehold(queryClient: QueryClient, household: Household) {
  queryClient.setQueryData(householdDetail(household.id).queryKey, household);
  void queryClient.invalidateQueries({ queryKey: householdQueries.lists() });
}

/**
 * Membership decides what one may read: the lists and meals of a household come (joining) or go
 * (leaving, deleting, being removed). Everything read so far is stale; what is on screen is read again.
 * After leaving or deleting (`gone`), the household is forgotten, and so is everything kept of it that
 * others made (a list opened once is kept on the device): it is no longer the person's to see, and
 * a kept copy must not open without a connection.
 */
export function membershipChanged(queryClient: QueryClient, gone?: { householdId: number; me: number }) {
  if (gone) {
    queryClient.removeQueries({ queryKey: householdDetail(gone.householdId).queryKey });
    queryClient.removeQueries({ predicate: (query) => othersShared(query.state.data, gone) });
  }
  return queryClient.invalidateQueries();
}

/** A row of the household (a list, an entry: `household_id`) that someone else made (`user_id`). */
function othersShared(data: unknown, { householdId, me }: { householdId: number; me: number }): boolean {
  if (typeof data !== "object" || data === null) return false;
  const row = data as { household_id?: unknown; user_id?: unknown };
  return row.household_id === householdId && row.user_id !== me;
}

export function useCreateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (name: string) => call(api.POST("/api/v1/households", { body: { name } })),
    onSuccess: (household) => showHousehold(queryClient, household),
  });
}

export function useRenameHousehold(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (name: string) =>
      call(
        api.PUT("/api/v1/households/{household_id}", {
          params: { path: { household_id: id } },
          body: { name },
        }),
      ),
    onSuccess: (household) => showHousehold(queryClient, household),
  });
}

export const deleteHousehold = (id: number) =>
  call(api.DELETE("/api/v1/households/{household_id}", { params: { path: { household_id: id } } }));

/**
 * A new invitation: `{id, code, expires_at}`, shown once (the API keeps only its hash); the open
 * invitations are read again. A member with 10 open ones gets 409 (revoke one first).
 */
export function useInvite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: () =>
      call(
        api.POST("/api/v1/households/{household_id}/invitations", {
          params: { path: { household_id: id } },
          body: {},
        }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: openInvitations(id).queryKey }),
  });
}

/**
 * Revokes an invitation (its maker, an owner, an admin): its code lets nobody in from then on. One
 * that was used or expired meanwhile is a 404, which means the same to the person: it no longer
 * works. Either way the open invitations are read again.
 */
export function useRevokeInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: async (invitationId: number) => {
      try {
        await call(
          api.DELETE("/api/v1/households/{household_id}/invitations/{invitation_id}", {
            params: { path: { household_id: id, invitation_id: invitationId } },
          }),
        );
        return "revoked" as const;
      } catch (error) {
        if (isNotFound(error)) return "gone" as const;
        throw error;
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: openInvitations(id).queryKey }),
  });
}

export function useChangeRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: ({ userId, role }: { userId: number; role: HouseholdRole }) =>
      call(
        api.PUT("/api/v1/households/{household_id}/members/{user_id}", {
          params: { path: { household_id: id, user_id: userId } },
          body: { role },
        }),
      ),
    onSuccess: (household) => showHousehold(queryClient, household),
  });
}

/** Removes a member, or (one's own id) leaves; the caller says what follows (see membershipChanged). */
export const removeMember = (id: number, userId: number) =>
  call(
    api.DELETE("/api/v1/households/{household_id}/members/{user_id}", {
      params: { path: { household_id: id, user_id: userId } },
    }),
  );

/** A 429 to a join, with the moment the API lets the person try again (null when it did not say). */
export class TooManyJoins extends ApiError {
  constructor(
    message: string,
    readonly retryAt: number | null,
  ) {
    super(429, message);
  }
}

/**
 * Joins with a code. The API answers an unknown, used or expired code with 422, a member with 409, and
 * too many failed tries with 429 and `Retry-After` (a TooManyJoins here).
 */
export async function joinHousehold(code: string): Promise<Household> {
  let retryAfter: string | null = null;
  const request = api.POST("/api/v1/households/join", { body: { code } }).then((answer) => {
    retryAfter = answer.response.headers.get("Retry-After");
    return answer;
  });
  try {
    return await call(request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      throw new TooManyJoins(error.message, retryAt(retryAfter, error.message));
    }
    throw error;
  }
}

export function useJoinHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: joinHousehold,
    onSuccess: (household) => {
      queryClient.setQueryData(householdDetail(household.id).queryKey, household);
      void membershipChanged(queryClient);
    },
  });
}
