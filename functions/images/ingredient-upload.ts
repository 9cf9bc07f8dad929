import { getDb } from "../../core/db.ts";
import { IngredientRead } from "../../core/ingredient/schemas.ts";
import { getIngredient } from "../../core/ingredient/service.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint({
  table: "ingredients",
  noun: "ingredient",
  param: "ingredient_id",
  schema: IngredientRead,
  read: (id) => getIngredient(getDb(), id),
});
