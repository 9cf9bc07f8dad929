/**
 * The lists a change elsewhere touches (an ingredient, recipe, store, household or user deleted or
 * merged), so that their live followers read them again (core/live/fan-out.ts announceLists). Apart
 * from repository.ts so that what deletes users or recipes does not carry the lists' amounts code.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import type { ChangedList } from "../live/fan-out.ts";

/** What, outside the lists, a change touches that lists refer to (their followers then read them again). */
export type ListsTouchedBy =
  | { ingredientId: number }
  | { recipeId: number }
  | { storeId: number }
  | { householdId: number }
  | { ownerId: number }
  | { recipeOwnerId: number }
  | { editorId: number };

/**
 * The lists (id, maker, household) that `by` touches, as they are now: those with an item of the
 * ingredient; with the recipe added or among an item's recipes; walking the store; shared with the
 * household; made by the user (`ownerId`); with a recipe of the user's added or among an item's
 * recipes (`recipeOwnerId`); or with an item last changed by the user in another's list (`editorId`).
 */
export async function selectListsTouchedBy(db: Db, by: ListsTouchedBy): Promise<ChangedList[]> {
  const where =
    "ingredientId" in by
      ? sql`exists (select from shopping_list_items i where i.list_id = l.id and i.ingredient_id = ${by.ingredientId})`
      : "recipeId" in by
        ? sql`(exists (select from shopping_list_recipes r where r.list_id = l.id and r.recipe_id = ${by.recipeId})
            or exists (select from shopping_list_items i join shopping_list_item_parts p on p.item_id = i.id
              where i.list_id = l.id and p.recipe_id = ${by.recipeId}))`
        : "storeId" in by
          ? sql`l.store_id = ${by.storeId}`
          : "householdId" in by
            ? sql`l.household_id = ${by.householdId}`
            : "ownerId" in by
              ? sql`l.user_id = ${by.ownerId}`
              : "recipeOwnerId" in by
                ? sql`(exists (select from shopping_list_recipes r join recipes o on o.id = r.recipe_id
                    where r.list_id = l.id and o.user_id = ${by.recipeOwnerId})
                  or exists (select from shopping_list_items i join shopping_list_item_parts p on p.item_id = i.id
                    join recipes o on o.id = p.recipe_id where i.list_id = l.id and o.user_id = ${by.recipeOwnerId}))`
                : sql`l.user_id <> ${by.editorId}
                  and exists (select from shopping_list_items i where i.list_id = l.id and i.updated_by = ${by.editorId})`;
  const result = await sql<ChangedList>`
    select l.id, l.user_id, l.household_id from shopping_lists l where ${where} order by l.id`.execute(db);
  return result.rows;
}
