/**
 * The store a device walks a list in is the device's (issue 36): picking one keeps it in
 * localStorage for that list and reads the list with `?store_id=`, and never PUTs the list, so nobody
 * else's screen re-sorts; without a choice the list's own store is walked; the device can go back to
 * it, or make its choice the list's store for everyone. Answers with the whole list (walked in the
 * list's own store) do not re-sort a device that walks another.
 */
import { QueryClient, useQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import { api } from "../../../lib/api/client.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { StorePicker, useReadAgainOnChoice } from "../components/store-picker.tsx";
import { type Item, inOneSection, listAsText, type ShoppingList } from "../lib/list.ts";
import { useUpdateList } from "./mutations.ts";
import { registerShoppingListMutations } from "./offline-queue.ts";
import { shoppingListQueries } from "./queries.ts";
import { chooseStore, chosenStore, forgetStoreChoice, useStoreChoice } from "./store-choice.ts";

const LIST_ID = 9;
const RIVERSIDE = 3;
const CORNER = 4;

const item = (id: number, name: string, checked = false): Item => ({
  id,
  ingredient_id: id,
  name,
  amount_grams: null,
  amount_readable: "",
  checked,
  checked_at: null,
  grams_per_piece: null,
  recipe_ids: [],
  version: 1,
  updated_by: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
});

const shelf = (id: number, name: string) => ({ id, name, position: id });

/** The list as the API walks it: Riverside (its own store) has eggs first, the Corner shop flour first. */
function walked(storeId: number | null, over: Partial<ShoppingList> = {}): ShoppingList {
  const eggs = item(1, "Eggs");
  const flour = item(2, "Flour");
  const roll = item(3, "Kitchen roll");
  const butter = item(4, "Butter", true);
  const sections: ShoppingList["sections"] =
    storeId === RIVERSIDE
      ? [
          { shelf: shelf(10, "Dairy"), items: [eggs, butter] },
          { shelf: shelf(11, "Baking"), items: [flour] },
          { shelf: null, items: [roll] },
        ]
      : storeId === CORNER
        ? [
            { shelf: shelf(20, "Aisle 1"), items: [flour] },
            { shelf: shelf(21, "Aisle 2"), items: [eggs, butter] },
            { shelf: null, items: [roll] },
          ]
        : [{ shelf: null, items: [eggs, flour, roll, butter] }];
  return {
    id: LIST_ID,
    user_id: 1,
    name: "Saturday",
    store_id: RIVERSIDE,
    household_id: 4,
    created_at: "2030-01-01T00:00:00.000Z",
    updated_at: "2030-01-01T00:00:00.000Z",
    recipes: [],
    sections,
    ...over,
  };
}

const shelvesOf = (list: ShoppingList | undefined) => list?.sections.map((s) => s.shelf?.name ?? "-");
const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) }) as never;

/** The reads of the list the app sent: the `?store_id=` of each (undefined: none). */
let reads: (number | undefined)[];
let unknownStores: Set<number>;
/** The list's own store on the server. */
let ownStore: number;

beforeEach(() => {
  signInAs(1);
  reads = [];
  unknownStores = new Set();
  ownStore = RIVERSIDE;
  vi.spyOn(api, "GET").mockImplementation((async (path: string, init: { params?: { query?: object } }) => {
    const storeId = (init.params?.query as { store_id?: number } | undefined)?.store_id;
    if (path === "/api/v1/shopping-lists/{list_id}") {
      reads.push(storeId);
      if (storeId !== undefined && unknownStores.has(storeId)) {
        return {
          error: {
            type: "about:blank",
            title: "Unprocessable",
            status: 422,
            detail: "Store ID 4 was not found.",
          },
          response: new Response(null, { status: 422 }),
        };
      }
      return ok(walked(storeId ?? ownStore, { store_id: ownStore }));
    }
    return ok({ items: [], next_cursor: null });
  }) as never);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the device's choice", () => {
  it("is kept per list; none means the list's own store; garbage is no choice", () => {
    expect(chosenStore(LIST_ID)).toBeUndefined();
    chooseStore(LIST_ID, CORNER);
    expect(chosenStore(LIST_ID)).toBe(CORNER);
    expect(chosenStore(LIST_ID + 1)).toBeUndefined();
    chooseStore(LIST_ID, null);
    expect(chosenStore(LIST_ID)).toBeNull();
    forgetStoreChoice(LIST_ID);
    expect(chosenStore(LIST_ID)).toBeUndefined();
    localStorage.setItem(`recipes.list-store.${LIST_ID}`, "{not json");
    expect(chosenStore(LIST_ID)).toBeUndefined();
    localStorage.setItem(`recipes.list-store.${LIST_ID}`, JSON.stringify({ store_id: -3 }));
    expect(chosenStore(LIST_ID)).toBeUndefined();
  });
});

