/**
 * Server state of the calendar addresses of the meal plan (README: the meal plan in a calendar):
 * the list (never the addresses: the service keeps only their hashes), a new one (its address in
 * that answer only), and the removal, after which the address answers 404.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";

export const calendarLinkQueries = {
  all: ["calendar-links"] as const,

  /** The person's calendar addresses, newest first. */
  list: () =>
    queryOptions({
      queryKey: [...calendarLinkQueries.all, "list"] as const,
      queryFn: ({ signal }) => call(api.GET("/api/v1/meal-plan/calendar-links", { signal })),
    }),
};

export type CalendarLink = Awaited<
  ReturnType<NonNullable<ReturnType<typeof calendarLinkQueries.list>["queryFn"]>>
>["items"][number];

const online = { networkMode: "always" } as const;

/** Makes an address of one's own plan (`null`) or of a household's; the answer carries its `url`. */
export function useMakeCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (householdId: number | null) =>
      call(api.POST("/api/v1/meal-plan/calendar-links", { body: { household_id: householdId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarLinkQueries.all }),
  });
}

/** Revokes an address: calendars that read it get nothing more. */
export const removeCalendarLink = (linkId: number) =>
  call(api.DELETE("/api/v1/meal-plan/calendar-links/{link_id}", { params: { path: { link_id: linkId } } }));
