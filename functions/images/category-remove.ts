import { removePictureEndpoint } from "./remove-endpoint.ts";

export const handler = removePictureEndpoint("images/category-remove", "Category");
