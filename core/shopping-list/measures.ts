/**
 * A shopping list in the cook's measures (`GET /shopping-lists/<id>?units=metric|us&lang=xx`): each
 * item's `amount_readable` converted from its grams and its ingredient's density, as a recipe's lines
 * are (core/amount/convert.ts). Free-text items have no ingredient and no density. A module of its
 * own, for the one route that reads a list so.
 */
import { convertAmount } from "../amount/convert.ts";
import type { Measures } from "../amount/measures.ts";
import type { Densities } from "../recipe/measures.ts";
import type { ShoppingListRead } from "./schemas.ts";

/** The list with every item's amount in `measures`; grams stay as they are. */
export async function listInMeasures(
  list: ShoppingListRead,
  measures: Measures,
  densitiesOf: Densities,
): Promise<ShoppingListRead> {
  const ids = list.sections.flatMap((s) =>
    s.items.flatMap((i) => (i.ingredient_id === null ? [] : [i.ingredient_id])),
  );
  const densities = await densitiesOf(ids);
  return {
    ...list,
    sections: list.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => ({
        ...item,
        amount_readable: convertAmount(
          item.amount_readable,
          {
            grams: item.amount_grams,
            gramsPerMl: item.ingredient_id === null ? null : (densities.get(item.ingredient_id) ?? null),
          },
          measures,
        ),
      })),
    })),
  };
}
