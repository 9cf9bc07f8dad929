import type { Schemas } from "../../../lib/api/client.ts";
import { enumValues } from "../../../lib/enum.ts";

export type Meal = Schemas["Meal"];

/** The meals of a day in their order (the API's enum: the compiler holds the list to it). */
export const MEALS = enumValues<Meal>()(["breakfast", "lunch", "dinner", "snack"]);

export const mealName = (meal: Meal): string => meal[0]?.toUpperCase() + meal.slice(1);
