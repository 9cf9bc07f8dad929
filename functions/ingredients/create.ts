import { getDb } from "../../core/db.ts";
import { IngredientCreate, IngredientRead } from "../../core/ingredient/schemas.ts";
import { createIngredient } from "../../core/ingredient/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("ingredients/create", {
  summary: "Create an ingredient",
  description:
    "Names are unique ignoring case. `recipe_id`, if given, must name an existing recipe. The name is " +
    "matched to a food of USDA's table in any of the ten languages (`nutrients_per_100g`, " +
    "`nutrition_source`; null when none matches or the table is not imported).",
  body: IngredientCreate,
  response: {
    status: 201,
    schema: IngredientRead,
    description: "The created ingredient; the caller owns it.",
  },
  errors: ["conflict"],
  handle: async ({ body, caller }) => {
    const ingredient = await createIngredient(getDb(), body, caller);
    return created(ingredient, `${API_PREFIX}/ingredients/${ingredient.id}`);
  },
});
