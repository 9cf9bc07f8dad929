import { QueryClient } from "@tanstack/react-query";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { mealPlanQueries } from "../api/queries.ts";
import { PlanRecipe } from "./plan-recipe.tsx";
import { WeekPlan } from "./week-plan.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await act(() => activate("en"));
});

const recipe = (servings: number) => ({ id: 3, title: "Tomatensuppe", servings }) as Schemas["RecipeRead"];
const noHouseholds = () =>
  vi.spyOn(api, "GET").mockResolvedValue({
    data: { items: [], next_cursor: null },
    response: new Response(null, { status: 200 }),
  } as never);

describe("the meal plan in German", () => {
  it("plans a recipe in German words, its servings counted by the plural", async () => {
    signInAs(1);
    noHouseholds();
    await act(() => activate("de"));
    const { unmount } = renderInApp(<PlanRecipe recipe={recipe(4)} />);
    expect(await screen.findByRole("heading", { name: "Essensplan" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Einplanen (4 Portionen)" })).toBeVisible();
    expect(screen.getByRole("option", { name: "Abendessen" })).toBeVisible();
    unmount();
    renderInApp(<PlanRecipe recipe={recipe(1)} />);
    expect(await screen.findByRole("button", { name: "Einplanen (1 Portion)" })).toBeVisible();
  });

  it("names the week's days and meals in German", async () => {
    signInAs(1);
    noHouseholds();
    const queryClient = new QueryClient();
    queryClient.setQueryData(mealPlanQueries.week("2026-03-02").queryKey, {
      items: [
        {
          id: 7,
          user_id: 1,
          date: "2026-03-04",
          meal: "breakfast",
          recipe_id: 3,
          servings: null,
          note: "",
          household_id: null,
          title: "Pfannkuchen",
          preview_img: null,
          nutrition: null,
          created_at: "2026-03-01T10:00:00Z",
          updated_at: "2026-03-01T10:00:00Z",
        },
      ],
    });
    await act(() => activate("de"));
    renderInApp(<WeekPlan monday="2026-03-02" />, { queryClient });
    const wednesday = (await screen.findByRole("heading", { level: 2, name: /Mittwoch/ })).closest("li");
    expect(wednesday).not.toBeNull();
    expect(within(wednesday as HTMLElement).getByText("Frühstück")).toBeVisible();
    expect(
      within(wednesday as HTMLElement).getByRole("button", {
        name: /^Pfannkuchen vom .*Mittwoch.* entfernen, Frühstück$/,
      }),
    ).toBeVisible();
    expect(screen.getAllByText("Nichts geplant.")).toHaveLength(6);
  });
});
