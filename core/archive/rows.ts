/**
 * The rows a user's import reads from an archive, checked field by field with the bounds of the
 * tables, so a hand-edited or hostile archive is a 422 naming its row instead of a database error.
 * Fields the import does not use are ignored (ids of other instances, owners, search vectors).
 */
import * as z from "zod/mini";
import { IsoDate } from "../days.ts";
import { MAX_INT } from "../ids.ts";
import { Language } from "../languages.ts";
import { isTimestampText } from "../pagination.ts";
import { SOURCE_URL_PATTERN } from "../recipe/schemas.ts";
import type { ArchiveTable } from "./format.ts";
import { archiveInvalid, type Row } from "./reader.ts";

const NUL_MESSAGE = "must not contain the NUL character";

/** The RecipeCreate fields a revision's `changes` may name (recipe_snapshot_changes() in the database). */
const REVISION_FIELDS = [
  "title",
  "description",
  "cook_time_sec",
  "prep_time_sec",
  "total_time_sec",
  "servings",
  "source_url",
  "category_ids",
  "ingredients",
  "steps",
] as const;

/** Text as PostgreSQL stores it: no NUL character (a `text` column cannot hold one). */
const Str = () => z.string().check(z.refine((s) => !s.includes("\u0000"), NUL_MESSAGE));
const Id = z.number().check(z.int(), z.gte(1), z.lte(MAX_INT));
const Text = (max: number) => Str().check(z.maxLength(max));
const OptionalText = (max: number) => z.optional(z.nullable(Text(max)));
const Count = z.number().check(z.int(), z.gte(0), z.lte(MAX_INT));
/** As the recipe routes cap them, so cook + prep (an indexed integer expression) never overflows. */
const Seconds = z.number().check(z.int(), z.gte(0), z.lte(1_000_000_000));
const Grams = z.number().check(z.gte(0), z.lte(999_999_999.999));
/** An ISO 8601 instant with its offset, as exports write it, that PostgreSQL reads as the same instant. */
const Timestamp = Str().check(
  z.refine(
    (s) => isTimestampText(s.replace(/^(\d{4}-\d{2}-\d{2})T/, "$1 ").replace(/Z$/, "+00")),
    "must be an ISO 8601 date and time with its offset",
  ),
);
const Picture = z.optional(z.nullable(Text(2000)));
/** The `recipes.source_url` check, as the recipe routes read it. */
const HttpUrl = Text(2000).check(
  z.refine((url) => SOURCE_URL_PATTERN.test(url), "must be an http or https address without spaces"),
);

