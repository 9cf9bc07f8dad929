import { removePictureEndpoint } from "./remove-endpoint.ts";

export const handler = removePictureEndpoint("images/recipe-remove", "Recipe");
