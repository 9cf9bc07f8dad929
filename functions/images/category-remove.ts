import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint({ table: "categories", noun: "category", param: "category_id" });
