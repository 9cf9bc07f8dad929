import { QueryClient, useQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { auth } from "../../../lib/auth.ts";
import { makeRecipe, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { FavouriteButton } from "./favourite-button.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

/** The heart as a page shows it: fed by the recipe in the query cache. */
function Heart() {
  const recipe = useQuery(recipeQueries.detail(5)).data;
  return recipe ? <FavouriteButton recipe={recipe} /> : null;
}

const listKey = [...recipeQueries.lists(), { sort: "newest" }];

function renderHeart(recipe = makeRecipe()) {
  vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined)); // reads again: not yet
  const queryClient = new QueryClient();
  queryClient.setQueryData(recipeQueries.detail(5).queryKey, recipe);
  queryClient.setQueryData(listKey, { pages: [{ items: [recipe], next_cursor: null }], pageParams: [null] });
  renderInApp(<Heart />, { queryClient });
  return queryClient;
}

const answer204 = { data: undefined, response: new Response(null, { status: 204 }) } as never;
type Page = { pages: { items: Schemas["RecipeSummary"][] }[] };

describe("FavouriteButton", () => {
  it("is not there for someone signed out", async () => {
    renderHeart();
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
  });

  it("is a toggle named after the recipe: a press makes it a favourite at once, here and in the lists", async () => {
    signInAs(1);
    const put = vi.spyOn(api, "PUT").mockResolvedValue(answer204);
    const queryClient = renderHeart();
    const heart = await screen.findByRole("button", { name: "Favourite Bread" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    expect(queryClient.getQueryData<Page>(listKey)?.pages[0]?.items[0]?.favourite).toBe(true);
    expect(put).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/favourite", {
      params: { path: { recipe_id: 5 } },
    });
    // The lists (a "Favourites only" one among them) are read again.
    await waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it("a second press takes it off the favourites (DELETE)", async () => {
    signInAs(1);
    const remove = vi.spyOn(api, "DELETE").mockResolvedValue(answer204);
    renderHeart(makeRecipe({ favourite: true }));
    const heart = await screen.findByRole("button", { name: "Favourite Bread" });
    expect(heart).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
    expect(remove).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/favourite", {
      params: { path: { recipe_id: 5 } },
    });
  });

  it("goes back as it was, and says why, when the change could not be saved", async () => {
    signInAs(1);
    let fail: (value: unknown) => void = () => undefined;
    vi.spyOn(api, "PUT").mockReturnValue(new Promise((resolve) => (fail = resolve)) as never);
    const queryClient = renderHeart();
    const heart = await screen.findByRole("button", { name: "Favourite Bread" });
    fireEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    fail({
      error: {
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: "The database is down.",
      },
      response: new Response(null, { status: 503 }),
    });
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
    expect(queryClient.getQueryData<Page>(listKey)?.pages[0]?.items[0]?.favourite).toBe(false);
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Your favourites could not be changed: /);
  });
});
