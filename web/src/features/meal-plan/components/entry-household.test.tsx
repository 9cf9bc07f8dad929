import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { memberNames } from "../../../lib/households.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { mealPlanQueries } from "../api/queries.ts";
import { EntryHousehold } from "./entry-household.tsx";

const smiths = makeHousehold({
  id: 3,
  name: "Smiths",
  members: [
    { id: 1, name: "anna" },
    { id: 2, name: "bob" },
  ],
});
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
// (jsdom's accessible names lose the space before a visually hidden part; browsers keep it.)

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

describe("EntryHousehold", () => {
  it("its maker puts a meal into a household (PUT household_id), shown in the week at once", async () => {
    signInAs(1);
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: { ...entry, household_id: 3 },
      response: new Response(null, { status: 200 }),
    } as never);
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined)); // the week read again: not yet
    const queryClient = new QueryClient();
    const week = mealPlanQueries.week("2026-03-02").queryKey;
    queryClient.setQueryData(week, { items: [entry] });
    const onSaid = vi.fn();
    renderInApp(
      <EntryHousehold
        entry={entry}
        name={NAME}
        households={[smiths]}
        names={memberNames([smiths])}
        onSaid={onSaid}
      />,
      { queryClient },
    );
    const select = await screen.findByRole("combobox", {
      name: /^For ?Tomato soup on Wednesday 4 March, dinner$/,
    });
    expect(select).toHaveDisplayValue("Only me");
    fireEvent.change(select, { target: { value: "3" } });
    await waitFor(() => expect(queryClient.getQueryData(week)?.items[0]?.household_id).toBe(3));
    expect(put).toHaveBeenCalledWith("/api/v1/meal-plan/{entry_id}", {
      params: { path: { entry_id: 7 } },
      body: { household_id: 3 },
    });
    await waitFor(() => expect(onSaid).toHaveBeenCalledWith(`${NAME}: shared with Smiths.`));
  });

  it("another member reads whom it is for and who planned it", async () => {
    signInAs(2);
    renderInApp(
      <EntryHousehold
        entry={{ ...entry, household_id: 3 }}
        name={NAME}
        households={[smiths]}
        names={memberNames([smiths])}
        onSaid={() => undefined}
      />,
    );
    expect(await screen.findByText("Shared with Smiths · made by anna")).toBeVisible();
    expect(screen.queryByRole("combobox")).toBeNull();
  });
});

describe("mealPlanQueries.week", () => {
  it("asks for one household's meals with household_id, and keeps each view apart", async () => {
    const get = vi
      .spyOn(api, "GET")
      .mockResolvedValue({ data: { items: [] }, response: new Response(null, { status: 200 }) } as never);
    const options = mealPlanQueries.week("2026-03-02", 3);
    expect(options.queryKey).not.toEqual(mealPlanQueries.week("2026-03-02").queryKey);
    await new QueryClient().fetchQuery(options);
    expect(get).toHaveBeenCalledWith("/api/v1/meal-plan", {
      params: { query: { from: "2026-03-02", to: "2026-03-08", household_id: 3 } },
      signal: expect.any(AbortSignal),
    });
  });
});
