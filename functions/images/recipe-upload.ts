import { getDb } from "../../core/db.ts";
import { RecipeRead } from "../../core/recipe/schemas.ts";
import { getRecipe } from "../../core/recipe/service.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint("images/recipe-upload", "Recipe", RecipeRead, (id) =>
  getRecipe(getDb(), id),
);