describe("reading the list", () => {
  it("walks the list's own store without a choice (no ?store_id=), and the device's store with one", async () => {
    const client = new QueryClient();
    const first = await client.fetchQuery(shoppingListQueries.detail(LIST_ID));
    expect(reads).toEqual([undefined]);
    expect(shelvesOf(first)).toEqual(["Dairy", "Baking", "-"]);
    chooseStore(LIST_ID, CORNER);
    await client.invalidateQueries({ queryKey: shoppingListQueries.detail(LIST_ID).queryKey });
    const second = await client.fetchQuery(shoppingListQueries.detail(LIST_ID));
    expect(reads.at(-1)).toBe(CORNER);
    expect(shelvesOf(second)).toEqual(["Aisle 1", "Aisle 2", "-"]);
    expect(second.store_id).toBe(RIVERSIDE); // the list's own store did not change
  });

  it("with no store chosen while the list has one: one section, unchecked first, then by name", async () => {
    chooseStore(LIST_ID, null);
    const list = await new QueryClient().fetchQuery(shoppingListQueries.detail(LIST_ID));
    expect(reads).toEqual([undefined]);
    expect(list.sections).toHaveLength(1);
    expect(list.sections[0]?.shelf).toBeNull();
    expect(list.sections[0]?.items.map((i) => i.name)).toEqual(["Eggs", "Flour", "Kitchen roll", "Butter"]);
    expect(listAsText(list)).toContain("\nTo buy\n");
    expect(listAsText(walked(RIVERSIDE))).toContain("\nElsewhere\n");
    const plain = walked(null);
    expect(inOneSection(plain)).toBe(plain);
  });

  it("a store chosen that was deleted since (422) is forgotten: the list's own store is walked", async () => {
    chooseStore(LIST_ID, CORNER);
    unknownStores.add(CORNER);
    const list = await new QueryClient().fetchQuery(shoppingListQueries.detail(LIST_ID));
    expect(reads).toEqual([CORNER, undefined]);
    expect(shelvesOf(list)).toEqual(["Dairy", "Baking", "-"]);
    expect(chosenStore(LIST_ID)).toBeUndefined();
  });
});

/** A client with the list read as this device walks it and the stores known. */
async function clientWithList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerShoppingListMutations(client);
  client.setQueryData(storeQueries.list().queryKey, {
    pages: [
      {
        items: [
          { id: RIVERSIDE, name: "Riverside Market" },
          { id: CORNER, name: "Corner shop" },
        ],
        next_cursor: null,
      },
    ],
    pageParams: [undefined],
  } as never);
  client.setQueryDefaults(storeQueries.list().queryKey, { staleTime: Number.POSITIVE_INFINITY });
  await client.fetchQuery(shoppingListQueries.detail(LIST_ID));
  return client;
}

/** The picker as the list's screen has it: the list from the cache, read again when the choice changes. */
function Picker({ client }: { client: QueryClient }) {
  const choice = useStoreChoice(LIST_ID);
  useReadAgainOnChoice(LIST_ID, choice);
  const { data: list } = useQuery(shoppingListQueries.detail(LIST_ID), client);
  return list ? <StorePicker list={list} choice={choice} /> : null;
}

