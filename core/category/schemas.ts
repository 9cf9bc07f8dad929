/** Request and response shapes of categories (CONTRACT.md: categories). */
import * as z from "zod";

export const CategoryBase = z.strictObject({
  name: z.string().trim().min(1).max(80),
  description: z.string().max(2000).nullable().optional(),
});
export type CategoryBase = z.infer<typeof CategoryBase>;

export const CategoryCreate = CategoryBase;
export type CategoryCreate = z.infer<typeof CategoryCreate>;

/** Any subset of the create fields. */
export const CategoryUpdate = CategoryBase.partial();
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

export const CategoryRead = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  img: z.string().nullable(),
  preview_img: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CategoryRead = z.infer<typeof CategoryRead>;
