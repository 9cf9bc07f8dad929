/**
 * Recipe rules: who may change a recipe, lists that replace rather than merge, ids checked before
 * anything is written. A create is one transaction: one statement (the row, its lists and its
 * search vector; the foreign keys check the ids), its revision 1, a read back. An update is one
 * transaction: lock, that one statement, its revision (when something changed), read it back.
 */

import { assertOwnerOrAdmin, type Caller } from "../auth/caller.ts";
import { afterCommit, type Db, isForeignKeyViolation, openTransactionDb, transaction } from "../db.ts";
import { missingReference, notFound, Unauthenticated } from "../errors.ts";
import { removePictures } from "../image/cleanup.ts";
import { publishTouched } from "../live/list-changes.ts";
import { type Page, toPage } from "../pagination.ts";
import { withTimers } from "../words/timers.ts";
import { decodeRecipeCursor, findRecipes, type RecipeOrder } from "./list-query.ts";
import {
  deleteRecipeById,
  findExistingReferences,
  findRecipeById,
  insertRecipe,
  lockRecipeById,
  type RecipeFields,
  updateRecipeById,
} from "./repository.ts";
import { recordRevision } from "./revision-repository.ts";
import type { RecipeCreate, RecipeListQuery, RecipeRead, RecipeSummary, RecipeUpdate } from "./schemas.ts";

/**
 * The whole recipe, read in one SQL statement (core/recipe/scale.ts scales it to other servings),
 * with what `viewerId` keeps about it (core/recipe/personal.ts; undefined: Public).
 */
export async function getRecipe(db: Db, id: number, viewerId?: number): Promise<RecipeRead> {
  const recipe = await findRecipeById(db, id, viewerId);
  if (!recipe) throw notFound("Recipe", id);
  // Each step's timers are read from its text here, on every read: never stored, always its text's.
  return { ...recipe, steps: withTimers(recipe.steps) };
}

/**
 * A page of recipe summaries: filtered, searched (ranked) and sorted, by keyset; with what the caller
 * keeps about each. `favourite` and `sort=last_cooked` are the caller's own: 401 for Public.
 */
export async function listRecipes(
  db: Db,
  query: RecipeListQuery,
  caller: Caller | null = null,
): Promise<Page<RecipeSummary>> {
  if (!caller && (query.favourite !== undefined || query.sort === "last_cooked")) throw Unauthenticated();
  const order: RecipeOrder = query.sort ?? (query.q ? "relevance" : "newest");
  const after = query.cursor ? decodeRecipeCursor(order, query.cursor) : undefined;
  const filters = {
    ...query,
    viewer_id: caller?.id,
    favourite: query.favourite === undefined ? undefined : query.favourite === "true",
  };
  const rows = await findRecipes(db, filters, order, after, query.limit);
  const page = toPage(rows, query.limit, (row) => [order, row.sort_key, row.id]);
  return { ...page, items: page.items.map(({ sort_key: _, ...summary }) => summary) };
}

/**
 * 422 naming the first id in the body that does not exist; in a transaction, the rows found stay
 * locked against deletion until it ends.
 */
async function checkReferences(db: Db, input: RecipeUpdate): Promise<void> {
  const categoryIds = input.category_ids ?? [];
  const lines = input.ingredients ?? [];
  const { categories, ingredients } = await findExistingReferences(
    db,
    categoryIds,
    lines.map((line) => line.ingredient_id),
  );
  const missingCategory = categoryIds.findIndex((id) => !categories.has(id));
  const category = categoryIds[missingCategory];
  if (category !== undefined) throw missingReference("Category", category, `category_ids.${missingCategory}`);
  const missingLine = lines.findIndex((line) => !ingredients.has(line.ingredient_id));
  const line = lines[missingLine];
  if (line) {
    throw missingReference("Ingredient", line.ingredient_id, `ingredients.${missingLine}.ingredient_id`);
  }
}

const scalarFields = (input: RecipeUpdate): RecipeFields => {
  const fields: RecipeFields = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.description !== undefined) fields.description = input.description;
  if (input.cook_time_sec !== undefined) fields.cook_time_sec = input.cook_time_sec;
  if (input.prep_time_sec !== undefined) fields.prep_time_sec = input.prep_time_sec;
  if (input.total_time_sec !== undefined) fields.total_time_sec = input.total_time_sec;
  if (input.servings !== undefined) fields.servings = input.servings;
  if (input.source_url !== undefined) fields.source_url = input.source_url;
  return fields;
};

/**
 * Runs a write whose statement's foreign keys check the category and ingredient ids of `input`.
 * A refused write wrote nothing; only then are the ids looked up, to name the first missing one in
 * the 422. In a transaction the caller opened, a failed statement would abort it: there `write`
 * checks the ids itself before its statement, with `checkIdsFirst` (a no-op anywhere else). `write`
 * gets that transaction, or `db`.
 */
async function withReferencesChecked<T>(
  db: Db,
  input: RecipeUpdate,
  write: (conn: Db, checkIdsFirst: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const open = openTransactionDb();
  if (open) return write(open, () => checkReferences(open, input));
  try {
    return await write(db, async () => {});
  } catch (error) {
    if (isForeignKeyViolation(error)) await checkReferences(db, input);
    throw error;
  }
}

/**
 * Creates a recipe owned by the caller with its lines, steps and categories, all or nothing: one
 * statement writes them all; its revision 1 (core/recipe/revisions.ts) is kept in the same transaction.
 */
export async function createRecipe(db: Db, input: RecipeCreate, caller: Caller): Promise<RecipeRead> {
  const fields = { ...scalarFields(input), title: input.title, user_id: caller.id };
  return withReferencesChecked(db, input, (conn, checkIdsFirst) =>
    transaction(conn, async (trx) => {
      await checkIdsFirst();
      const id = await insertRecipe(trx, fields, input);
      await recordRevision(trx, id, caller.id);
      return getRecipe(trx, id, caller.id);
    }),
  );
}

/** Locks the recipe and checks that the caller owns it or is an admin. */
export async function lockOwnRecipe(db: Db, id: number, caller: Caller) {
  const recipe = await lockRecipeById(db, id);
  if (!recipe) throw notFound("Recipe", id);
  assertOwnerOrAdmin(caller, recipe.user_id, "Recipe", id);
  return recipe;
}

/**
 * Changes any subset of a recipe; a list that is given replaces the old list. The recipe row is
 * locked first, so two concurrent updates run one after the other and never mix their lists.
 */
export async function updateRecipe(
  db: Db,
  id: number,
  input: RecipeUpdate,
  caller: Caller,
): Promise<RecipeRead> {
  return withReferencesChecked(db, input, (conn, checkIdsFirst) =>
    transaction(conn, async (trx) => {
      await lockOwnRecipe(trx, id, caller);
      await checkIdsFirst();
      await updateRecipeById(trx, id, scalarFields(input), input);
      // A revision when something changed (core/recipe/revisions.ts), in this transaction.
      await recordRevision(trx, id, caller.id);
      return getRecipe(trx, id, caller.id);
    }),
  );
}

/** Deletes a recipe (its lines, steps and category links cascade), then its pictures. */
export async function removeRecipe(db: Db, id: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    const recipe = await lockOwnRecipe(trx, id, caller);
    // Lists it was added to lose it (and their items its parts): their followers read them again.
    await publishTouched(db, trx, "recipe", id);
    await deleteRecipeById(trx, id);
    afterCommit(() => removePictures([recipe.img, recipe.preview_img]));
  });
}
