/**
 * Providers around the router: the query cache (server state, with what works offline kept in
 * IndexedDB: lib/offline.ts) and the router itself.
 */
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { RouterProvider } from "@tanstack/react-router";
import { registerShoppingListMutations } from "../features/shopping-lists/api/mutations.ts";
import { forgetOnSignOut, persistOptions, resumeOfflineChanges } from "../lib/offline.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { createAppRouter } from "./router.tsx";

const queryClient = createQueryClient();
// The offline changes' functions must be known before the kept ones are restored and resumed.
registerShoppingListMutations(queryClient);
forgetOnSignOut(queryClient);
const router = createAppRouter(queryClient);

export function App() {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => resumeOfflineChanges(queryClient)}
    >
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  );
}
