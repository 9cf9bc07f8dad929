import { CategoryRead } from "../../core/category/schemas.ts";
import { getCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint({
  table: "categories",
  noun: "category",
  param: "category_id",
  schema: CategoryRead,
  read: (id) => getCategory(getDb(), id),
});
