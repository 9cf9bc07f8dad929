import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import type { RecipeRevision, RevisionSummary } from "../api/queries.ts";
import { RecipeHistoryPage } from "./history.tsx";

beforeAll(() => {
  // jsdom has no modal dialogs: the confirmation opens and closes as a browser's would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await act(() => activate("en"));
});

const ok = (data: unknown) => Promise.resolve({ data, response: new Response(null, { status: 200 }) });

const version = (revision: number, changes: Partial<RecipeRevision>): RecipeRevision =>
  ({
    id: 5,
    user_id: 1,
    title: "Bread",
    description: null,
    prep_time_sec: null,
    cook_time_sec: 2400,
    total_time_sec: null,
    servings: 4,
    source_url: null,
    img: null,
    preview_img: null,
    categories: [],
    ingredients: [
      { ingredient_id: 1, name: "Flour", amount_grams: 500, amount_readable: "500 g" },
      { ingredient_id: 2, name: "Salt", amount_grams: 10, amount_readable: "2 tsp" },
    ],
    steps: [{ step_number: 1, description: "Mix and bake.", timers: [] }],
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-20T10:00:00Z",
    nutrition: null,
    revision,
    ...changes,
  }) as RecipeRevision;

const v1 = version(1, {});
const v2 = version(2, {
  title: "Country bread",
  ingredients: [
    { ingredient_id: 1, name: "Flour", amount_grams: 500, amount_readable: "500 g" },
    { ingredient_id: 2, name: "Salt", amount_grams: 5, amount_readable: "1 tsp" },
  ],
});
const v3 = version(3, {
  ...v2,
  revision: 3,
  steps: [{ step_number: 1, description: "Mix, rest and bake.", timers: [] }],
});
const versions = [v1, v2, v3];
const now = { ...v3, revision: undefined } as unknown as Schemas["RecipeRead"];

const summaries: RevisionSummary[] = [
  { revision: 3, created_at: "2026-11-22T09:30:00Z", user: { id: 1, username: "ann" }, changes: ["steps"] },
  {
    revision: 2,
    created_at: "2026-11-21T18:05:00Z",
    user: { id: 2, username: "admin" },
    changes: ["title", "ingredients"],
  },
  { revision: 1, created_at: "2026-11-20T10:00:00Z", user: null, changes: [] },
];

/** The API as the page reads it: the recipe, its revisions (two pages when `paged`), each revision. */
function answer({ paged = false } = {}) {
  return vi.spyOn(api, "GET").mockImplementation(((
    path: string,
    init: { params: { path: { revision?: number }; query?: { cursor?: string } } },
  ) => {
    if (path === "/api/v1/recipes/{recipe_id}") return ok(now);
    if (path === "/api/v1/recipes/{recipe_id}/revisions") {
      if (!paged) return ok({ items: summaries, next_cursor: null });
      return init.params.query?.cursor === "page-2"
        ? ok({ items: summaries.slice(2), next_cursor: null })
        : ok({ items: summaries.slice(0, 2), next_cursor: "page-2" });
    }
    if (path === "/api/v1/recipes/{recipe_id}/revisions/{revision}")
      return ok(versions[(init.params.path.revision ?? 0) - 1]);
    throw new Error(`Unexpected GET ${path}`);
  }) as never);
}

const open = (url: string) => renderInApp(<RecipeHistoryPage />, { path: "/recipes/$recipeId/history", url });

