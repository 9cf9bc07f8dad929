import { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { renderInApp } from "../../../lib/testing.tsx";
import { STORAGE_KEY } from "../lib/timers.ts";
import { CookPage } from "./cook.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await act(() => activate("en"));
});

const recipe: Schemas["RecipeRead"] = {
  id: 5,
  user_id: 1,
  title: "Bread",
  description: null,
  source_url: null,
  prep_time_sec: null,
  cook_time_sec: null,
  total_time_sec: null,
  servings: 2,
  img: null,
  preview_img: null,
  categories: [],
  ingredients: [
    { ingredient_id: 1, name: "Flour", amount_grams: 500, amount_readable: "4 cups" },
    { ingredient_id: 9, name: "Salt", amount_grams: null, amount_readable: "to taste" },
  ],
  rating: { average: null, count: 0, mine: null },
  steps: [{ step_number: 1, description: "Knead.", timers: [] }],
  created_at: "2026-11-24T10:00:00Z",
  updated_at: "2026-11-24T10:00:00Z",
  nutrition: null,
};

describe("CookPage", () => {
  it("ticks off a line with unknown grams by its name and amount as written, with no grams", async () => {
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    const queryClient = new QueryClient();
    queryClient.setQueryData(recipeQueries.detail(5).queryKey, recipe);
    renderInApp(<CookPage />, { path: "/recipes/$recipeId/cook", url: "/recipes/5/cook", queryClient });
    const flour = await screen.findByRole("checkbox", { name: /Flour/ });
    // (jsdom's accessible names lose the space before a span; browsers keep it.)
    expect(flour).toHaveAccessibleName(/^500 g Flour ?\(4 cups\)$/);
    const salt = screen.getByRole("checkbox", { name: /Salt/ });
    expect(salt).toHaveAccessibleName(/^Salt ?\(to taste\)$/);
    expect(salt.closest("label")?.querySelector(".ingredient-grams")).toBeNull();
  });

  it("speaks German: the step, the way back and the ticked lines", async () => {
    await act(() => activate("de"));
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    const queryClient = new QueryClient();
    queryClient.setQueryData(recipeQueries.detail(5).queryKey, recipe);
    renderInApp(<CookPage />, { path: "/recipes/$recipeId/cook", url: "/recipes/5/cook", queryClient });
    expect(await screen.findByRole("heading", { name: "Schritt 1 von 1" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zurück zum Rezept" })).toBeVisible();
    expect(screen.getByText("Zutaten (0 von 2 abgehakt)")).toBeVisible();
    expect(screen.getByRole("link", { name: "Fertig" })).toBeVisible();
  });
});

/** Bread whose steps name durations: step 1 two of them, step 2 one. */
const timed: Schemas["RecipeRead"] = {
  ...recipe,
  steps: [
    {
      step_number: 1,
      description: "Knead for 10 minutes, then rest 1 hour.",
      timers: [
        { seconds: 600, text: "10 minutes", start: 10, end: 20 },
        { seconds: 3600, text: "1 hour", start: 32, end: 38 },
      ],
    },
    {
      step_number: 2,
      description: "Bake 25 minutes.",
      timers: [{ seconds: 1500, text: "25 minutes", start: 5, end: 15 }],
    },
  ],
};

function cook(url = "/recipes/5/cook") {
  vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
  const queryClient = new QueryClient();
  queryClient.setQueryData(recipeQueries.detail(5).queryKey, timed);
  return renderInApp(<CookPage />, { path: "/recipes/$recipeId/cook", url, queryClient });
}

/** A timer as kept on the device (lib/timers.ts). */
const keptTimer = (over: object) => ({
  id: "5:2:5",
  recipeId: 5,
  recipeTitle: "Bread",
  step: 2,
  text: "25 minutes",
  start: 5,
  seconds: 1500,
  endsAt: Date.now() + 300_000,
  leftWhenPaused: null,
  rang: false,
  ...over,
});

type Kept = { id: string; step: number; text: string; endsAt: number | null; rang: boolean };
const kept = (): Kept[] => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");

describe("CookPage's timers", () => {
  it("puts a button in place of each duration of the step, with the words around it kept", async () => {
    cook();
    const button = await screen.findByRole("button", { name: "Start timer: 10 minutes" });
    expect(button).toHaveTextContent(/^10 minutes$/);
    expect(screen.getByRole("button", { name: "Start timer: 1 hour" })).toBeVisible();
    expect(button.closest("p")).toHaveTextContent("Knead for 10 minutes, then rest 1 hour.");
  });

  it("starts several timers, each named by its step, kept with the moment it ends", async () => {
    vi.stubGlobal("Notification", undefined);
    const { router } = cook();
    const before = Date.now();
    (await screen.findByRole("button", { name: "Start timer: 10 minutes" })).click();
    const tray = await screen.findByRole("region", { name: "Timers" });
    expect(tray).toHaveTextContent("Step 1: 10 minutes");
    expect(tray).toHaveTextContent(/10:00|9:59/);
    // Said once, in a live region: not the countdown itself.
    expect(await screen.findByText(/^Timer started: Step 1: 10 minutes, 10:00\.$/)).toHaveAttribute(
      "role",
      "status",
    );

    await act(() => router.navigate({ to: "/recipes/5/cook", search: { step: 2 } } as never));
    (await screen.findByRole("button", { name: "Start timer: 25 minutes" })).click();
    expect(await screen.findByText("Step 2: 25 minutes")).toBeVisible();
    expect(kept().map((t) => [t.id, t.step, t.text])).toEqual([
      ["5:1:10", 1, "10 minutes"],
      ["5:2:5", 2, "25 minutes"],
    ]);
    const [first, second] = kept();
    expect(first?.endsAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(second?.endsAt).toBeGreaterThanOrEqual(before + 1_500_000);
    // No notifications in this browser: the tray says what that means.
    expect(tray).toHaveTextContent("This browser cannot show notifications");
  });

  it("shows timers kept from before a reload with their time left, and rings one that ended meanwhile", async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
    const now = Date.now();
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([
        keptTimer({ endsAt: now + 300_000 }),
        keptTimer({
          id: "9:1:0",
          recipeId: 9,
          recipeTitle: "Soup",
          step: 1,
          text: "20 minutes",
          start: 0,
          endsAt: now - 5000,
        }),
      ]),
    );
    cook();
    const tray = await screen.findByRole("region", { name: "Timers" });
    expect(tray).toHaveTextContent(/Step 2: 25 minutes.*(5:00|4:59)/);
    expect(tray).toHaveTextContent(/4 minutes (59|60) seconds left|5 minutes 0 seconds left/);
    // Another recipe's timer says whose it is.
    expect(tray).toHaveTextContent("Step 1: 20 minutesSoup");
    expect(await screen.findByRole("alert")).toHaveTextContent("Time’s up: Step 1: 20 minutes");
    expect(vibrate).toHaveBeenCalled();
    expect(kept().find((t) => t.id === "9:1:0")?.rang).toBe(true);
    Reflect.deleteProperty(navigator, "vibrate");
  });

  it("notifies through the service worker when a timer ends with the page hidden", async () => {
    const showNotification = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: async () => ({ showNotification }) },
    });
    vi.stubGlobal("Notification", Object.assign(vi.fn(), { permission: "granted" }));
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    localStorage.setItem(STORAGE_KEY, JSON.stringify([keptTimer({ endsAt: Date.now() - 1000 })]));
    cook();
    await vi.waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith(
        "Time’s up: Step 2: 25 minutes",
        expect.objectContaining({ body: "Bread", tag: "5:2:5", data: { url: "/recipes/5/cook?step=2" } }),
      ),
    );
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("speaks German in the tray", async () => {
    await act(() => activate("de"));
    vi.stubGlobal("Notification", undefined);
    cook();
    (await screen.findByRole("button", { name: "Timer starten: 10 minutes" })).click();
    const tray = await screen.findByRole("region", { name: "Timer" });
    expect(tray).toHaveTextContent("Schritt 1: 10 minutes");
    expect(screen.getByRole("button", { name: "Schritt 1: 10 minutes anhalten" })).toBeVisible();
  });
});
