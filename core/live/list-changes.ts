/**
 * List changes, published: a service says once, inside the transaction that makes them, which lists
 * changed and how; after the commit fan-out.ts tells whoever follows them and may still read them.
 * The lists a change elsewhere touches (an ingredient, recipe, store, household or user deleted or
 * merged) are found here too, so their followers read them again. Here in core/live, below every
 * resource that publishes, so that what deletes a recipe or a user does not import the lists (which
 * import recipes) and carries none of the lists' amounts code.
 *
 * A route that publishes needs `live` on its line in functions/routes.ts (on AWS that line gives it
 * the address and the right to post to the live API's connections): without it, publishing fails
 * the route's own tests here, as a missing storage grant does, rather than staying silent on AWS.
 */
import { type RawBuilder, sql } from "kysely";
import { afterCommit, type Db } from "../db.ts";
import { accessDenied, currentGrants } from "../grants.ts";
import { type ChangedList, fanOut } from "./fan-out.ts";
import type { ListChange } from "./messages.ts";

export type { ChangedList };

/**
 * After the transaction commits, the followers of `list` hear `changes` (only the connections of
 * `onlyUserId` when it is given). Call inside the transaction that makes them.
 */
export function publishListChanges(
  db: Db,
  list: ChangedList,
  changes: readonly ListChange[],
  onlyUserId?: number,
): void {
  if (changes.length === 0) return;
  if (currentGrants()?.live === false) {
    throw accessDenied(
      "this route's line has no live need, so it cannot tell a list's followers of a change",
    );
  }
  afterCommit(() => fanOut(db, list, changes, onlyUserId));
}

/**
 * The lists that the row `id` touches (`touch`), as `trx` sees them now: after the commit their
 * followers hear `list` and read them again (`deleted`: the lists are gone with it).
 */
export async function publishTouched(
  db: Db,
  trx: Db,
  touch: Touch,
  id: number,
  deleted = false,
): Promise<void> {
  for (const list of await selectListsTouchedBy(trx, touch, id)) {
    publishListChanges(db, list, [{ type: "list", deleted }]);
  }
}

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
