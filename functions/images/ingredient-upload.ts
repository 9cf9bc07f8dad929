import { getDb } from "../../core/db.ts";
import { IngredientRead } from "../../core/ingredient/schemas.ts";
import { getIngredient } from "../../core/ingredient/service.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint("images/ingredient-upload", "Ingredient", IngredientRead, (id) =>
  getIngredient(getDb(), id),
);
