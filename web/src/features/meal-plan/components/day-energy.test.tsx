import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { mealPlanQueries } from "../api/queries.ts";
import { WeekPlan } from "./week-plan.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

const facts = (kcal: number | null) =>
  kcal === null
    ? null
    : {
        energy_kcal: kcal,
        energy_kj: kcal * 4.184,
        protein_g: 10,
        fat_g: 10,
        saturated_fat_g: 2,
        carbohydrate_g: 50,
        sugars_g: 5,
        fiber_g: 3,
        salt_g: 1,
      };

const entry = (
  id: number,
  date: string,
  title: string,
  kcal: number | null,
): Schemas["MealPlanEntryRead"] => ({
  id,
  user_id: 1,
  date,
  meal: "dinner",
  recipe_id: id,
  servings: 2,
  note: "",
  household_id: null,
  title,
  preview_img: null,
  nutrition: facts(kcal),
  created_at: "2026-03-01T10:00:00Z",
  updated_at: "2026-03-01T10:00:00Z",
});

const day = async (name: RegExp) =>
  (await screen.findByRole("heading", { level: 2, name })).closest("li") as HTMLElement;

describe("the week's days add their energy up", () => {
  it("says a day's total, and how many meals it covers when some are not known", async () => {
    signInAs(1);
    const week = {
      items: [
        entry(1, "2026-03-02", "Soup", 412.4),
        entry(2, "2026-03-02", "Bread", 1000.2),
        entry(3, "2026-03-03", "Stew", 650),
        entry(4, "2026-03-03", "Mystery", null),
      ],
      next_cursor: null,
    };
    // The week as the API answers it; no households.
    vi.spyOn(api, "GET").mockImplementation((async (path: string) => ({
      data: path.startsWith("/api/v1/meal-plan") ? week : { items: [], next_cursor: null },
      response: new Response(null, { status: 200 }),
    })) as never);
    const queryClient = new QueryClient();
    queryClient.setQueryData(mealPlanQueries.week("2026-03-02").queryKey, week);
    renderInApp(<WeekPlan monday="2026-03-02" />, { queryClient });
    expect(within(await day(/Monday/)).getByText("Day: 1,413 kcal")).toBeVisible();
    expect(within(await day(/Tuesday/)).getByText("Day: 650 kcal from 1 of 2 meals")).toBeVisible();
    // A day with nothing known, or nothing planned, says no figure.
    expect(within(await day(/Wednesday/)).queryByText(/kcal/)).toBeNull();
  });
});
