/**
 * The cooked log (CONTRACT.md: Cooked): "I made this", by anyone who may read the recipe (every
 * recipe is readable, so: an existing one), private or shared with one of the maker's households
 * (core/household/access.ts: members read it, only its maker or an admin deletes it). A log reads
 * the caller's entries and their households', newest day first, by keyset.
 */
import { assertOwnerOrAdmin, type Caller } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { BadRequest, belongsToAnother, notFound } from "../errors.ts";
import { checkHouseholdChoice, mayUse } from "../household/access.ts";
import { decodeCursor, type Page, toPage } from "../pagination.ts";
import { findRecipeServings } from "../recipe/repository.ts";
import {
  deleteCookedById,
  findCookedAccess,
  findCookedById,
  insertCooked,
  lockCookedById,
  selectCooked,
} from "./repository.ts";
import { type CookedCreate, CookedCursorKey, type CookedQuery, type CookedRead } from "./schemas.ts";

/** Today in UTC (YYYY-MM-DD): the day an entry without `date` was cooked. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

async function read(db: Db, id: number): Promise<CookedRead> {
  const entry = await findCookedById(db, id);
  if (!entry) throw notFound("Cooked entry", id);
  return entry;
}

/**
 * Notes that the caller cooked the recipe: on `date` (default today, UTC), at `servings` (default the
 * recipe's own), shared with `household_id` (422 unknown, 403 not theirs) or private. 404 for a recipe
 * that does not exist.
 */
export async function createCooked(
  db: Db,
  recipeId: number,
  input: CookedCreate,
  caller: Caller,
): Promise<CookedRead> {
  return transaction(db, async (trx) => {
    const recipe = await findRecipeServings(trx, recipeId);
    if (!recipe) throw notFound("Recipe", recipeId);
    if (input.household_id != null)
      await checkHouseholdChoice(trx, input.household_id, caller, "household_id");
    const id = await insertCooked(trx, {
      recipe_id: recipeId,
      user_id: caller.id,
      date: input.date ?? todayUtc(),
      servings: input.servings === undefined ? recipe.servings : input.servings,
      note: input.note ?? "",
      household_id: input.household_id ?? null,
    });
    return read(trx, id);
  });
}

/** A page of the caller's log and their households', newest day first; `to` before `from` is a 400. */
export async function listCooked(db: Db, query: CookedQuery, caller: Caller): Promise<Page<CookedRead>> {
  if (query.from && query.to && query.to < query.from)
    throw BadRequest(`'to' (${query.to}) is before 'from' (${query.from}).`);
  const after = query.cursor ? decodeCursor(query.cursor, CookedCursorKey) : undefined;
  const rows = await selectCooked(db, caller.id, query, after, query.limit);
  return toPage(rows, query.limit, (row) => [row.date, row.id]);
}

/** One entry: its maker, the members of its household, or an admin (403 for anyone else). */
export async function getCooked(db: Db, id: number, caller: Caller): Promise<CookedRead> {
  const entry = await findCookedAccess(db, id, caller.id);
  if (!entry) throw notFound("Cooked entry", id);
  if (!mayUse(entry, caller)) throw belongsToAnother("Cooked entry", id);
  return read(db, id);
}

/** Deletes an entry: its maker or an admin (a household member who did not make it: 403). */
export async function removeCooked(db: Db, id: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    const entry = await lockCookedById(trx, id);
    if (!entry) throw notFound("Cooked entry", id);
    assertOwnerOrAdmin(caller, entry.user_id, "Cooked entry", id);
    await deleteCookedById(trx, id);
  });
}
