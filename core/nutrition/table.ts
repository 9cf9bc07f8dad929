import type { ColumnType, Generated } from "kysely";

/** The eight nutrients the service counts, per 100 g (CONTRACT.md: nutrition); null is unknown, never 0. */
export const NUTRIENTS = [
  "energy_kcal",
  "protein_g",
  "fat_g",
  "saturated_fat_g",
  "carbohydrate_g",
  "sugars_g",
  "fiber_g",
  "salt_g",
] as const;
export type Nutrient = (typeof NUTRIENTS)[number];
export type Nutrients = Record<Nutrient, number | null>;

/** A household measure of a food: `{description: "1 cup", grams: 125}`. */
export type Measure = { description: string; grams: number };

/** jsonb as the drivers return it (parsed), written as JSON text (core/json-text.ts). */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** A food of USDA's Standard Reference table (SR28): its NDB_No, short description and values per 100 g. */
export interface FoodsTable extends Nutrients {
  id: number;
  name: string;
  measures: Json<Measure[]>;
}

/**
 * A name a food is matched by (migrations/2026-11-28T0900-food-names.ts): `name_key()` of the name,
 * in any of the ten languages, and the food (core/nutrition/match.ts).
 */
export interface FoodNamesTable {
  key: string;
  food_id: number;
  /** Where a longer name holds it (migrations/2026-11-29T0600-food-names-forms.ts): its end, its start, a compound's end. */
  at_end: Generated<boolean>;
  at_start: Generated<boolean>;
  in_compound: Generated<boolean>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    foods: FoodsTable;
    food_names: FoodNamesTable;
  }
}

/**
 * What an ingredient's nutrition is read from (migrations/2026-11-28T0800-foods.ts): declared here,
 * beside the foods they point to, so that the ingredient's own table type needs nothing of this folder.
 */
declare module "../ingredient/table.ts" {
  interface IngredientsTable {
    /** The eight per 100 g, from the matched food or typed by a person. */
    nutrients_per_100g: NullableJson<Nutrients>;
    /** The food of the table the nutrients come from; null when a person typed them, or none matched. */
    nutrition_food_id: number | null;
    /** Who decided: the service's name `match`, or a `person`. */
    nutrition_by: "match" | "person" | null;
  }
}
