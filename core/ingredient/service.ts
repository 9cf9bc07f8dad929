/** Ingredients: anyone reads them; the creator or an admin changes them. */
import { assertOwnerOrAdmin, type Caller } from "../auth/caller.ts";
import { afterCommit, type Db, isForeignKeyViolation, isUniqueViolation, transaction } from "../db.ts";
import { Conflict, Invalid, missingReference, notFound } from "../errors.ts";
import { removePictures } from "../image/cleanup.ts";
import { publishTouched } from "../live/list-changes.ts";
import { nameTaken } from "../names.ts";
import { type Page, pageByNameAndId } from "../pagination.ts";
import { refreshRecipeSearch } from "../recipe/search.ts";
import { checkNutritionChoice, chooseNutrition, choosesNutrition, matchNutrition } from "./nutrition.ts";
import {
  countRecipesUsingIngredient,
  deleteIngredientById,
  dropOtherNameNamed,
  findIngredientById,
  findIngredientByIdForUpdate,
  type IngredientRow,
  insertIngredient,
  otherNamesTaken,
  recipeExists,
  selectIngredients,
  setOtherNames,
  updateIngredientById,
} from "./repository.ts";
import type { IngredientCreate, IngredientListQuery, IngredientUpdate, OtherName } from "./schemas.ts";

const usedBy = (id: number, recipes: number) =>
  Conflict(`Ingredient ID ${id} is used by ${recipes} ${recipes === 1 ? "recipe" : "recipes"}.`);

function assertCanWrite(caller: Caller, row: IngredientRow): Caller {
  assertOwnerOrAdmin(caller, row.user_id, "Ingredient", row.id);
  return caller;
}

async function assertRecipeExists(db: Db, recipeId: number | null | undefined): Promise<void> {
  if (recipeId == null || (await recipeExists(db, recipeId))) return;
  throw missingReference("Recipe", recipeId, "recipe_id");
}

/**
 * Sets the ingredient's other names (the whole set), after checking them against its name `name`
 * and every other ingredient, ignoring case and plural as names are: its own name or a name given
 * twice is a 422 naming the entry, another ingredient's name or other name a 409 naming that one.
 */
async function writeOtherNames(db: Db, id: number, name: string, names: readonly OtherName[]): Promise<void> {
  const [own, ...checked] = await otherNamesTaken(db, id, [name, ...names.map((n) => n.name)]);
  const errors = names.flatMap(({ name: other }, at) => {
    const key = checked[at]?.key;
    const message =
      key === own?.key
        ? `'${other}' is already the ingredient's name.`
        : checked.findIndex((c) => c.key === key) < at
          ? `'${other}' is given twice.`
          : undefined;
    return message ? [{ path: `other_names.${at}.name`, message }] : [];
  });
  if (errors[0]) throw Invalid(errors[0].message, errors);
  const taken = names.findIndex((_, at) => checked[at]?.taken_by != null);
  if (taken >= 0) throw await nameTaken(db, "ingredients", "Ingredient", names[taken]?.name ?? "");
  await setOtherNames(
    db,
    id,
    names.map((n) => ({ name: n.name, language: n.language ?? null })),
  );
}

/**
 * Maps what the database refuses (a name taken ignoring case and plural, as a name or as another
 * name, also by a concurrent request; a recipe deleted meanwhile) to the contract's errors.
 */
async function guardWrite<T>(db: Db, input: IngredientUpdate, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const taken = input.name ?? input.other_names?.[0]?.name;
    const nameKeys = ["ingredients_name_key", "ingredient_names_name_key"];
    if (taken !== undefined && nameKeys.some((key) => isUniqueViolation(error, key))) {
      throw await nameTaken(db, "ingredients", "Ingredient", taken);
    }
    if (isForeignKeyViolation(error, "ingredients_recipe_id_fkey") && input.recipe_id != null) {
      throw missingReference("Recipe", input.recipe_id, "recipe_id");
    }
    throw error;
  }
}

/**
 * A page of ingredients in name order; `q` matches the start of a name or of a word in it, `named_in`
 * keeps those with another name in that language.
 */
export async function listIngredients(db: Db, query: IngredientListQuery): Promise<Page<IngredientRow>> {
  return pageByNameAndId(query, (page) =>
    selectIngredients(db, {
      ...page,
      ...(query.q ? { q: query.q } : {}),
      ...(query.named_in ? { namedIn: query.named_in } : {}),
    }),
  );
}

