import { CategoryRead } from "../../core/category/schemas.ts";
import { getCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint("images/category-upload", "Category", CategoryRead, (id) =>
  getCategory(getDb(), id),
);
