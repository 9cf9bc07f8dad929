/**
 * Providers around the router: the query cache (server state, with what works offline kept in
 * IndexedDB: lib/offline.ts) and the router itself.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { setOwnNamesSource } from "../i18n/food-names.ts";
import { auth } from "../lib/auth.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { createAppRouter } from "./router.tsx";

// The names this instance's ingredients go by in the reader's language, shown before the built-in
// table's; read with the table, so with the pages that show ingredients, never the first page.
setOwnNamesSource((language) =>
  import("../lib/api/own-names.ts").then((m) => m.ownIngredientNames(language)),
);

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// What is kept offline (a person's shopping lists and their waiting changes) loads with a session
// only: a visitor's first page does without that code, and a signed-in person's kept changes go out
// from whatever page they open. The lists' pages wait for the same promise.
const keepOffline = () => {
  if (!auth.state().session) return;
  import("../features/shopping-lists/api/keep-offline.ts")
    .then((m) => m.keepListsOffline(queryClient))
    .catch(() => undefined); // a page that needs it loads it again and shows the error
};
keepOffline();
auth.subscribe(keepOffline);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
