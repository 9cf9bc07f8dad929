import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint("images/recipe-remove", "Recipe");
