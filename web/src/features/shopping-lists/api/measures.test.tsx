/**
 * A list in the person's measures (issue 39): it is read with `?units=&lang=` (the account's units,
 * else the device's, in the app's language) beside the store choice, read again whenever those
 * change, and what arrives with amounts as written (live messages, the item routes' answers, whole
 * lists answered by the list routes) never leaves an amount as written among converted ones.
 */
import { onlineManager, QueryClient, QueryClientProvider, QueryObserver } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { accountQueries } from "../../../lib/api/users.ts";
import { auth } from "../../../lib/auth.ts";
import { signInAs } from "../../../lib/testing.tsx";
import type { Item, ShoppingList } from "../lib/list.ts";
import { listItem } from "../lib/test-items.ts";
import { applyListChange } from "./live-lists.ts";
import { useAddRecipe } from "./mutations.ts";
import { ADD_KEY, CHECK_KEY, registerShoppingListMutations } from "./offline-queue.ts";
import { readAgainInOtherMeasures, shoppingListQueries } from "./queries.ts";
import { chooseStore } from "./store-choice.ts";

const ME = 1;
const LIST_ID = 9;
const sam = { user_id: 2, username: "sam" };
const { queryKey } = shoppingListQueries.detail(LIST_ID);

const account = (units: "as_written" | "metric" | "us"): Schemas["UserRead"] => ({
  id: ME,
  username: "me",
  units,
  img: null,
  preview_img: null,
  created_at: "2030-01-01T00:00:00.000Z",
});

/** Flour, 200 g, as the recipe wrote it (`1 1/2 cups`) or in metric; milk, free text, in cups or ml. */
const flour = (extra: Partial<Item> = {}): Item => listItem({ recipe_ids: [5], updated_by: sam, ...extra });
const milk = (extra: Partial<Item> = {}): Item =>
  flour({
    id: 2,
    ingredient_id: null,
    name: "milk",
    amount_grams: null,
    amount_readable: "2 cups",
    ...extra,
  });

/** The list as the API reads it in `units` (none: as written). */
function listIn(units: string | undefined, items: Item[] = [flour(), milk()]): ShoppingList {
  const metric = units === "metric";
  return {
    id: LIST_ID,
    user_id: ME,
    name: "Saturday",
    store_id: null,
    household_id: 4,
    created_at: "2030-01-01T00:00:00.000Z",
    updated_at: "2030-01-01T00:00:00.000Z",
    recipes: [],
    sections: [
      {
        shelf: null,
        items: items.map((i) => (metric ? { ...i, amount_readable: i.id === 1 ? "200 g" : "475 ml" } : i)),
      },
    ],
  };
}

const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) }) as never;

/** The query of each read of the list the app sent. */
let reads: Record<string, unknown>[];
let client: QueryClient;

beforeEach(() => {
  signInAs(ME);
  reads = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(api, "GET").mockImplementation((async (path: string, init: { params?: { query?: object } }) => {
    const query = { ...init.params?.query } as Record<string, unknown>;
    if (path === "/api/v1/shopping-lists/{list_id}") {
      reads.push(query);
      return ok(listIn(query.units as string | undefined));
    }
    return ok({ items: [], next_cursor: null });
  }) as never);
});

afterEach(async () => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  client.clear();
  auth.signOut();
  await act(() => activate("en"));
});

const readNow = () => client.fetchQuery({ ...shoppingListQueries.detail(LIST_ID), staleTime: 0 });
const flourNow = () => client.getQueryData(queryKey)?.sections[0]?.items.find((i) => i.id === 1);
const amounts = () =>
  client.getQueryData(queryKey)?.sections.flatMap((s) => s.items.map((i) => i.amount_readable));

describe("a list is read", () => {
  it("with the account's units in the app's language, beside the store this device chose", async () => {
    client.setQueryData(accountQueries.me(ME).queryKey, account("metric"));
    await readNow();
    expect(reads.at(-1)).toEqual({ units: "metric", lang: "en" });
    expect(amounts()).toEqual(["200 g", "475 ml"]);
    chooseStore(LIST_ID, 3);
    await readNow();
    expect(reads.at(-1)).toEqual({ store_id: 3, units: "metric", lang: "en" });
  });

  it("as written when the person reads amounts so, or with this device's units before the account is read", async () => {
    client.setQueryData(accountQueries.me(ME).queryKey, account("as_written"));
    await readNow();
    expect(reads.at(-1)).toEqual({});
    client.removeQueries({ queryKey: accountQueries.all });
    localStorage.setItem("recipes.units", "us");
    await readNow();
    expect(reads.at(-1)).toEqual({ units: "us", lang: "en" });
  });

  it("again when the measures change, wherever they change: the account's, the language; not for nothing", async () => {
    readAgainInOtherMeasures(client);
    client.setQueryData(accountQueries.me(ME).queryKey, account("as_written"));
    const observer = new QueryObserver(client, shoppingListQueries.detail(LIST_ID));
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toEqual([{}]));

    // The account answers with Metric (saved here, or read after another device chose it).
    client.setQueryData(accountQueries.me(ME).queryKey, account("metric"));
    await vi.waitFor(() => expect(reads).toEqual([{}, { units: "metric", lang: "en" }]));
    await vi.waitFor(() => expect(amounts()).toEqual(["200 g", "475 ml"]));

    // The account read again, the same units: nothing to read.
    client.setQueryData(accountQueries.me(ME).queryKey, { ...account("metric"), username: "me2" });
    await act(() => activate("de"));
    await vi.waitFor(() => expect(reads.at(-1)).toEqual({ units: "metric", lang: "de" }));
    expect(reads).toHaveLength(3);
    stop();
  });
});

