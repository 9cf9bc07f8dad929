import { QueryClient, useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { auth } from "../../../lib/auth.ts";
import { makeRecipe, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { withMyStars } from "../api/marks.ts";
import { RatingControl } from "./rating-control.tsx";
import { RatingSummary } from "./rating-summary.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await act(() => activate("en"));
});

/** The stars as the recipe page shows them: fed by the recipe in the query cache. */
function Stars() {
  const recipe = useQuery(recipeQueries.detail(5)).data;
  return recipe ? (
    <>
      <RatingSummary rating={recipe.rating} />
      <RatingControl recipe={recipe} />
    </>
  ) : null;
}

function renderStars(rating = { average: 4.5, count: 2, mine: null as number | null }) {
  const get = vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
  const queryClient = new QueryClient();
  queryClient.setQueryData(recipeQueries.detail(5).queryKey, makeRecipe({ rating }));
  renderInApp(<Stars />, { queryClient });
  return { queryClient, get };
}

const answer = (status: number, data?: unknown) =>
  ({ data, response: new Response(null, { status }) }) as never;

describe("RatingSummary", () => {
  it("shows “4.5 ★ (12)” and says it as a sentence", () => {
    renderInApp(<RatingSummary rating={{ average: 4.5, count: 12, mine: null }} />);
    return waitFor(() => {
      expect(screen.getByText("4.5 ★ (12)")).toBeInTheDocument();
      expect(screen.getByText("Rated 4.5 out of 5 by 12 cooks")).toBeInTheDocument();
    });
  });

  it("writes the decimal as the language does, and shows nothing for an unrated recipe", async () => {
    await act(() => activate("de"));
    const { container } = renderInApp(
      <>
        <RatingSummary rating={{ average: 3.7, count: 1, mine: 4 }} />
        <RatingSummary rating={{ average: null, count: 0, mine: null }} />
      </>,
    );
    await waitFor(() => expect(screen.getByText("3,7 ★ (1)")).toBeInTheDocument());
    expect(screen.getByText("Mit 3,7 von 5 Sternen bewertet, von 1 Person")).toBeInTheDocument();
    expect(container.querySelectorAll(".rating-summary")).toHaveLength(1);
  });
});

describe("RatingControl", () => {
  it("is not there for someone signed out", async () => {
    renderStars();
    await screen.findByText("4.5 ★ (2)");
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("is a group of five radio buttons: choosing 4 stars saves them and shows them at once", async () => {
    signInAs(1);
    const put = vi.spyOn(api, "PUT").mockResolvedValue(answer(200, { stars: 4 }));
    const { queryClient } = renderStars();
    const group = await screen.findByRole("group", { name: "Your rating" });
    expect(group).toBeVisible();
    const radios = screen.getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.queryByRole("button", { name: "Remove my rating" })).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    await waitFor(() => expect(screen.getByRole("radio", { name: "4 stars" })).toBeChecked());
    expect(put).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/rating", {
      params: { path: { recipe_id: 5 } },
      body: { stars: 4 },
    });
    // Everyone's average moves with it (the page reads the API's own afterwards).
    expect(await screen.findByText("4.3 ★ (3)")).toBeInTheDocument();
    expect(queryClient.getQueryData(recipeQueries.detail(5).queryKey)?.rating).toEqual({
      average: 4.3,
      count: 3,
      mine: 4,
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(recipeQueries.detail(5).queryKey)?.isInvalidated).toBe(true),
    );
  });

  it("the keyboard moves through the stars (arrow keys in a radio group, one name)", async () => {
    signInAs(1);
    renderStars();
    await screen.findByRole("group", { name: "Your rating" });
    const names = new Set(screen.getAllByRole("radio").map((r) => r.getAttribute("name")));
    expect(names.size).toBe(1);
  });

  it("“Remove my rating” takes the stars back (DELETE)", async () => {
    signInAs(1);
    const remove = vi.spyOn(api, "DELETE").mockResolvedValue(answer(204));
    renderStars({ average: 4, count: 2, mine: 5 });
    expect(await screen.findByRole("radio", { name: "5 stars" })).toBeChecked();
    fireEvent.click(screen.getByRole("button", { name: "Remove my rating" }));
    await waitFor(() => expect(screen.getByRole("radio", { name: "5 stars" })).not.toBeChecked());
    expect(remove).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/rating", {
      params: { path: { recipe_id: 5 } },
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove my rating" })).toBeNull());
    expect(await screen.findByText("3 ★ (1)")).toBeInTheDocument();
  });

  it("goes back, saying why, when the stars could not be saved", async () => {
    signInAs(1);
    vi.spyOn(api, "PUT").mockResolvedValue({
      error: { type: "about:blank", title: "Not Found", status: 404, detail: "Recipe ID 5 was not found." },
      response: new Response(null, { status: 404 }),
    } as never);
    renderStars();
    fireEvent.click(await screen.findByRole("radio", { name: "2 stars" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Your rating could not be saved: /);
    expect(screen.getByRole("radio", { name: "2 stars" })).not.toBeChecked();
    expect(screen.getByText("4.5 ★ (2)")).toBeInTheDocument();
  });
});

describe("withMyStars", () => {
  it("moves the average with the cook's own stars, added, changed or taken back", () => {
    expect(withMyStars({ average: null, count: 0, mine: null }, 4)).toEqual({
      average: 4,
      count: 1,
      mine: 4,
    });
    expect(withMyStars({ average: 4, count: 2, mine: 5 }, 1)).toEqual({ average: 2, count: 2, mine: 1 });
    expect(withMyStars({ average: 4, count: 1, mine: 4 }, null)).toEqual({
      average: null,
      count: 0,
      mine: null,
    });
  });
});
