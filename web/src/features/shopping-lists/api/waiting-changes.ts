/**
 * The offline changes of a list still waiting to be answered (offline-queue.ts sends them): which
 * they are, in order, the list as the person should see it with them applied on top, and how the
 * notice of changes not sent names each.
 */
import { type Mutation, type QueryClient, useMutationState } from "@tanstack/react-query";
import { useMemo } from "react";
import { t } from "../../../i18n/index.ts";
import type { WaitingChange } from "../../../lib/offline.ts";
import { type Item, type ShoppingList, withoutItem } from "../lib/list.ts";
import { withOwnCheck } from "../lib/live-list.ts";
import {
  ADD_KEY,
  type AddItem,
  CHECK_KEY,
  type CheckItem,
  cachedName,
  REMOVE_KEY,
  type RemoveItem,
  withAdded,
} from "./offline-queue.ts";
import { shoppingListQueries } from "./queries.ts";

/**
 * What a waiting change does, as the notice of changes not sent lists it (lib/offline.ts):
 * "ticked “Flour”", "added “kitchen roll”", "removed “Eggs”".
 */
export function describeChange(queryClient: QueryClient, { mutationKey, variables }: WaitingChange): string {
  const change = variables as Partial<CheckItem & AddItem & RemoveItem> | undefined;
  const itemName = () =>
    change?.name ??
    (change?.listId !== undefined && change.itemId !== undefined
      ? cachedName(queryClient, change.listId, change.itemId)
      : undefined);
  switch (mutationKey?.[1]) {
    case CHECK_KEY[1]: {
      const name = itemName();
      if (change?.checked === false)
        return name
          ? t("shopping-lists.waitingUnticked", { name })
          : t("shopping-lists.waitingUntickedUnnamed");
      return name ? t("shopping-lists.waitingTicked", { name }) : t("shopping-lists.waitingTickedUnnamed");
    }
    case ADD_KEY[1]: {
      const name = change?.body?.name;
      return name ? t("shopping-lists.waitingAdded", { name }) : t("shopping-lists.waitingAddedUnnamed");
    }
    case REMOVE_KEY[1]: {
      const name = itemName();
      return name ? t("shopping-lists.waitingRemoved", { name }) : t("shopping-lists.waitingRemovedUnnamed");
    }
    default:
      return t("shopping-lists.waitingOther");
  }
}

/** Whether an item the API reports is the one an addition makes (or adds to). */
export function isAddOf({ body }: AddItem, item: Item): boolean {
  if (body.ingredient_id !== undefined) return item.ingredient_id === body.ingredient_id;
  return item.ingredient_id === null && item.name.trim().toLowerCase() === body.name?.trim().toLowerCase();
}

type Waiting =
  | { key: "check"; change: CheckItem }
  | { key: "add"; change: AddItem }
  | { key: "remove"; change: RemoveItem };

/** A waiting change of the list `listId`, or null for any other mutation. */
function waitingOf(mutation: Mutation<unknown, Error, unknown, unknown>, listId: number): Waiting | null {
  const key = mutation.options.mutationKey?.[1];
  const change = mutation.state.variables as { listId?: number } | undefined;
  if (change?.listId !== listId) return null;
  if (key === CHECK_KEY[1]) return { key: "check", change: change as CheckItem };
  if (key === ADD_KEY[1]) return { key: "add", change: change as AddItem };
  if (key === REMOVE_KEY[1]) return { key: "remove", change: change as RemoveItem };
  return null;
}

/** The changes of a list not yet answered, in the order they were made. */
export function pendingChanges(queryClient: QueryClient, listId: number): Waiting[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: shoppingListQueries.all, status: "pending" })
    .flatMap((m) => waitingOf(m, listId) ?? []);
}

/** The list with waiting changes applied on top, in order. */
export function withWaiting(list: ShoppingList, waiting: readonly (Waiting | null)[]): ShoppingList {
  return waiting.reduce((shown, w) => {
    if (w?.key === "check") return withOwnCheck(shown, w.change.itemId, w.change.checked);
    if (w?.key === "add") return withAdded(shown, w.change);
    if (w?.key === "remove") return withoutItem(shown, w.change.itemId);
    return shown;
  }, list);
}

/**
 * The list as the person should see it: the copy read last with the changes still waiting to be sent
 * applied on top, in the order they were made. A read that answers meanwhile cannot undo a
 * check-off, nor can a live message (live-lists.ts updates the copy underneath): offline the service
 * worker answers with its older copy of the list, and online a read or another person's change may
 * overtake the changes on their way.
 */
export function useWithWaitingChanges(list: ShoppingList): ShoppingList {
  const waiting = useMutationState({
    filters: { mutationKey: shoppingListQueries.all, status: "pending" },
    select: (m): Waiting | null => waitingOf(m, list.id),
  });
  return useMemo(() => withWaiting(list, waiting), [list, waiting]);
}
