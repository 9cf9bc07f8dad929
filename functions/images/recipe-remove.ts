import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint({ table: "recipes", noun: "recipe", param: "recipe_id" });
