import { getDb } from "../../core/db.ts";
import { listFoods } from "../../core/nutrition/foods.ts";
import { FoodListQuery, FoodRead } from "../../core/nutrition/schemas.ts";
import { pageOf } from "../../core/pagination.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("foods/list", {
  summary: "Search the foods table",
  description:
    "USDA's Standard Reference foods (SR28), each with its eight nutrients per 100 g (null: unknown), " +
    "to choose the food of an ingredient (`PUT /ingredients/{id}` with `nutrition_food_id`). `q` is a " +
    "name in any of the ten languages (`Zwiebel`, `oignons`) or words of USDA's descriptions: first the " +
    "food an ingredient of that name is matched to, then in name order the other foods of its kind " +
    "(`ONIONS,…`) and every description holding each word of `q` (abbreviated as USDA does: `flour` " +
    "finds `FLR`). Without `q`, every food in name order. `lang` is accepted and changes nothing: " +
    "names are read in all ten languages at once. Empty when the table is not imported. Keyset " +
    "pagination: pass `next_cursor` back as `cursor`.",
  query: FoodListQuery,
  response: { status: 200, schema: pageOf(FoodRead), description: "A page of foods." },
  handle: async ({ query }) => ok(await listFoods(getDb(), query)),
});
