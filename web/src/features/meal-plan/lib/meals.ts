import { t } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { enumValues } from "../../../lib/enum.ts";

export type Meal = Schemas["Meal"];

/** The meals of a day in their order (the API's enum: the compiler holds the list to it). */
export const MEALS = enumValues<Meal>()(["breakfast", "lunch", "dinner", "snack"]);

/** "Breakfast", "Frühstück": a meal's name, in the active language. */
export const mealName = (meal: Meal): string => t("meal-plan.meal", { meal });

/** "breakfast", "Frühstück": a meal's name inside a sentence. */
export const mealInSentence = (meal: string): string => t("meal-plan.mealInSentence", { meal });

/** "Pancakes on Monday 23 November, breakfast": how a planned meal is named in a sentence or to a screen reader. */
export const entryName = (entry: { title: string; meal: string }, day: string): string =>
  t("meal-plan.entryName", { title: entry.title, day, meal: mealInSentence(entry.meal) });
