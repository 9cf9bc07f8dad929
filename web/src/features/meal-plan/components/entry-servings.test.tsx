import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { mealPlanQueries } from "../api/queries.ts";
import { EntryServings } from "./entry-servings.tsx";

const entry: Schemas["MealPlanEntryRead"] = {
  id: 7,
  user_id: 1,
  date: "2026-03-04",
  meal: "dinner",
  recipe_id: 3,
  servings: 4,
  note: "",
  household_id: null,
  title: "Tomato soup",
  preview_img: null,
  nutrition: null,
  created_at: "2026-03-01T10:00:00Z",
  updated_at: "2026-03-01T10:00:00Z",
};
const NAME = "Tomato soup on Wednesday 4 March, dinner";

afterEach(() => vi.restoreAllMocks());

describe("EntryServings", () => {
  it("saves one serving more with PUT /meal-plan/<id> {servings}, shown in the week at once", async () => {
    const put = vi.spyOn(api, "PUT").mockImplementation(async () => ({
      data: { ...entry, servings: 5 },
      response: new Response(null, { status: 200 }),
    }));
    const queryClient = new QueryClient();
    const week = mealPlanQueries.week("2026-03-02").queryKey;
    queryClient.setQueryData(week, { items: [entry] });
    render(
      <QueryClientProvider client={queryClient}>
        <EntryServings entryId={entry.id} servings={4} name={NAME} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("group", { name: `Servings of ${NAME}` })).toHaveTextContent("4 servings");

    fireEvent.click(screen.getByRole("button", { name: `More servings of ${NAME}` }));
    await waitFor(() => expect(queryClient.getQueryData(week)?.items[0]?.servings).toBe(5));
    expect(put).toHaveBeenCalledWith("/api/v1/meal-plan/{entry_id}", {
      params: { path: { entry_id: 7 } },
      body: { servings: 5 },
    });
  });

  it("never goes below one serving", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EntryServings entryId={entry.id} servings={1} name={NAME} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("1 serving");
    expect(screen.getByRole("button", { name: `Fewer servings of ${NAME}` })).toBeDisabled();
  });
});
