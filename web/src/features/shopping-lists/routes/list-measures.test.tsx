/**
 * The shopping list's page in the person's measures (issue 39): the list is read with the account's
 * units and the app's language, and the page's As written · Metric · US switch (the recipe page's)
 * saves the choice on the account and has the list read again in it. The API is a stub of
 * `api.GET`/`api.PUT`; IndexedDB (idb-keyval, the kept cache) a map; the live connection is off.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { stopKeepingOffline } from "../../../lib/offline.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import type { Item, ShoppingList } from "../lib/list.ts";
import { listItem } from "../lib/test-items.ts";
import { ShoppingListPage } from "./list.tsx";

vi.mock("idb-keyval", () => ({
  get: async () => undefined,
  set: async () => undefined,
  del: async () => undefined,
}));
vi.mock("../api/live-lists.ts", async (original) => ({
  ...(await original<typeof import("../api/live-lists.ts")>()),
  useLiveList: () => "off",
}));

const ME = 1;
const LIST_ID = 9;

const flour: Item = listItem();

/** The list as the API reads it: in metric the flour is weighed. */
const listIn = (units: string | undefined): ShoppingList => ({
  id: LIST_ID,
  user_id: ME,
  name: "Saturday",
  store_id: null,
  household_id: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections: [
    { shelf: null, items: [{ ...flour, amount_readable: units === "metric" ? "200 g" : "1 1/2 cups" }] },
  ],
});

const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) }) as never;

/** The account's units on the server, and the query of each read of the list. */
let saved: Schemas["UserRead"]["units"];
let reads: Record<string, unknown>[];
const me = (): Schemas["UserRead"] => ({
  id: ME,
  username: "me",
  units: saved,
  img: null,
  preview_img: null,
  created_at: "2030-01-01T00:00:00.000Z",
});

beforeEach(() => {
  signInAs(ME);
  saved = "as_written";
  reads = [];
  vi.spyOn(api, "GET").mockImplementation((async (path: string, init: { params?: { query?: object } }) => {
    if (path === "/api/v1/users/me") return ok(me());
    if (path === "/api/v1/shopping-lists/{list_id}") {
      const query = { ...init.params?.query } as Record<string, unknown>;
      reads.push(query);
      return ok(listIn(query.units as string | undefined));
    }
    return ok({ items: [], next_cursor: null });
  }) as never);
  vi.spyOn(api, "PUT").mockImplementation((async (path: string, init: { body: { units?: typeof saved } }) => {
    if (path !== "/api/v1/users/preferences") throw new Error(`Unexpected PUT ${path}`);
    saved = init.body.units ?? saved;
    return ok(me());
  }) as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  stopKeepingOffline();
  auth.signOut();
});

describe("the shopping list's page", () => {
  it("reads the list in the account's measures, and again in those chosen with its switch", async () => {
    saved = "metric";
    renderInApp(<ShoppingListPage />, { path: "/lists/$listId", url: `/lists/${LIST_ID}` });
    expect(await screen.findByText("200 g", { selector: ".sl-readable" })).toBeVisible();
    expect(reads.at(-1)).toEqual({ units: "metric", lang: "en" });
    expect(screen.getByRole("radio", { name: "Metric" })).toBeChecked();

    fireEvent.click(screen.getByRole("radio", { name: "As written" }));
    expect(await screen.findByText("1 1/2 cups", { selector: ".sl-readable" })).toBeVisible();
    expect(saved).toBe("as_written");
    expect(reads.at(-1)).toEqual({});

    fireEvent.click(screen.getByRole("radio", { name: "Metric" }));
    expect(await screen.findByText("200 g", { selector: ".sl-readable" })).toBeVisible();
    await waitFor(() => expect(reads.at(-1)).toEqual({ units: "metric", lang: "en" }));
  });
});
