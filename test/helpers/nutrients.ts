import type { Nutrients } from "../../core/nutrition/table.ts";

/** Nutrients per 100 g for a test: the values given, every other one unknown (null). */
export const nutrients = (values: Partial<Nutrients>): Nutrients => ({
  energy_kcal: null,
  protein_g: null,
  fat_g: null,
  saturated_fat_g: null,
  carbohydrate_g: null,
  sugars_g: null,
  fiber_g: null,
  salt_g: null,
  ...values,
});
