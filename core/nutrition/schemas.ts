/** The nutrition shapes of the contract (CONTRACT.md: nutrition), as the API answers them. */
import * as z from "zod/mini";
import { Language } from "../languages.ts";
import { checkedCursor, Limit } from "../pagination.ts";

const amount = z.nullable(z.number().check(z.gte(0)));

/** The eight nutrients and energy in kJ beside kcal; null where unknown, never 0. */
export const NutritionFactsRead = z.object({
  energy_kcal: amount,
  energy_kj: amount,
  protein_g: amount,
  fat_g: amount,
  saturated_fat_g: amount,
  carbohydrate_g: amount,
  sugars_g: amount,
  fiber_g: amount,
  salt_g: amount,
});

/** A recipe's nutrition (core/nutrition/compute.ts), or null when nothing is known. */
export const NutritionRead = z.nullable(
  z.object({
    /** Null for a recipe that does not say its servings. */
    per_serving: z.nullable(NutritionFactsRead),
    per_100g: NutritionFactsRead,
    /** 0–1: the share of the recipe's grams whose ingredient has nutrients. */
    coverage: z.number().check(z.gte(0), z.lte(1)),
    /** The ingredients without nutrients or without grams. */
    missing: z.array(z.string()),
  }),
);

/** The eight nutrients per 100 g of an ingredient or a food (core/nutrition/table.ts); null where unknown. */
export const NutrientsRead = z.object({
  energy_kcal: amount,
  protein_g: amount,
  fat_g: amount,
  saturated_fat_g: amount,
  carbohydrate_g: amount,
  sugars_g: amount,
  fiber_g: amount,
  salt_g: amount,
});

/** Grams of a nutrient in 100 g: at most 100. */
const grams = z.optional(z.nullable(z.number().check(z.gte(0), z.lte(100))));

/**
 * The eight per 100 g as a person types them (`PUT /ingredients/<id>`): each ≥ 0 or null, grams at
 * most 100 and energy at most 1,000 kcal (pure fat is about 900: SR28's beef tallow 902); one left
 * out is unknown (null).
 */
export const NutrientsInput = z.strictObject({
  energy_kcal: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(1000)))),
  protein_g: grams,
  fat_g: grams,
  saturated_fat_g: grams,
  carbohydrate_g: grams,
  sugars_g: grams,
  fiber_g: grams,
  salt_g: grams,
});
export type NutrientsInput = z.infer<typeof NutrientsInput>;

/** Where an ingredient's nutrients come from; null when it has none. */
export const NutritionSourceRead = z.nullable(
  z.object({
    /** `USDA SR28`; null for values a person typed. */
    dataset: z.nullable(z.string()),
    /** The food of the table (`GET /foods`), or null for values a person typed. */
    food_id: z.nullable(z.number().check(z.int())),
    food_name: z.nullable(z.string()),
    /** `match`: the service matched the name; `person`: a person chose the food or typed the values. */
    by: z.enum(["match", "person"]),
  }),
);

/** A food of the table (`GET /foods`). */
export const FoodRead = z.object({
  id: z.number().check(z.int()),
  /** USDA's short description: `ONIONS,RAW`. */
  name: z.string(),
  nutrients_per_100g: NutrientsRead,
});

/** A `GET /foods` cursor: the last food's rank (0: the match), name and id. */
const isFoodKey = (key: unknown) =>
  Array.isArray(key) &&
  key.length === 3 &&
  (key[0] === 0 || key[0] === 1) &&
  typeof key[1] === "string" &&
  typeof key[2] === "number";

/** `GET /foods`: `q` a name in any of the ten languages (or words of USDA's descriptions). */
export const FoodListQuery = z.strictObject({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  lang: z.optional(Language),
  limit: Limit,
  cursor: checkedCursor(isFoodKey),
});
export type FoodListQuery = z.infer<typeof FoodListQuery>;

/** `POST /ingredient-lines/nutrition`: lines not saved yet, as a person types them. */
export const IngredientLinesNutrition = z.strictObject({
  lines: z.array(z.string().check(z.maxLength(500))).check(z.minLength(1), z.maxLength(200)),
  /** The servings the lines make; without it there is no per serving. */
  servings: z.optional(z.number().check(z.int(), z.gte(1), z.lte(10_000))),
  /** The language the lines are written in, as `POST /ingredient-lines/parse` reads it. */
  lang: z.optional(Language),
});
export type IngredientLinesNutrition = z.infer<typeof IngredientLinesNutrition>;

/** The nutrition of unsaved lines, and what each line counts. */
export const LinesNutritionRead = z.object({
  /** Null without `servings`, or when nothing is known. */
  per_serving: z.nullable(NutritionFactsRead),
  /** Null when nothing is known. */
  per_100g: z.nullable(NutritionFactsRead),
  /** 0–1: the share of the lines' grams whose food is known. */
  coverage: z.number().check(z.gte(0), z.lte(1)),
  lines: z.array(
    z.object({
      /** The line as written. */
      text: z.string(),
      /** Null when the line's grams are unknown (`salt to taste`). */
      amount_grams: z.nullable(z.number()),
      /** The food of the table the line's ingredient is, or null (none, or values a person typed). */
      food_id: z.nullable(z.number().check(z.int())),
      food_name: z.nullable(z.string()),
      /** The line's energy (whole kcal), or null when its grams or its food's energy are unknown. */
      energy_kcal: z.nullable(z.number()),
    }),
  ),
});
export type LinesNutritionRead = z.infer<typeof LinesNutritionRead>;