describe("the store picker", () => {
  it("picking a store is this device's choice: no PUT, the list read with ?store_id=; back to the list's store", async () => {
    const client = await clientWithList();
    const put = vi.spyOn(api, "PUT");
    renderInApp(<Picker client={client} />, { queryClient: client });
    const select = await screen.findByLabelText("Store you are in");
    expect(select).toHaveDisplayValue("Riverside Market");
    expect(select).toHaveAccessibleDescription(
      "The list's own store. Another you pick orders the list on this device only.",
    );
    expect(screen.queryByRole("button", { name: "Back to the list's store" })).toBeNull();

    fireEvent.change(select, { target: { value: String(CORNER) } });
    expect(chosenStore(LIST_ID)).toBe(CORNER);
    await waitFor(() => expect(reads.at(-1)).toBe(CORNER));
    await waitFor(() =>
      expect(shelvesOf(client.getQueryData(shoppingListQueries.detail(LIST_ID).queryKey))).toEqual([
        "Aisle 1",
        "Aisle 2",
        "-",
      ]),
    );
    expect(put).not.toHaveBeenCalled();
    expect(await screen.findByLabelText("Store you are in")).toHaveDisplayValue("Corner shop");
    expect(select).toHaveAccessibleDescription(
      "On this device only: the list's own store is Riverside Market.",
    );

    fireEvent.click(screen.getByRole("button", { name: "Back to the list's store" }));
    expect(chosenStore(LIST_ID)).toBeUndefined();
    await waitFor(() => expect(reads.at(-1)).toBeUndefined());
    await waitFor(() => expect(select).toHaveDisplayValue("Riverside Market"));
    expect(put).not.toHaveBeenCalled();
  });

  it("picking the list's own store is no choice: the device follows the list again", async () => {
    const client = await clientWithList();
    chooseStore(LIST_ID, CORNER);
    renderInApp(<Picker client={client} />, { queryClient: client });
    fireEvent.change(await screen.findByLabelText("Store you are in"), {
      target: { value: String(RIVERSIDE) },
    });
    expect(chosenStore(LIST_ID)).toBeUndefined();
    expect(localStorage.getItem(`recipes.list-store.${LIST_ID}`)).toBeNull();
  });

  it("“Make it the list's store” sets it for everyone (PUT store_id), and the device follows the list again", async () => {
    const client = await clientWithList();
    chooseStore(LIST_ID, CORNER);
    const put = vi.spyOn(api, "PUT").mockImplementation((async () => {
      ownStore = CORNER;
      return ok(walked(CORNER, { store_id: CORNER }));
    }) as never);
    renderInApp(<Picker client={client} />, { queryClient: client });
    fireEvent.click(await screen.findByRole("button", { name: "Make it the list's store" }));
    await waitFor(() => expect(chosenStore(LIST_ID)).toBeUndefined());
    expect(put).toHaveBeenCalledWith(
      "/api/v1/shopping-lists/{list_id}",
      expect.objectContaining({ body: { store_id: CORNER } }),
    );
    const key = shoppingListQueries.detail(LIST_ID).queryKey;
    await waitFor(() => expect(client.getQueryData(key)?.store_id).toBe(CORNER));
    expect(shelvesOf(client.getQueryData(key))).toEqual(["Aisle 1", "Aisle 2", "-"]);
    expect(reads.at(-1)).toBeUndefined(); // the list's own store, now the Corner shop
    expect(screen.queryByRole("button", { name: "Back to the list's store" })).toBeNull();
  });
});

/** Renames the list (a PUT answered with the whole list). */
function Rename() {
  useQuery(shoppingListQueries.detail(LIST_ID)); // the list's screen, open
  const update = useUpdateList(LIST_ID);
  return (
    <button type="button" onClick={() => update.mutate({ name: "Sunday" })}>
      Rename
    </button>
  );
}

describe("answers with the whole list", () => {
  it("walked in the list's own store do not re-sort a device that walks another: it reads the list in its store", async () => {
    chooseStore(LIST_ID, CORNER);
    const client = await clientWithList();
    const key = shoppingListQueries.detail(LIST_ID).queryKey;
    expect(shelvesOf(client.getQueryData(key))).toEqual(["Aisle 1", "Aisle 2", "-"]);
    // The list renamed on this device: the PUT answers it walked in Riverside, the list's own store.
    vi.spyOn(api, "PUT").mockResolvedValue(ok(walked(RIVERSIDE, { name: "Sunday" })));
    renderInApp(<Rename />, { queryClient: client });
    const before = reads.length;
    fireEvent.click(await screen.findByRole("button", { name: "Rename" }));
    await waitFor(() => expect(reads.length).toBe(before + 1));
    expect(reads.at(-1)).toBe(CORNER);
    // Never in the list's own store's order meanwhile.
    expect(shelvesOf(client.getQueryData(key))).toEqual(["Aisle 1", "Aisle 2", "-"]);
  });

  it("without a choice they go straight into the cache", async () => {
    const client = await clientWithList();
    vi.spyOn(api, "PUT").mockResolvedValue(ok(walked(RIVERSIDE, { name: "Sunday" })));
    renderInApp(<Rename />, { queryClient: client });
    const before = reads.length;
    fireEvent.click(await screen.findByRole("button", { name: "Rename" }));
    await waitFor(() =>
      expect(client.getQueryData(shoppingListQueries.detail(LIST_ID).queryKey)?.name).toBe("Sunday"),
    );
    expect(reads.length).toBe(before);
  });
});