describe("RecipeHistoryPage", () => {
  it("lists every version, newest first: who, when and what it changed", async () => {
    answer();
    open("/recipes/5/history");
    expect(await screen.findByRole("heading", { level: 1, name: "History of Country bread" })).toBeVisible();
    const rows = await screen.findAllByRole("link", { name: /^Version/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Version 3Current.*Changed by ann: steps$/),
      expect.stringMatching(/^Version 2.*Changed by admin: title and ingredients$/),
      expect.stringMatching(/^Version 1.*Written by a deleted account$/),
    ]);
    // When, in the active language, with the moment itself for machines.
    const when = rows[1]?.querySelector("time");
    expect(when).toHaveAttribute("dateTime", "2026-11-21T18:05:00Z");
    expect(when?.textContent).toMatch(/21 November/);
    expect(screen.getByRole("link", { name: "Back to Country bread" })).toHaveAttribute("href", "/recipes/5");
  });

  it("shows what a version changed against the one before: removed lines struck, added ones marked, in words", async () => {
    answer();
    open("/recipes/5/history?revision=2");
    const panel = await screen.findByRole("region", { name: "What version 2 changed" });
    expect(await within(panel).findByRole("heading", { name: "Ingredients" })).toBeVisible();
    const removed = panel.querySelector("del.rh-del");
    const added = [...panel.querySelectorAll("ins.rh-ins")].map((el) => el.textContent);
    expect(removed).not.toBeNull();
    expect([...panel.querySelectorAll("del")].map((el) => el.textContent)).toEqual([
      "Removed: Bread",
      "Removed: 10 g 2 tsp Salt",
    ]);
    expect(added).toEqual(["Added: Country bread", "Added: 5 g 1 tsp Salt"]);
    // The unchanged line stays, unmarked; the steps did not change, so they are not shown.
    expect(within(panel).getByText("Flour").closest("del, ins")).toBeNull();
    expect(within(panel).queryByRole("heading", { name: "Steps" })).toBeNull();
    expect(screen.getByRole("link", { name: /^Version 2/ })).toHaveAttribute("aria-expanded", "true");
  });

  it("shows the first version as written, everything new", async () => {
    answer();
    open("/recipes/5/history?revision=1");
    const panel = await screen.findByRole("region", { name: "What version 1 changed" });
    expect(await within(panel).findByText(/first written/)).toBeVisible();
    expect(panel.querySelectorAll("del")).toHaveLength(0);
    expect(panel.querySelectorAll("ins").length).toBeGreaterThan(3);
  });

  it("compares with the recipe as it is now, by choice", async () => {
    answer();
    const { router } = open("/recipes/5/history?revision=1");
    await screen.findByRole("region", { name: "What version 1 changed" });
    fireEvent.click(screen.getByRole("radio", { name: "the recipe as it is now" }));
    const panel = await screen.findByRole("region", { name: "What changed since version 1" });
    expect(router.state.location.search).toMatchObject({ revision: 1, compare: "current" });
    expect(await within(panel).findByRole("heading", { name: "Steps" })).toBeVisible();
    expect([...panel.querySelectorAll("del")].map((el) => el.textContent)).toContain(
      "Removed: Mix and bake.",
    );
    expect([...panel.querySelectorAll("ins")].map((el) => el.textContent)).toContain(
      "Added: Mix, rest and bake.",
    );
  });

  it("offers no restore to someone who may not edit the recipe", async () => {
    signInAs(9);
    answer();
    open("/recipes/5/history?revision=2");
    await screen.findByRole("region", { name: "What version 2 changed" });
    expect(screen.queryByRole("button", { name: "Restore this version" })).toBeNull();
  });

  it("keeps the dialog open with the reason when a restore is refused, and stays on the history", async () => {
    signInAs(1);
    answer();
    const detail = "Ingredient 'Salt' of revision 1 no longer exists.";
    vi.spyOn(api, "POST").mockResolvedValue({
      error: { type: "about:blank", title: "Conflict", status: 409, detail },
      response: new Response(null, { status: 409 }),
    } as never);
    const { router } = open("/recipes/5/history?revision=1");
    fireEvent.click(await screen.findByRole("button", { name: "Restore this version" }));
    const dialog = screen.getByRole("dialog", { name: "Restore version 1?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Restore" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(detail);
    expect(router.state.location.pathname).toBe("/recipes/5/history");
  });

  it("restores a version for its owner, after asking, then shows the recipe as restored", async () => {
    signInAs(1);
    answer();
    const restored = { ...now, title: "Bread", revision: undefined } as Schemas["RecipeRead"];
    const post = vi
      .spyOn(api, "POST")
      .mockResolvedValue({ data: restored, response: new Response(null, { status: 200 }) } as never);
    const { router, queryClient } = open("/recipes/5/history?revision=1");
    fireEvent.click(await screen.findByRole("button", { name: "Restore this version" }));
    const dialog = screen.getByRole("dialog", { name: "Restore version 1?" });
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Page at /recipes/5")).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith("/api/v1/recipes/{recipe_id}/revisions/{revision}/restore", {
      params: { path: { recipe_id: 5, revision: 1 } },
    });
    expect(router.state.location.pathname).toBe("/recipes/5");
    expect(queryClient.getQueryData(recipeQueries.detail(5).queryKey)).toEqual(restored);
  });

  it("says when the version that is the recipe now is chosen, without a restore", async () => {
    signInAs(1);
    answer();
    open("/recipes/5/history?revision=3");
    expect(await screen.findByText("This version is the recipe as it is now.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Restore this version" })).toBeNull();
  });

  it("loads older versions with Show more", async () => {
    const get = answer({ paged: true });
    open("/recipes/5/history");
    await screen.findByRole("link", { name: /^Version 2/ });
    expect(screen.queryByRole("link", { name: /^Version 1/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("link", { name: /^Version 1/ })).toBeVisible();
    expect(get).toHaveBeenCalledWith(
      "/api/v1/recipes/{recipe_id}/revisions",
      expect.objectContaining({ params: { path: { recipe_id: 5 }, query: { limit: 20, cursor: "page-2" } } }),
    );
  });

  it("speaks German: the words, the list of fields and the dates", async () => {
    answer();
    await act(() => activate("de"));
    open("/recipes/5/history?revision=2");
    expect(await screen.findByRole("heading", { level: 1, name: "Verlauf von Country bread" })).toBeVisible();
    expect(await screen.findByText("Geändert von admin: Titel und Zutaten")).toBeVisible();
    expect(screen.getByText("Geschrieben von einem gelöschten Konto")).toBeVisible();
    expect(screen.getAllByText(/21\. November/).length).toBeGreaterThan(0);
    const panel = await screen.findByRole("region", { name: "Was Fassung 2 geändert hat" });
    expect(within(panel).getAllByText("Entfernt:")).toHaveLength(2);
    expect(within(panel).getByRole("radio", { name: "der Fassung davor" })).toBeChecked();
  });
});
