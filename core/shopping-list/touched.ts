/**
 * The lists a change elsewhere touches (an ingredient, recipe, store, household or user deleted or
 * merged), so that their live followers read them again (core/live/fan-out.ts announceLists). Apart
 * from repository.ts so that what deletes users or recipes does not carry the lists' amounts code.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db.ts";
import type { ChangedList } from "../live/fan-out.ts";

/** What, outside the lists, a change touches that lists refer to (their followers then read them again). */
export type Touch = "ingredient" | "recipe" | "store" | "household" | "owner" | "user";

/** A list holding a recipe that `picks` (a condition on a recipe id) chooses: added, or among an item's recipes. */
const holdingRecipe = (picks: (recipeId: RawBuilder<unknown>) => RawBuilder<unknown>) =>
  sql`(exists (select from shopping_list_recipes r where r.list_id = l.id and ${picks(sql.ref("r.recipe_id"))})
    or exists (select from shopping_list_items i join shopping_list_item_parts p on p.item_id = i.id
      where i.list_id = l.id and ${picks(sql.ref("p.recipe_id"))}))`;

/** The condition on a list `l` of each kind of touch, for the row `id`. */
const TOUCHED: Record<Touch, (id: number) => RawBuilder<unknown>> = {
  ingredient: (id) =>
    sql`exists (select from shopping_list_items i where i.list_id = l.id and i.ingredient_id = ${id})`,
  recipe: (id) => holdingRecipe((recipeId) => sql`${recipeId} = ${id}`),
  store: (id) => sql`l.store_id = ${id}`,
  household: (id) => sql`l.household_id = ${id}`,
  owner: (id) => sql`l.user_id = ${id}`,
  // Another's list that a user's deletion changes: a recipe of theirs on it, or an item they changed last.
  user: (id) => sql`l.user_id <> ${id}
    and (${holdingRecipe((recipeId) => sql`${recipeId} in (select o.id from recipes o where o.user_id = ${id})`)}
      or exists (select from shopping_list_items i where i.list_id = l.id and i.updated_by = ${id}))`,
};

/**
 * The lists (id, maker, household) that the row `id` touches, as they are now: those with an item of
 * the ingredient; with the recipe added or among an item's recipes; walking the store; shared with
 * the household; made by the user (`owner`); or another's list with a recipe of the user's or an item
 * the user changed last (`user`).
 */
export async function selectListsTouchedBy(db: Db, touch: Touch, id: number): Promise<ChangedList[]> {
  const result = await sql<ChangedList>`
    select l.id, l.user_id, l.household_id from shopping_lists l where ${TOUCHED[touch](id)} order by l.id`.execute(
    db,
  );
  return result.rows;
}
