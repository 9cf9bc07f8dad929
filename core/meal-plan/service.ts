/**
 * Meal plan rules: an entry is read and written by its creator, the members of its household and an
 * admin (core/household/access.ts); entries are read by date range and carry the servings they will
 * be cooked at (default: the recipe's own).
 */
import type { Caller } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { AppError, type FieldError, missingReference, notFound } from "../errors.ts";
import { assertMayUse, checkHouseholdChoice, checkMove } from "../household/access.ts";
import { findRecipeServings } from "../recipe/repository.ts";
import { servingsScale } from "../recipe/servings.ts";
import {
  deleteEntryById,
  type EntryFields,
  type EntryScope,
  findEntryById,
  insertEntry,
  lockEntryById,
  selectEntries,
  updateEntryById,
} from "./repository.ts";
import type {
  MealPlanEntryCreate,
  MealPlanEntryRead,
  MealPlanEntryUpdate,
  MealPlanQuery,
} from "./schemas.ts";

/** The widest range one read (or one "add these days to a list") may span: `to` − `from` in days. */
export const MAX_RANGE_DAYS = 62;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** The days IsoDate takes: 0001-01-01 to 9999-12-31. */
const [FIRST_DAY, LAST_DAY] = [dayNumber("0001-01-01"), dayNumber("9999-12-31")];
/** A day as YYYY-MM-DD, within the days IsoDate takes (a default range ends there). */
const dateOf = (day: number) =>
  new Date(Math.min(Math.max(day, FIRST_DAY), LAST_DAY) * DAY_MS).toISOString().slice(0, 10);

/**
 * Checks that `from` ≤ `to` and that they are at most MAX_RANGE_DAYS apart; `fail` turns the sentence
 * and the field into the caller's error (400 for a query, 422 for a body).
 */
export function checkRange(
  from: string,
  to: string,
  fail: (sentence: string, errors: FieldError[]) => AppError,
): void {
  const span = dayNumber(to) - dayNumber(from);
  if (span < 0) {
    const sentence = `'to' (${to}) is before 'from' (${from}).`;
    throw fail(sentence, [{ path: "to", message: sentence }]);
  }
  if (span > MAX_RANGE_DAYS) {
    const sentence = `'from' and 'to' may be at most ${MAX_RANGE_DAYS} days apart; these are ${span}.`;
    throw fail(sentence, [{ path: "to", message: sentence }]);
  }
}

/**
 * The days a read covers: both given as they are; one alone, the 7 days from (or up to) it (fewer
 * at the calendar's ends); none, this week from Monday to Sunday (UTC).
 */
export function resolveRange(query: MealPlanQuery, now = new Date()): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: dateOf(dayNumber(query.from) + 6) };
  if (query.to) return { from: dateOf(dayNumber(query.to) - 6), to: query.to };
  const today = Math.floor(now.getTime() / DAY_MS);
  const monday = today - ((now.getUTCDay() + 6) % 7);
  return { from: dateOf(monday), to: dateOf(monday + 6) };
}

/** The recipe's own servings, after checking that it exists (422: an id in a body) and that `servings` fits it. */
async function recipeServings(
  db: Db,
  recipeId: number,
  servings: number | undefined,
): Promise<number | null> {
  const recipe = await findRecipeServings(db, recipeId);
  if (!recipe) {
    throw missingReference("Recipe", recipeId, "recipe_id");
  }
  servingsScale(recipe, servings);
  return recipe.servings;
}

async function read(db: Db, id: number): Promise<MealPlanEntryRead> {
  const entry = await findEntryById(db, id);
  if (!entry) throw notFound("Meal plan entry", id);
  return entry;
}

/** The entries from `from` to `to` of a user, or of a household (as a shopping list adds them). */
export const plannedEntries = (
  db: Db,
  whose: { userId: number } | { householdId: number },
  from: string,
  to: string,
) => selectEntries(db, whose, from, to);

/**
 * The entries of the range (see resolveRange) the caller plans with: their own and those of their
 * households, or with `household_id` only that household's (422 unknown, 403 not theirs); by date,
 * then meal.
 */
export async function listEntries(
  db: Db,
  query: MealPlanQuery,
  caller: Caller,
): Promise<{ items: MealPlanEntryRead[] }> {
  const { from, to } = resolveRange(query);
  checkRange(from, to, (sentence, errors) => new AppError("bad_request", sentence, { errors }));
  let scope: EntryScope = { readerId: caller.id };
  if (query.household_id !== undefined) {
    await checkHouseholdChoice(db, query.household_id, caller, "household_id");
    scope = { householdId: query.household_id };
  }
  return { items: await selectEntries(db, scope, from, to) };
}

/**
 * Plans a recipe on a day and meal for the caller (shared with one of their households, or private),
 * at the given servings or the recipe's own.
 */
export async function createEntry(
  db: Db,
  input: MealPlanEntryCreate,
  caller: Caller,
): Promise<MealPlanEntryRead> {
  return transaction(db, async (trx) => {
    const own = await recipeServings(trx, input.recipe_id, input.servings);
    if (input.household_id != null)
      await checkHouseholdChoice(trx, input.household_id, caller, "household_id");
    const id = await insertEntry(trx, {
      user_id: caller.id,
      household_id: input.household_id ?? null,
      date: input.date,
      meal: input.meal,
      recipe_id: input.recipe_id,
      servings: input.servings ?? own,
      note: input.note ?? "",
    });
    return read(trx, id);
  });
}

/**
 * The servings an entry keeps when its recipe changes and the request names no `servings`: the ones
 * the person set stay (PUT changes only what it names), unless the new recipe says no servings (null:
 * nothing to scale, it is added to a list as written) or the entry had none (the new recipe's own, the
 * default a new entry would take).
 */
function servingsForNewRecipe(kept: number | null, own: number | null): number | null {
  if (own === null) return null;
  return kept ?? own;
}

/**
 * Changes any subset (creator, household member or admin); another recipe without `servings` keeps
 * the entry's servings. Only its creator or an admin moves it to another household or out of one.
 */
export async function updateEntry(
  db: Db,
  id: number,
  input: MealPlanEntryUpdate,
  caller: Caller,
): Promise<MealPlanEntryRead> {
  return transaction(db, async (trx) => {
    const entry = assertMayUse(await lockEntryById(trx, id, caller.id), "Meal plan entry", id, caller);
    const fields: EntryFields = {};
    if (await checkMove(trx, entry, input.household_id, "Meal plan entry", id, caller))
      fields.household_id = input.household_id ?? null;
    if (input.date !== undefined) fields.date = input.date;
    if (input.meal !== undefined) fields.meal = input.meal;
    if (input.note !== undefined) fields.note = input.note;
    if (input.recipe_id !== undefined || input.servings !== undefined) {
      const recipeId = input.recipe_id ?? entry.recipe_id;
      const own = await recipeServings(trx, recipeId, input.servings);
      fields.recipe_id = recipeId;
      if (input.servings !== undefined) fields.servings = input.servings;
      else if (recipeId !== entry.recipe_id) fields.servings = servingsForNewRecipe(entry.servings, own);
    }
    await updateEntryById(trx, id, fields);
    return read(trx, id);
  });
}

/** Deletes an entry (creator, household member or admin). */
export async function removeEntry(db: Db, id: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    assertMayUse(await lockEntryById(trx, id, caller.id), "Meal plan entry", id, caller);
    await deleteEntryById(trx, id);
  });
}
