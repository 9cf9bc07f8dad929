import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { householdQueries } from "../../../lib/api/households.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import type { ShoppingList } from "../lib/list.ts";
import { SharedWith } from "./shared-with.tsx";

const smiths = makeHousehold({
  id: 3,
  name: "Smiths",
  role: "owner",
  members: [
    { id: 1, name: "anna" },
    { id: 2, name: "bob" },
  ],
});

const list = (over: Partial<ShoppingList> = {}): ShoppingList => ({
  id: 5,
  user_id: 1,
  name: "Saturday market",
  store_id: null,
  household_id: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
  recipes: [],
  sections: [{ shelf: null, items: [] }],
  ...over,
});

/** A query cache that already knows the person's households (as the lists page would have read them). */
function withHouseholds(userId: number) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(householdQueries.list(userId).queryKey, {
    pages: [{ items: [smiths], next_cursor: null }],
    pageParams: [undefined],
  });
  return queryClient;
}

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

describe("SharedWith", () => {
  it("the list's maker shares it with a household (PUT household_id) and hears what that means", async () => {
    signInAs(1);
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: list({ household_id: 3 }),
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<SharedWith list={list()} />, { queryClient: withHouseholds(1) });
    const select = await screen.findByLabelText("Shared with");
    expect(select).toHaveDisplayValue("Only me");
    fireEvent.change(select, { target: { value: "3" } });
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith("/api/v1/shopping-lists/{list_id}", {
        params: { path: { list_id: 5 } },
        body: { household_id: 3 },
      }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Everyone in Smiths can see and tick this list now.",
    );
  });

  it("another member reads whom it is shared with and who made it, without a choice", async () => {
    signInAs(2);
    renderInApp(<SharedWith list={list({ household_id: 3 })} />, { queryClient: withHouseholds(2) });
    expect(await screen.findByText("Shared with Smiths · made by anna")).toBeVisible();
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("says nothing on a private list of someone in no household", async () => {
    signInAs(1);
    const queryClient = new QueryClient();
    queryClient.setQueryData(householdQueries.list(1).queryKey, {
      pages: [{ items: [], next_cursor: null }],
      pageParams: [undefined],
    });
    const { container } = renderInApp(
      <>
        <h1>Saturday market</h1>
        <SharedWith list={list()} />
      </>,
      { queryClient },
    );
    await screen.findByRole("heading", { name: "Saturday market" });
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(container.textContent).toBe("Saturday market");
  });
});