export const ImportRows = {
  categories: z.object({
    id: Id,
    name: Text(80).check(z.minLength(1)),
    description: OptionalText(2000),
    img: Picture,
    preview_img: Picture,
  }),
  recipes: z.object({
    id: Id,
    title: Text(200).check(z.minLength(1)),
    description: OptionalText(10_000),
    cook_time_sec: z.optional(z.nullable(Seconds)),
    prep_time_sec: z.optional(z.nullable(Seconds)),
    total_time_sec: z.optional(z.nullable(Seconds)),
    servings: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(10_000)))),
    source_url: z.optional(z.nullable(HttpUrl)),
    img: Picture,
    preview_img: Picture,
    created_at: Timestamp,
    /** Its owner on the archive's instance: whose revisions become the importer's. */
    user_id: z.optional(z.nullable(Id)),
  }),
  ingredients: z.object({
    id: Id,
    name: Text(100).check(z.minLength(1)),
    description: OptionalText(2000),
    recipe_id: z.optional(z.nullable(Id)),
    grams_per_ml: z.optional(z.nullable(z.number().check(z.positive(), z.lte(100)))),
    grams_per_piece: z.optional(z.nullable(z.number().check(z.positive(), z.lte(100_000)))),
    img: Picture,
    preview_img: Picture,
  }),
  ingredient_names: z.object({
    ingredient_id: Id,
    name: Text(100).check(z.minLength(1)),
    language: z.optional(z.nullable(Language)),
  }),
  recipe_ingredients: z.object({
    recipe_id: Id,
    ingredient_id: Id,
    position: Count,
    // Null when unknown (`salt to taste`); archives before that always had a number.
    amount_grams: z.optional(z.nullable(Grams)),
    amount_readable: Text(100),
  }),
  recipe_steps: z.object({
    recipe_id: Id,
    step_number: z.number().check(z.int(), z.gte(1), z.lte(MAX_INT)),
    description: Text(5000).check(z.minLength(1)),
  }),
  recipe_categories: z.object({ recipe_id: Id, category_id: Id }),
  recipe_revisions: z.object({
    recipe_id: Id,
    revision: z.number().check(z.int(), z.gte(1), z.lte(MAX_INT)),
    user_id: z.optional(z.nullable(Id)),
    changes: z.array(z.enum(REVISION_FIELDS)).check(z.maxLength(REVISION_FIELDS.length)),
    /** The recipe as it was (core/recipe/revision-repository.ts RecipeSnapshot), with the recipes' bounds. */
    snapshot: z.object({
      title: Text(200).check(z.minLength(1)),
      description: z.nullable(Text(10_000)),
      cook_time_sec: z.nullable(Seconds),
      prep_time_sec: z.nullable(Seconds),
      total_time_sec: z.nullable(Seconds),
      servings: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(10_000))),
      source_url: z.nullable(HttpUrl),
      categories: z
        .array(z.object({ id: z.nullable(Id), name: Text(80).check(z.minLength(1)) }))
        .check(z.maxLength(50)),
      ingredients: z
        .array(
          z.object({
            ingredient_id: z.nullable(Id),
            name: Text(100).check(z.minLength(1)),
            amount_grams: z.nullable(Grams),
            amount_readable: Text(100),
          }),
        )
        .check(z.maxLength(200)),
      steps: z.array(z.object({ description: Text(5000).check(z.minLength(1)) })).check(z.maxLength(200)),
    }),
    created_at: Timestamp,
  }),
  stores: z.object({
    id: Id,
    name: Text(120).check(z.minLength(1)),
    address: OptionalText(500),
    latitude: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
    longitude: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
    phone: OptionalText(40),
    website: OptionalText(2000),
    description: OptionalText(2000),
  }),
  shelves: z.object({ id: Id, store_id: Id, name: Text(120).check(z.minLength(1)), position: Count }),
  shelf_ingredients: z.object({ shelf_id: Id, ingredient_id: Id }),
  shopping_lists: z.object({
    id: Id,
    name: Text(80).check(z.minLength(1)),
    store_id: z.optional(z.nullable(Id)),
  }),
  shopping_list_items: z.object({
    id: Id,
    list_id: Id,
    ingredient_id: z.optional(z.nullable(Id)),
    name: Text(200).check(z.minLength(1)),
    amount_grams: z.optional(z.nullable(Grams)),
    amount_readable: Text(100_000),
    checked: z.boolean(),
    amount_set_by_hand: z.boolean(),
  }),
  shopping_list_item_parts: z.object({
    item_id: Id,
    recipe_id: z.optional(z.nullable(Id)),
    amount_grams: z.optional(z.nullable(Grams)),
    amount_readable: Text(100_000),
  }),
  shopping_list_recipes: z.object({
    list_id: Id,
    recipe_id: Id,
    servings: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(MAX_INT)))),
  }),
  meal_plan_entries: z.object({
    date: IsoDate,
    meal: z.enum(["breakfast", "lunch", "dinner", "snack"]),
    recipe_id: Id,
    servings: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(10_000)))),
    note: Text(200),
  }),
} satisfies Partial<Record<ArchiveTable, z.ZodMiniType>>;

export type ImportTable = keyof typeof ImportRows;
export type ImportRow<T extends ImportTable> = z.infer<(typeof ImportRows)[T]>;

/**
 * The check of one row of a table, for ArchiveReader.rows: the first bad row is a 422 naming the
 * table, the row (its ID, else its number) and the field, and saying what is wrong with it.
 */
export function rowCheck<T extends ImportTable>(table: T): (row: Row, index: number) => ImportRow<T> {
  const schema = ImportRows[table] as unknown as z.ZodMiniType<ImportRow<T>>;
  return (row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "(row)";
    const which = typeof row.id === "number" ? `ID ${row.id}` : `number ${index + 1}`;
    const why = issue?.message
      ? `: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1).replace(/\.$/, "")}`
      : "";
    throw archiveInvalid(`row ${which} of its table '${table}' has an invalid '${field}'${why}.`);
  };
}

/** Checks every row of a table (see rowCheck). */
export function checkRows<T extends ImportTable>(table: T, rows: Row[]): ImportRow<T>[] {
  return rows.map(rowCheck(table));
}
