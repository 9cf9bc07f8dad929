/** The nutrition shapes of the contract (CONTRACT.md: nutrition), as the API answers them. */
import * as z from "zod/mini";

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
