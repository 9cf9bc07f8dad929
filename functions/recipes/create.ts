import { getDb } from "../../core/db.ts";
import { RecipeCreate, RecipeRead } from "../../core/recipe/schemas.ts";
import { createRecipe } from "../../core/recipe/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("recipes/create", {
  summary: "Create a recipe",
  description:
    "The recipe, its ingredient lines (in order), steps (numbered from 1) and categories are written " +
    "in one transaction, owned by the caller. An unknown category or ingredient id is a 422 naming it, " +
    "and nothing is written.",
  body: RecipeCreate,
  response: { status: 201, schema: RecipeRead, description: "The created recipe." },
  errors: ["invalid"],
  handle: async ({ body, caller }) => {
    const recipe = await createRecipe(getDb(), body, caller);
    return created(recipe, `${API_PREFIX}/recipes/${recipe.id}`);
  },
});