/** One ingredient in the Read shape; 404 when it does not exist. */
export async function getIngredient(db: Db, id: number): Promise<IngredientRow> {
  const row = await findIngredientById(db, id);
  if (!row) throw notFound("Ingredient", id);
  return row;
}

/** One ingredient, read again after a write in the same transaction. */
const reread = async (db: Db, id: number) => (await findIngredientById(db, id)) as IngredientRow;

/**
 * Creates an ingredient owned by the caller, with its other names, matched to a food of the table
 * by its name; 409 for a name taken (ignoring case and plural, as a name or as another name), 422
 * for an unknown recipe.
 */
export async function createIngredient(
  db: Db,
  input: IngredientCreate,
  caller: Caller,
): Promise<IngredientRow> {
  return guardWrite(db, input, () =>
    transaction(db, async (trx) => {
      await assertRecipeExists(trx, input.recipe_id);
      const { id } = await insertIngredient(trx, {
        user_id: caller.id,
        name: input.name,
        description: input.description ?? null,
        recipe_id: input.recipe_id ?? null,
        grams_per_ml: input.grams_per_ml ?? null,
        grams_per_piece: input.grams_per_piece ?? null,
      });
      if (input.other_names?.length) await writeOtherNames(trx, id, input.name, input.other_names);
      await matchNutrition(trx, [id]);
      return reread(trx, id);
    }),
  );
}

/**
 * Changes the given fields (creator or admin); `other_names` replaces the set. A rename or new
 * other names refresh the search text of every recipe that uses the ingredient in the same
 * transaction, so recipe search never sees an old name; a rename matches it again unless a person
 * chose its nutrition; `nutrition_food_id` or `nutrients_per_100g`
 * is a person's choice (null: back to the match), core/ingredient/nutrition.ts.
 */
export async function updateIngredient(
  db: Db,
  id: number,
  input: IngredientUpdate,
  caller: Caller,
): Promise<IngredientRow> {
  return guardWrite(db, input, () =>
    transaction(db, async (trx) => {
      const row = await findIngredientByIdForUpdate(trx, id);
      if (!row) throw notFound("Ingredient", id);
      assertCanWrite(caller, row);
      checkNutritionChoice(input);
      const { nutrition_food_id, nutrients_per_100g, other_names, ...fields } = input;
      if (Object.keys(input).length === 0) return row;
      await assertRecipeExists(trx, input.recipe_id);
      const renamed = input.name !== undefined && input.name !== row.name;
      // Its new name is no longer one of its other names (the set given replaces them anyway).
      if (renamed && other_names === undefined) await dropOtherNameNamed(trx, id, input.name ?? row.name);
      if (Object.keys(fields).length > 0) await updateIngredientById(trx, id, fields);
      if (other_names !== undefined) await writeOtherNames(trx, id, input.name ?? row.name, other_names);
      if (renamed || other_names !== undefined) await refreshRecipeSearch(trx, { ingredientId: id });
      if (choosesNutrition(input)) await chooseNutrition(trx, id, { nutrition_food_id, nutrients_per_100g });
      else if (renamed) await matchNutrition(trx, [id]);
      return reread(trx, id);
    }),
  );
}

/** Deletes an unused ingredient (creator or admin); 409 while recipes use it, and nothing changes. */
export async function removeIngredient(db: Db, id: number, caller: Caller): Promise<void> {
  try {
    await transaction(db, async (trx) => {
      const found = await findIngredientByIdForUpdate(trx, id);
      if (!found) throw notFound("Ingredient", id);
      assertCanWrite(caller, found);
      const recipes = await countRecipesUsingIngredient(trx, id);
      if (recipes > 0) throw usedBy(id, recipes);
      // Items of it become free text: the followers of their lists read them again.
      await publishTouched(db, trx, "ingredient", id);
      await deleteIngredientById(trx, id);
      afterCommit(() => removePictures([found.img, found.preview_img]));
    });
  } catch (error) {
    // A recipe started using it between the count and the delete: the RESTRICT key stopped it.
    if (isForeignKeyViolation(error, "recipe_ingredients_ingredient_id_fkey")) {
      throw usedBy(id, Math.max(1, await countRecipesUsingIngredient(db, id)));
    }
    throw error;
  }
}
