/**
 * A list item for the lists' tests: flour, 200 g, as a recipe wrote it (`1 1/2 cups`), unchecked,
 * first version; `extra` changes what a test needs.
 */
import type { Item } from "./list.ts";

export const listItem = (extra: Partial<Item> = {}): Item => ({
  id: 1,
  ingredient_id: 11,
  name: "Flour",
  amount_grams: 200,
  amount_readable: "1 1/2 cups",
  checked: false,
  checked_at: null,
  grams_per_piece: null,
  recipe_ids: [],
  version: 1,
  updated_by: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  ...extra,
});
