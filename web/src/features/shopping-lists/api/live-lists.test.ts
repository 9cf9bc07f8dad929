/**
 * What a live message does to the cached list, and that it never undoes a change of the person's
 * own still waiting to be sent.
 */
import { onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Item, ShoppingList } from "../lib/list.ts";
import { applyListChange } from "./live-lists.ts";
import type { AddItem, CheckItem } from "./offline-queue.ts";
import { shoppingListQueries } from "./queries.ts";
import { pendingChanges, withWaiting } from "./waiting-changes.ts";

const ME = 1;
const sam = { user_id: 2, username: "sam" };
const item = (id: number, name: string, extra: Partial<Item> = {}): Item => ({
  id,
  ingredient_id: null,
  name,
  amount_grams: null,
  amount_readable: "",
  checked: false,
  checked_at: null,
  grams_per_piece: null,
  recipe_ids: [],
  version: 1,
  updated_by: sam,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  ...extra,
});
const LIST_ID = 9;
const shelf = { id: 3, name: "Aisle 4: baking", position: 0 };
const list: ShoppingList = {
  id: LIST_ID,
  user_id: ME,
  name: "Saturday",
  store_id: 1,
  household_id: 4,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections: [
    { shelf, items: [item(1, "Flour", { ingredient_id: 11 }), item(2, "Eggs", { ingredient_id: 12 })] },
    { shelf: null, items: [item(3, "batteries")] },
  ],
};
const { queryKey } = shoppingListQueries.detail(LIST_ID);

let client: QueryClient;

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData(queryKey, list);
});

afterEach(() => {
  onlineManager.setOnline(true);
  client.clear();
});

const shown = (l: ShoppingList | undefined) =>
  l?.sections.map((s) => s.items.map((i) => `${i.name}${i.checked ? "✓" : ""}`));
const cached = () => client.getQueryData(queryKey);

describe("a live message", () => {
  it("an item changed elsewhere: the cached list has it at once, no read", () => {
    applyListChange(
      client,
      {
        type: "item",
        list_id: LIST_ID,
        item: item(1, "Flour", { ingredient_id: 11, checked: true, version: 2 }),
      },
      ME,
    );
    expect(shown(cached())).toEqual([["Eggs", "Flour✓"], ["batteries"]]);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(false);
  });

  it("an older copy than the cached one changes nothing", () => {
    client.setQueryData(queryKey, {
      ...list,
      sections: [{ shelf, items: [item(1, "Flour", { checked: true, version: 5 })] }],
    });
    const before = cached();
    applyListChange(client, { type: "item", list_id: LIST_ID, item: item(1, "Flour", { version: 4 }) }, ME);
    expect(cached()).toBe(before);
  });

  it("an item added elsewhere has the list read again, not taken as it comes (a late copy of one deleted meanwhile must not return)", () => {
    applyListChange(client, { type: "item", list_id: LIST_ID, item: item(20, "kitchen roll") }, ME);
    expect(shown(cached())).toEqual([["Flour", "Eggs"], ["batteries"]]);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });

  it("an item removed elsewhere goes; a change of the list itself has it read again", () => {
    applyListChange(client, { type: "item_removed", list_id: LIST_ID, item_id: 2 }, ME);
    expect(shown(cached())).toEqual([["Flour"], ["batteries"]]);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(false);
    applyListChange(client, { type: "list", list_id: LIST_ID, deleted: false }, ME);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });

  it("of a list not on this device changes nothing (its screen reads it when it opens)", () => {
    applyListChange(client, { type: "item", list_id: 77, item: item(1, "Flour") }, ME);
    expect(client.getQueryData(shoppingListQueries.detail(77).queryKey)).toBeUndefined();
  });

  it("arriving while a read is on its way starts the read again: that read may predate the change", async () => {
    let answer: (l: ShoppingList) => void = () => undefined;
    const options = {
      queryKey,
      queryFn: () =>
        new Promise<ShoppingList>((resolve) => {
          answer = resolve;
        }),
    };
    const fetching = client.fetchQuery({ ...options, staleTime: 0 }).catch(() => undefined);
    expect(client.getQueryState(queryKey)?.fetchStatus).toBe("fetching");
    const spy = vi.spyOn(client, "invalidateQueries");
    applyListChange(
      client,
      {
        type: "item",
        list_id: LIST_ID,
        item: item(1, "Flour", { ingredient_id: 11, checked: true, version: 2 }),
      },
      ME,
    );
    expect(spy).toHaveBeenCalledWith({ queryKey });
    answer(list);
    await fetching;
  });
});

describe("the person's own changes waiting to be sent", () => {
  /** A change made offline: a paused mutation, as the list's hooks make them. */
  function waitingChange(key: "check-item" | "add-item", variables: CheckItem | AddItem) {
    onlineManager.setOnline(false);
    const mutation = client.getMutationCache().build(client, {
      mutationKey: ["shopping-lists", key],
      mutationFn: () => new Promise(() => undefined),
      scope: { id: `shopping-list-${LIST_ID}` },
    });
    void mutation.execute(variables).catch(() => undefined);
  }

  it("stay on top: someone else unticking Flour after the person ticked it offline leaves it ticked on their screen", async () => {
    waitingChange("check-item", { listId: LIST_ID, itemId: 1, checked: true });
    await vi.waitFor(() => expect(pendingChanges(client, LIST_ID)).toHaveLength(1));
    applyListChange(
      client,
      {
        type: "item",
        list_id: LIST_ID,
        item: item(1, "Flour", { ingredient_id: 11, checked: false, version: 3, amount_readable: "1 kg" }),
      },
      ME,
    );
    const screen = withWaiting(cached() as ShoppingList, pendingChanges(client, LIST_ID));
    const flour = screen.sections[0]?.items.find((i) => i.id === 1);
    // The other person's amount shows, the person's own tick stays, and it is not "ticked by sam".
    expect(flour).toMatchObject({ checked: true, amount_readable: "1 kg", updated_by: null });
  });

  it("an own addition on its way is not shown twice when its live echo comes before its answer", async () => {
    waitingChange("add-item", {
      listId: LIST_ID,
      tempId: -5,
      body: { name: "Kitchen roll", client_id: crypto.randomUUID() },
    });
    await vi.waitFor(() => expect(pendingChanges(client, LIST_ID)).toHaveLength(1));
    const echo = item(20, "kitchen roll", { updated_by: { user_id: ME, username: "me" } });
    applyListChange(client, { type: "item", list_id: LIST_ID, item: echo }, ME);
    const screen = withWaiting(cached() as ShoppingList, pendingChanges(client, LIST_ID));
    expect(shown(screen)).toEqual([
      ["Flour", "Eggs"],
      ["batteries", "Kitchen roll"],
    ]);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(false);
    // Someone else's kitchen roll is theirs: the list is read to show it.
    applyListChange(client, { type: "item", list_id: LIST_ID, item: item(21, "kitchen roll") }, ME);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});
