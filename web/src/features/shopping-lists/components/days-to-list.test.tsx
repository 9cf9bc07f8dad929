import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { householdQueries } from "../../../lib/api/households.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { shoppingListQueries } from "../api/queries.ts";
import type { ShoppingList } from "../lib/list.ts";
import { DaysToList } from "./days-to-list.tsx";

const MONDAY = "2031-03-03"; // a week to come: From is its Monday, To its Sunday

const smiths = makeHousehold({ id: 3, name: "Smiths" });

const made = (household_id: number | null): ShoppingList => ({
  id: 12,
  user_id: 1,
  name: "Mon 3 – Sun 9 March 2031",
  store_id: null,
  household_id,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
  recipes: [],
  sections: [],
});

/** A query cache that knows the person's households and lists (one list of their own). */
function cache(households = [smiths]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(householdQueries.list(1).queryKey, {
    pages: [{ items: households, next_cursor: null }],
    pageParams: [undefined],
  });
  queryClient.setQueryData(shoppingListQueries.list().queryKey, {
    pages: [{ items: [{ ...made(null), id: 4, name: "Saturday market" }], next_cursor: null }],
    pageParams: [undefined],
  });
  return queryClient;
}

/** POST /shopping-lists/ answers the list made; adding the days answers it again. */
function mockWrites() {
  return vi.spyOn(api, "POST").mockImplementation(((
    path: string,
    init: { body?: { household_id?: number | null } },
  ) =>
    Promise.resolve({
      data: made(path === "/api/v1/shopping-lists" ? (init.body?.household_id ?? null) : 3),
      response: new Response(null, { status: 201 }),
    })) as never);
}

/** What POST /shopping-lists/ was sent (the spy's calls, as the untyped pairs they are). */
const newListBody = (post: ReturnType<typeof mockWrites>) =>
  (post.mock.calls as unknown as [string, unknown][]).find(
    ([path]) => path === "/api/v1/shopping-lists",
  )?.[1];

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

describe("DaysToList", () => {
  it("makes the new list the household's whose meals the days are, and adds the days to it", async () => {
    signInAs(1);
    // The lists are read again once one is made (the mutation waits for it); the rest is cached.
    vi.spyOn(api, "GET").mockImplementation(((path: string) =>
      path === "/api/v1/shopping-lists"
        ? Promise.resolve({
            data: { items: [made(3)], next_cursor: null },
            response: new Response(null, { status: 200 }),
          })
        : new Promise(() => undefined)) as never);
    const post = mockWrites();
    const mealsHousehold = vi.fn((_first: string, _last: string) => 3);
    renderInApp(<DaysToList monday={MONDAY} mealsHousehold={mealsHousehold} />, {
      queryClient: cache(),
    });
    const shared = await screen.findByRole("combobox", { name: "New list shared with" });
    expect(shared).toHaveDisplayValue("Smiths");
    expect(mealsHousehold).toHaveBeenLastCalledWith("2031-03-03", "2031-03-09");
    fireEvent.click(screen.getByRole("button", { name: "Add these days to a shopping list" }));
    expect(await screen.findByText("Page at /lists/12")).toBeVisible(); // the list, opened
    expect(newListBody(post)).toEqual({ body: { name: "Mon 3 – Sun 9 March 2031", household_id: 3 } });
    expect(post).toHaveBeenCalledWith("/api/v1/shopping-lists/{list_id}/meal-plan", {
      params: { path: { list_id: 12 } },
      body: { from: "2031-03-03", to: "2031-03-09" },
    });
  });

  it("lets the person make it private before it is made", async () => {
    signInAs(1);
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    const post = mockWrites();
    renderInApp(<DaysToList monday={MONDAY} mealsHousehold={() => 3} />, { queryClient: cache() });
    fireEvent.change(await screen.findByRole("combobox", { name: "New list shared with" }), {
      target: { value: "" },
    });
    expect(screen.getByRole("combobox", { name: "New list shared with" })).toHaveDisplayValue("Only me");
    fireEvent.click(screen.getByRole("button", { name: "Add these days to a shopping list" }));
    await waitFor(() =>
      expect(newListBody(post)).toEqual({ body: expect.objectContaining({ household_id: null }) }),
    );
  });

  it("keeps one's own meals' list private, and asks nothing of someone in no household", async () => {
    signInAs(1);
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    const post = mockWrites();
    renderInApp(<DaysToList monday={MONDAY} />, { queryClient: cache([]) });
    const button = await screen.findByRole("button", { name: "Add these days to a shopping list" });
    expect(screen.queryByRole("combobox", { name: "New list shared with" })).toBeNull();
    fireEvent.click(button);
    await waitFor(() =>
      expect(newListBody(post)).toEqual({ body: expect.objectContaining({ household_id: null }) }),
    );
  });

  it("asks whose only for a new list: an existing list stays whose it is", async () => {
    signInAs(1);
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    renderInApp(<DaysToList monday={MONDAY} mealsHousehold={() => 3} />, { queryClient: cache() });
    const shared = await screen.findByRole("combobox", { name: "New list shared with" });
    expect(shared).toHaveAccessibleDescription(/A household's list gets that household's meals/);
    fireEvent.change(screen.getByRole("combobox", { name: "Shopping list" }), { target: { value: "4" } });
    expect(screen.queryByRole("combobox", { name: "New list shared with" })).toBeNull();
  });
});
