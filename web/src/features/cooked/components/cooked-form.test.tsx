import { QueryClient, useQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { auth } from "../../../lib/auth.ts";
import { today } from "../../../lib/dates.ts";
import { makeHousehold, makeRecipe, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { daysAgo } from "../lib/days-ago.ts";
import { CookedForm } from "./cooked-form.tsx";
import { LastCooked } from "./last-cooked.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

/** The form and the "last made" line as the recipe page shows them, from the recipe in the cache. */
function Page() {
  const recipe = useQuery(recipeQueries.detail(5)).data;
  return recipe ? (
    <>
      <LastCooked recipe={recipe} />
      <CookedForm recipe={recipe} />
    </>
  ) : null;
}

const entry = (body: Record<string, unknown>) => ({
  id: 11,
  recipe_id: 5,
  user_id: 1,
  date: today(),
  servings: 4,
  note: "",
  household_id: null,
  title: "Bread",
  preview_img: null,
  created_at: "2026-11-28T10:00:00Z",
  updated_at: "2026-11-28T10:00:00Z",
  ...body,
});

function renderForm(households: ReturnType<typeof makeHousehold>[] = []) {
  signInAs(1);
  vi.spyOn(api, "GET").mockImplementation(((path: string) =>
    path === "/api/v1/households"
      ? Promise.resolve({
          data: { items: households, next_cursor: null },
          response: new Response(null, { status: 200 }),
        })
      : new Promise(() => undefined)) as never);
  const post = vi
    .spyOn(api, "POST")
    .mockImplementation(((_path: string, init: { body: Record<string, unknown> }) =>
      Promise.resolve({ data: entry(init.body), response: new Response(null, { status: 201 }) })) as never);
  const queryClient = new QueryClient();
  queryClient.setQueryData(recipeQueries.detail(5).queryKey, makeRecipe({ servings: 6 }));
  renderInApp(<Page />, { queryClient });
  return { post, queryClient };
}

describe("CookedForm", () => {
  it("starts at today and the servings shown; with a note it goes to the log, and the page says so", async () => {
    const { post, queryClient } = renderForm();
    const day = await screen.findByLabelText("Made on");
    expect(day).toHaveValue(today());
    expect(screen.getByLabelText("Servings")).toHaveValue(6);
    expect(screen.queryByLabelText("For")).toBeNull(); // no households
    expect(screen.queryByText(/^Last made/)).toBeNull();

    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "  Less salt next time " } });
    fireEvent.click(screen.getByRole("button", { name: "I made this" }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/cooked", {
        params: { path: { recipe_id: 5 } },
        body: { date: today(), servings: 6, note: "Less salt next time", household_id: null },
      }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent(
      /^Noted: made on .+\. See everything cooked$/,
    );
    expect(screen.getByRole("link", { name: "See everything cooked" })).toHaveAttribute("href", "/cooked");
    expect(screen.getByLabelText("Note")).toHaveValue("");
    // The recipe says it at once: made today, once.
    expect(screen.getByText("Last made today · once")).toBeInTheDocument();
    const recipe = queryClient.getQueryData(recipeQueries.detail(5).queryKey);
    expect(recipe).toMatchObject({ last_cooked: today(), times_cooked: 1 });
  });

  it("for a cook in households, asks whom it was for and sends that household", async () => {
    const { post } = renderForm([makeHousehold({ id: 3, name: "Smiths" })]);
    const forWhom = await screen.findByRole("combobox", { name: "For" });
    expect(forWhom).toHaveDisplayValue("Only me");
    fireEvent.change(forWhom, { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Made on"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("Servings"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "I made this" }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/cooked", {
        params: { path: { recipe_id: 5 } },
        body: { date: "2026-11-20", servings: 2, note: "", household_id: 3 },
      }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent(
      /^Noted for Smiths: made on Friday 20 November\./,
    );
  });

  it("sends no servings when the field is emptied, and none that is not a whole number", async () => {
    const { post } = renderForm();
    const servings = await screen.findByLabelText("Servings");
    fireEvent.change(servings, { target: { value: "1.5" } });
    expect(screen.getByRole("button", { name: "I made this" })).toBeDisabled();
    fireEvent.change(servings, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "I made this" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ body: { servings: null } });
  });

  it("shows the API's sentence when the entry could not be saved", async () => {
    const { post } = renderForm();
    post.mockResolvedValue({
      error: {
        type: "about:blank",
        title: "Unprocessable Content",
        status: 422,
        detail: "Household ID 9 was not found.",
      },
      response: new Response(null, { status: 422 }),
    } as never);
    fireEvent.click(await screen.findByRole("button", { name: "I made this" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Household ID 9 was not found.");
  });
});

describe("LastCooked", () => {
  it("says when it was last made and how often", async () => {
    const recipe = makeRecipe({ last_cooked: daysBefore(3), times_cooked: 5 });
    renderInApp(<LastCooked recipe={recipe} />);
    expect(await screen.findByText("Last made 3 days ago · 5 times")).toBeInTheDocument();
  });
});

function daysBefore(days: number): string {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

describe("daysAgo", () => {
  it("counts calendar days, then weeks, months and years", () => {
    const now = "2026-11-29";
    expect(daysAgo("2026-11-29", now)).toBe("today");
    expect(daysAgo("2026-11-28", now)).toBe("yesterday");
    expect(daysAgo("2026-11-26", now)).toBe("3 days ago");
    expect(daysAgo("2026-11-08", now)).toBe("3 weeks ago");
    expect(daysAgo("2026-08-29", now)).toBe("3 months ago");
    expect(daysAgo("2023-11-29", now)).toBe("3 years ago");
  });
});
