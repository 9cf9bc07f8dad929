/**
 * The rows a user's import reads from an archive, checked field by field with the bounds of the
 * tables, so a hand-edited or hostile archive is a 422 naming its row instead of a database error.
 * Fields the import does not use are ignored (ids of other instances, owners, search vectors).
 */
import * as z from "zod";
import { MAX_INT } from "../ids.ts";
import type { ArchiveTable } from "./format.ts";
import { archiveInvalid, type Row } from "./reader.ts";

const Id = z.number().int().min(1).max(MAX_INT);
const Text = (max: number) => z.string().max(max);
const OptionalText = (max: number) => z.string().max(max).nullable().optional();
const Count = z.number().int().min(0).max(MAX_INT);
const Grams = z.number().min(0).max(999_999_999.999);
const Timestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)));
const Picture = z.string().max(2000).nullable().optional();
const HttpUrl = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/\S+$/i);

export const ImportRows = {
  categories: z.object({
    id: Id,
    name: Text(80).min(1),
    description: OptionalText(2000),
    img: Picture,
    preview_img: Picture,
  }),
  recipes: z.object({
    id: Id,
    title: Text(200).min(1),
    description: OptionalText(10_000),
    cook_time_sec: Count.nullable().optional(),
    prep_time_sec: Count.nullable().optional(),
    servings: z.number().int().min(1).max(10_000).nullable().optional(),
    source_url: HttpUrl.nullable().optional(),
    img: Picture,
    preview_img: Picture,
    created_at: Timestamp,
  }),
  ingredients: z.object({
    id: Id,
    name: Text(100).min(1),
    description: OptionalText(2000),
    recipe_id: Id.nullable().optional(),
    grams_per_ml: z.number().positive().max(100).nullable().optional(),
    grams_per_piece: z.number().positive().max(100_000).nullable().optional(),
    img: Picture,
    preview_img: Picture,
  }),
  recipe_ingredients: z.object({
    recipe_id: Id,
    ingredient_id: Id,
    position: Count,
    amount_grams: Grams,
    amount_readable: Text(100),
  }),
  recipe_steps: z.object({
    recipe_id: Id,
    step_number: z.number().int().min(1).max(MAX_INT),
    description: Text(5000).min(1),
  }),
  recipe_categories: z.object({ recipe_id: Id, category_id: Id }),
  stores: z.object({
    id: Id,
    name: Text(120).min(1),
    address: OptionalText(500),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    phone: OptionalText(40),
    website: OptionalText(2000),
    description: OptionalText(2000),
  }),
  shelves: z.object({ id: Id, store_id: Id, name: Text(120).min(1), position: Count }),
  shelf_ingredients: z.object({ shelf_id: Id, ingredient_id: Id }),
  shopping_lists: z.object({ id: Id, name: Text(80).min(1), store_id: Id.nullable().optional() }),
  shopping_list_items: z.object({
    id: Id,
    list_id: Id,
    ingredient_id: Id.nullable().optional(),
    name: Text(200).min(1),
    amount_grams: Grams.nullable().optional(),
    amount_readable: Text(100_000),
    checked: z.boolean(),
    amount_set_by_hand: z.boolean(),
  }),
  shopping_list_item_parts: z.object({
    item_id: Id,
    recipe_id: Id.nullable().optional(),
    amount_grams: Grams.nullable().optional(),
    amount_readable: Text(100_000),
  }),
  shopping_list_recipes: z.object({
    list_id: Id,
    recipe_id: Id,
    servings: z.number().int().min(1).max(MAX_INT).nullable().optional(),
  }),
  meal_plan_entries: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    meal: z.enum(["breakfast", "lunch", "dinner", "snack"]),
    recipe_id: Id,
    servings: z.number().int().min(1).max(10_000).nullable().optional(),
    note: Text(200),
  }),
} satisfies Partial<Record<ArchiveTable, z.ZodType>>;

export type ImportTable = keyof typeof ImportRows;
export type ImportRow<T extends ImportTable> = z.infer<(typeof ImportRows)[T]>;

/** Checks every row of a table; the first bad one is a 422 naming the table, the row and the field. */
export function checkRows<T extends ImportTable>(table: T, rows: Row[]): ImportRow<T>[] {
  const schema = ImportRows[table] as unknown as z.ZodType<ImportRow<T>>;
  return rows.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const field = parsed.error.issues[0]?.path.join(".") || "(row)";
    const which = typeof row.id === "number" ? `ID ${row.id}` : `number ${index + 1}`;
    throw archiveInvalid(`row ${which} of its table '${table}' has an invalid '${field}'.`);
  });
}
