/** Shopping lists, meal plan entries and recipe trees for the shopping-list and meal-plan tests. */
import { sql } from "kysely";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { createEntry } from "../../core/meal-plan/service.ts";
import type { Meal } from "../../core/meal-plan/table.ts";
import { createShoppingList } from "../../core/shopping-list/service.ts";
import { type TestUser, unique } from "./factories.ts";
import { makeIngredient, makeRecipe } from "./recipe-factories.ts";

const asCaller = (user: TestUser): Caller => ({ id: user.id, username: user.username, role: user.role });

/** An empty list owned by `owner`, made through the service. */
export async function makeList(owner: TestUser, fields: { name?: string; store_id?: number | null } = {}) {
  return createShoppingList(
    getDb(),
    { name: fields.name ?? unique("List").slice(0, 80), ...fields },
    asCaller(owner),
  );
}

/** A recipe with one line per `[ingredient id, grams, readable]`. */
export async function makeRecipeWith(
  owner: TestUser,
  lines: readonly (readonly [number, number, string?])[],
  fields: { servings?: number | null; title?: string } = {},
) {
  return makeRecipe(owner, {
    ...fields,
    ingredients: lines.map(([ingredient_id, amount_grams, amount_readable]) => ({
      ingredient_id,
      amount_grams,
      amount_readable: amount_readable ?? `${amount_grams} g`,
    })),
  });
}

/** An ingredient that the given recipe makes (a dough, a stock). */
export async function makeMadeIngredient(recipeId: number) {
  const ingredient = await makeIngredient();
  await sql`update ingredients set recipe_id = ${recipeId} where id = ${ingredient.id}`.execute(getDb());
  return ingredient;
}

/** A meal plan entry of `owner`, made through the service. */
export async function makeEntry(
  owner: TestUser,
  fields: { date: string; meal: Meal; recipe_id: number; servings?: number; note?: string },
) {
  return createEntry(getDb(), fields, asCaller(owner));
}

type Item = { name: string; amount_grams: number | null; checked: boolean };

/** Every item of a whole list, across its sections, in section order. */
export const itemsOf = (list: { sections: { items: Item[] }[] }) => list.sections.flatMap((s) => s.items);

/** The item of an ingredient (by name) that is unchecked, from a whole list. */
export function uncheckedItem<T extends Item>(
  list: { sections: { items: T[] }[] },
  name: string,
): T | undefined {
  return (list.sections.flatMap((s) => s.items) as T[]).find((item) => item.name === name && !item.checked);
}
