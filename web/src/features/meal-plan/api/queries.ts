/** Server state of the meal plan: one week at a time, and the changes that touch it. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { addDays } from "../../../lib/dates.ts";

export const mealPlanQueries = {
  all: ["meal-plan"] as const,

  /**
   * The entries of the seven days from `monday`, by date, then meal: one's own and every household's,
   * or with `householdId` only that household's.
   */
  week: (monday: string, householdId?: number) =>
    queryOptions({
      queryKey: [...mealPlanQueries.all, "week", monday, householdId ?? "all"] as const,
      queryFn: ({ signal }) =>
        call(
          api.GET("/api/v1/meal-plan", {
            params: { query: { from: monday, to: addDays(monday, 6), household_id: householdId } },
            signal,
          }),
        ),
    }),
};

const online = { networkMode: "always" } as const;

export function usePlanMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (body: Schemas["MealPlanEntryCreate"]) => call(api.POST("/api/v1/meal-plan", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealPlanQueries.all }),
  });
}

export function useRemoveMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (entryId: number) =>
      call(api.DELETE("/api/v1/meal-plan/{entry_id}", { params: { path: { entry_id: entryId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealPlanQueries.all }),
  });
}

type MealPlanList = Schemas["MealPlanList"];

/**
 * Changes an entry (`PUT /meal-plan/<id>`, e.g. `{servings}`). The weeks on screen show the change at
 * once, so a second press of a stepper counts from the first; they are read again when all settle.
 */
export function useUpdateMeal() {
  const queryClient = useQueryClient();
  const mutationKey = [...mealPlanQueries.all, "update"] as const;
  return useMutation({
    ...online,
    mutationKey,
    scope: { id: "meal-plan-update" }, // one after another, so the last press is the one saved
    mutationFn: ({ entryId, ...body }: { entryId: number } & Schemas["MealPlanEntryUpdate"]) =>
      call(api.PUT("/api/v1/meal-plan/{entry_id}", { params: { path: { entry_id: entryId } }, body })),
    onMutate: async ({ entryId, ...body }) => {
      await queryClient.cancelQueries({ queryKey: mealPlanQueries.all });
      queryClient.setQueriesData<MealPlanList>(
        { queryKey: mealPlanQueries.all },
        (week) => week && { items: week.items.map((e) => (e.id === entryId ? { ...e, ...body } : e)) },
      );
    },
    // Read again after the last change only: an earlier answer must not undo a later press on screen.
    onSettled: () =>
      queryClient.isMutating({ mutationKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: mealPlanQueries.all })
        : undefined,
  });
}
