import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint("images/category-remove", "Category");
