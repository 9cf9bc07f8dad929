import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import type { CookedEntry } from "../api/queries.ts";
import { CookedPage } from "./cooked.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

// jsdom has no <dialog> methods.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

const entry = (changes: Partial<CookedEntry>): CookedEntry => ({
  id: 1,
  recipe_id: 5,
  user_id: 1,
  date: "2026-11-26",
  servings: 4,
  note: "",
  household_id: null,
  title: "Bread",
  preview_img: null,
  created_at: "2026-11-26T18:00:00Z",
  updated_at: "2026-11-26T18:00:00Z",
  ...changes,
});

const smiths = makeHousehold({
  id: 3,
  name: "Smiths",
  members: [
    { id: 1, name: "anna" },
    { id: 2, name: "bob" },
  ],
});
const ok = (data: unknown, status = 200) =>
  Promise.resolve({ data, response: new Response(null, { status }) });

describe("CookedPage", () => {
  it("lists the log with day, recipe, servings, note and whose; Remove (confirmed) only for one's own", async () => {
    signInAs(1);
    const log = [
      entry({ id: 2, note: "Less salt next time", household_id: 3 }),
      entry({
        id: 1,
        recipe_id: 6,
        title: "Soup",
        user_id: 2,
        household_id: 3,
        servings: null,
        date: "2026-11-20",
      }),
    ];
    const get = vi
      .spyOn(api, "GET")
      .mockImplementation(((path: string) =>
        path === "/api/v1/households"
          ? ok({ items: [smiths], next_cursor: null })
          : ok({ items: log, next_cursor: null })) as never);
    const remove = vi.spyOn(api, "DELETE").mockImplementation((() => ok(undefined, 204)) as never);
    renderInApp(<CookedPage />, { path: "/cooked" });

    const bread = await screen.findByRole("article", { name: "Bread, Thursday, 26 November 2026" });
    expect(within(bread).getByRole("link", { name: "Bread" })).toHaveAttribute("href", "/recipes/5");
    expect(within(bread).getByText("Less salt next time")).toBeVisible();
    await waitFor(() =>
      expect(bread).toHaveTextContent("Thursday, 26 November 2026 · 4 servings · Shared with Smiths"),
    );
    const soup = screen.getByRole("article", { name: "Soup, Friday, 20 November 2026" });
    expect(soup).toHaveTextContent("Friday, 20 November 2026 · Shared with Smiths · made by bob");
    expect(within(soup).queryByRole("button")).toBeNull(); // bob's: not hers to remove

    fireEvent.click(
      within(bread).getByRole("button", { name: "Remove Bread of Thursday, 26 November 2026" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Take this out of the log?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith("/api/v1/cooked/{cooked_id}", {
        params: { path: { cooked_id: 2 } },
      }),
    );
    // The log is read again.
    await waitFor(() =>
      expect(get.mock.calls.filter((call) => (call as unknown[])[0] === "/api/v1/cooked").length).toBe(2),
    );
  });

  it("says so when nothing was cooked yet", async () => {
    signInAs(1);
    vi.spyOn(api, "GET").mockImplementation((() => ok({ items: [], next_cursor: null })) as never);
    renderInApp(<CookedPage />, { path: "/cooked" });
    expect(await screen.findByRole("heading", { name: /^Nothing noted yet\./ })).toBeVisible();
  });
});
