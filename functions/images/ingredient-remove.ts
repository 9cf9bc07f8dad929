import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint({
  table: "ingredients",
  noun: "ingredient",
  param: "ingredient_id",
});
