/** Request and response shapes of categories (CONTRACT.md: categories). */
import * as z from "zod/mini";
import { RowId } from "../ids.ts";

export const CategoryBase = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
});
export type CategoryBase = z.infer<typeof CategoryBase>;

export const CategoryCreate = CategoryBase;
export type CategoryCreate = z.infer<typeof CategoryCreate>;

/** Any subset of the create fields. */
export const CategoryUpdate = z.partial(CategoryBase);
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

export const CategoryRead = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  description: z.nullable(z.string()),
  img: z.nullable(z.string()),
  preview_img: z.nullable(z.string()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CategoryRead = z.infer<typeof CategoryRead>;

/** `POST /categories/<id>/merge`: the category that takes its place. */
export const CategoryMerge = z.strictObject({ into_id: RowId });
export type CategoryMerge = z.infer<typeof CategoryMerge>;
