import { measuresOf } from "../../core/amount/measures.ts";
import { getDb } from "../../core/db.ts";
import { selectGramsPerMl } from "../../core/recipe/repository.ts";
import { ShoppingListGetQuery, ShoppingListRead } from "../../core/shopping-list/schemas.ts";
import { getShoppingList } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/get", {
  summary: "Read a shopping list with its sections",
  description:
    "The whole list in one SQL statement: the recipes added (with their servings) and the items in " +
    "`sections`, the walk through the store: one section per shelf of the store holding an item, in " +
    "walking order (position, then id), then a section with `shelf: null` for everything on no shelf " +
    "there (free text included). Without a store, one section with `shelf: null`. Within a section, " +
    "unchecked items first, then by name. An item on no shelf that the store's learned walking order " +
    "holds (`GET /stores/{store_id}/learned-order`) goes into a section `shelf: null, learned: true` " +
    "right after the shelf of the nearest shelved ingredient before it in that order (before every " +
    "shelf when none is), unchecked first, then in learned order; a shelf set by hand always wins. `?store_id=N` walks that store instead of the list's own; a " +
    "store that does not exist is a 422. `?units=metric|us&lang=xx` writes each item's " +
    "`amount_readable` in those measures and that language's words, as a recipe read does (`GET " +
    "/recipes/{recipe_id}`); an item of several amounts (`2 cups + 1 pinch`) converts each without " +
    "grams. Without `units`, or with `as_written`, amounts are as written. Its creator, the members " +
    "of its household, or an admin.",
  query: ShoppingListGetQuery,
  response: { status: 200, schema: ShoppingListRead, description: "The list." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, query, caller }) => {
    const list = await getShoppingList(getDb(), params.list_id, query, caller);
    const measures = measuresOf(query);
    if (!measures) return ok(list);
    const { listInMeasures } = await import("../../core/shopping-list/measures.ts");
    return ok(await listInMeasures(list, measures, (ids) => selectGramsPerMl(getDb(), ids)));
  },
});