describe("in metric, what comes with amounts as written", () => {
  beforeEach(async () => {
    client.setQueryData(accountQueries.me(ME).queryKey, account("metric"));
    await readNow();
  });
  const isInvalidated = () => client.getQueryState(queryKey)?.isInvalidated;

  it("a live tick is taken at once, with the amount in grams; no read", () => {
    applyListChange(
      client,
      { type: "item", list_id: LIST_ID, item: flour({ checked: true, version: 2 }) },
      ME,
    );
    expect(flourNow()).toMatchObject({
      checked: true,
      version: 2,
      amount_readable: "200 g",
    });
    expect(isInvalidated()).toBe(false);
  });

  it("a live change of an amount is not taken as written: the list is read again in metric", async () => {
    // A recipe added elsewhere: more flour.
    applyListChange(
      client,
      {
        type: "item",
        list_id: LIST_ID,
        item: flour({ amount_grams: 400, amount_readable: "3 cups", version: 2 }),
      },
      ME,
    );
    expect(amounts()).toEqual(["200 g", "475 ml"]);
    expect(isInvalidated()).toBe(true);
    // Free text given another amount: only the version tells, and it is no tick.
    applyListChange(
      client,
      { type: "item", list_id: LIST_ID, item: milk({ amount_readable: "1 l", version: 2 }) },
      ME,
    );
    expect(amounts()).toEqual(["200 g", "475 ml"]);
    await readNow();
    expect(reads.at(-1)).toEqual({ units: "metric", lang: "en" });
  });

  it("the echo of the person's own tick on its way is a tick too, though the cache shows it already", async () => {
    onlineManager.setOnline(false);
    registerShoppingListMutations(client);
    const mutation = client.getMutationCache().build(client, {
      mutationKey: CHECK_KEY,
      scope: { id: `shopping-list-${LIST_ID}` },
    });
    const seen = { version: 1, checked: false, amount_grams: 200, amount_readable: "200 g" };
    void mutation
      .execute({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour", seen, madeAt: Date.now() })
      .catch(() => undefined);
    await vi.waitFor(() => expect(flourNow()?.checked).toBe(true));
    const echo = flour({ checked: true, version: 2, updated_by: { user_id: ME, username: "me" } });
    applyListChange(client, { type: "item", list_id: LIST_ID, item: echo }, ME);
    expect(flourNow()).toMatchObject({
      version: 2,
      amount_readable: "200 g",
    });
    expect(isInvalidated()).toBe(false);
  });

  it("the answer of the person's tick keeps the amount in grams; an addition's answer has the list read", async () => {
    registerShoppingListMutations(client);
    vi.spyOn(api, "PUT").mockImplementation((async () =>
      ok(flour({ checked: true, version: 2, updated_by: { user_id: ME, username: "me" } }))) as never);
    vi.spyOn(api, "POST").mockImplementation((async () =>
      ok(milk({ id: 7, name: "kitchen roll", amount_readable: "2 rolls", version: 1 }))) as never);
    const seen = { version: 1, checked: false, amount_grams: 200, amount_readable: "200 g" };
    await client
      .getMutationCache()
      .build(client, { mutationKey: CHECK_KEY })
      .execute({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour", seen, madeAt: Date.now() });
    expect(flourNow()).toMatchObject({
      checked: true,
      version: 2,
      amount_readable: "200 g",
    });
    const before = reads.length;
    await client
      .getMutationCache()
      .build(client, { mutationKey: ADD_KEY })
      .execute({ listId: LIST_ID, tempId: -3, body: { name: "kitchen roll", amount_readable: "2 rolls" } });
    expect(isInvalidated()).toBe(true);
    expect(amounts()).toEqual(["475 ml", "200 g"]); // no line as written meanwhile
    await readNow();
    expect(reads.length).toBeGreaterThan(before);
  });

  it("a whole list answered by a list route (a recipe added) is read again in metric, not put as written", async () => {
    vi.spyOn(api, "POST").mockImplementation((async () =>
      ok(listIn(undefined, [flour({ amount_grams: 400, amount_readable: "3 cups", version: 2 })]))) as never);
    const { result } = renderHook(() => useAddRecipe(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await act(() => result.current.mutateAsync({ listId: LIST_ID, recipe_id: 5 }));
    expect(amounts()).toEqual(["200 g", "475 ml"]);
    expect(isInvalidated()).toBe(true);
  });
});
