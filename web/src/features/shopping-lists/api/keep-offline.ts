/**
 * The shopping lists' half of working offline: their changes' functions registered, then the kept
 * cache restored (lib/offline.ts). It is its own chunk: app.tsx loads it once someone is signed in
 * (their waiting changes go out from whatever page they open), and the lists' pages wait for it
 * before they read the cache, so a list opened once shows at once without a connection. From then on
 * the lists follow the person's measures too, wherever they change (queries.ts).
 */
import type { QueryClient } from "@tanstack/react-query";
import { keepOffline } from "../../../lib/offline.ts";
import { registerShoppingListMutations } from "./offline-queue.ts";
import { readAgainInOtherMeasures } from "./queries.ts";
import { describeChange } from "./waiting-changes.ts";

const started = new WeakMap<QueryClient, Promise<void>>();

/** Starts keeping the lists offline, once per client; resolves when the kept copy is restored. */
export function keepListsOffline(queryClient: QueryClient): Promise<void> {
  let ready = started.get(queryClient);
  if (!ready) {
    // The functions must be known before the kept changes are restored and resumed.
    registerShoppingListMutations(queryClient);
    readAgainInOtherMeasures(queryClient);
    ready = keepOffline(queryClient, (change) => describeChange(queryClient, change));
    started.set(queryClient, ready);
  }
  return ready;
}
