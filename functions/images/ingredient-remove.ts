import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint("images/ingredient-remove", "Ingredient");
