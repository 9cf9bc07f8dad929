import { getDb } from "../../core/db.ts";
import { RecipeRead } from "../../core/recipe/schemas.ts";
import { getRecipe } from "../../core/recipe/service.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint({
  table: "recipes",
  noun: "recipe",
  param: "recipe_id",
  schema: RecipeRead,
  read: (id) => getRecipe(getDb(), id),
});
