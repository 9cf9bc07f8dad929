/**
 * Shelves: named places in one store, in walking order, each holding some ingredients. Writes follow
 * the store's owner (or an admin) and run in one transaction with the store row locked, so two
 * writers cannot put one ingredient on two shelves of a store.
 */

import * as z from "zod/mini";
import type { Caller } from "../auth/caller.ts";
import { type Db, isForeignKeyViolation, isUniqueViolation, transaction } from "../db.ts";
import { Conflict, type FieldError, Invalid, missingReference, notFound } from "../errors.ts";
import { getIngredient } from "../ingredient/service.ts";
import { decodeCursor, type Page, pageByNameAndId, toPage } from "../pagination.ts";
import { findWritableStore, getStore } from "../store/service.ts";
import {
  deleteShelfById,
  findIngredientOnOtherShelf,
  findShelfById,
  insertShelf,
  replaceShelfIngredients,
  selectExistingIngredientIds,
  selectShelfIds,
  selectShelves,
  selectStoresWithIngredient,
  takeIngredientsOffOtherShelves,
  updateShelfById,
  writeShelfPositions,
} from "./repository.ts";
import type { ShelfCreate, ShelfOrder, ShelfUpdate } from "./schemas.ts";

type ShelfRow = NonNullable<Awaited<ReturnType<typeof findShelfById>>>;
export type Shelf = ShelfRow & { ingredient_ids: number[] };

const PositionIdCursor = z.tuple([z.number().check(z.int()), z.number().check(z.int())]);

const toShelf = (row: ShelfRow): Shelf => ({ ...row, ingredient_ids: row.ingredients.map((i) => i.id) });

/** The shelf as written, with its ingredients, read back in the writing transaction. */
async function readShelf(trx: Db, storeId: number, shelfId: number): Promise<Shelf> {
  const row = await findShelfById(trx, storeId, shelfId);
  if (!row) throw notFound("Shelf", shelfId);
  return toShelf(row);
}

/** 422 for the first id that names no ingredient, 409 for one already on another shelf of the store. */
async function checkIngredients(db: Db, storeId: number, ids: readonly number[], shelfId?: number) {
  const existing = await selectExistingIngredientIds(db, ids);
  const missing = ids.find((id) => !existing.has(id));
  if (missing !== undefined) {
    throw missingReference("Ingredient", missing, `ingredient_ids.${ids.indexOf(missing)}`);
  }
  const taken = await findIngredientOnOtherShelf(db, storeId, ids, shelfId);
  if (taken) {
    throw Conflict(`Ingredient '${taken.ingredient_name}' is already on shelf '${taken.shelf_name}'.`);
  }
}

/**
 * Runs a shelf write in one transaction. Should a concurrent change slip past the checks anyway (an
 * ingredient deleted meanwhile), the database keys stop it and the checks, run again, name the cause.
 */
async function writeShelf<T>(
  db: Db,
  storeId: number,
  ids: readonly number[],
  shelfId: number | undefined,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await transaction(db, write);
  } catch (error) {
    if (isUniqueViolation(error) || isForeignKeyViolation(error))
      await checkIngredients(db, storeId, ids, shelfId);
    throw error;
  }
}

/** The store's shelves in walking order, each with its ingredients; 404 when the store does not exist. */
export async function listShelves(
  db: Db,
  storeId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<Shelf>> {
  const after = query.cursor ? decodeCursor(query.cursor, PositionIdCursor) : undefined;
  await getStore(db, storeId); // 404 when there is none
  const rows = await selectShelves(db, storeId, { limit: query.limit + 1, ...(after ? { after } : {}) });
  return toPage(rows.map(toShelf), query.limit, (row) => [row.position, row.id]);
}

/** Adds a shelf to a store (its owner or an admin). */
export async function createShelf(
  db: Db,
  storeId: number,
  input: ShelfCreate,
  caller: Caller,
): Promise<Shelf> {
  const ids = [...new Set(input.ingredient_ids ?? [])];
  return writeShelf(db, storeId, ids, undefined, async (trx) => {
    await findWritableStore(trx, storeId, caller);
    await checkIngredients(trx, storeId, ids);
    const { id } = await insertShelf(trx, { store_id: storeId, name: input.name, position: input.position });
    await replaceShelfIngredients(trx, storeId, id, ids);
    return readShelf(trx, storeId, id);
  });
}

/**
 * Changes a shelf (the store's owner or an admin); a given `ingredient_ids` replaces the old list.
 * With `move`, those ingredients leave any other shelf of the store in the same transaction, so a
 * move never leaves an ingredient on no shelf or on two; without it, such an ingredient is a 409.
 */
export async function updateShelf(
  db: Db,
  storeId: number,
  shelfId: number,
  input: ShelfUpdate,
  caller: Caller,
): Promise<Shelf> {
  const ids = input.ingredient_ids ? [...new Set(input.ingredient_ids)] : undefined;
  return writeShelf(db, storeId, ids ?? [], shelfId, async (trx) => {
    await findWritableStore(trx, storeId, caller);
    if (!(await updateShelfById(trx, storeId, shelfId, { name: input.name, position: input.position }))) {
      throw notFound("Shelf", shelfId);
    }
    if (ids) {
      if (input.move) await takeIngredientsOffOtherShelves(trx, storeId, shelfId, ids);
      await checkIngredients(trx, storeId, ids, shelfId);
      await replaceShelfIngredients(trx, storeId, shelfId, ids);
    }
    return readShelf(trx, storeId, shelfId);
  });
}

/** 422 unless `given` names each of the store's shelves exactly once; `errors` names every problem. */
function checkOrder(storeId: number, given: readonly number[], shelfIds: readonly number[]) {
  const shelves = new Set(shelfIds);
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  given.forEach((id, index) => {
    const path = `shelf_ids.${index}`;
    if (!shelves.has(id))
      errors.push({ path, message: `Shelf ID ${id} is not a shelf of store ID ${storeId}.` });
    else if (seen.has(id)) errors.push({ path, message: `Shelf ID ${id} is named more than once.` });
    seen.add(id);
  });
  for (const id of [...shelfIds].sort((a, b) => a - b)) {
    if (!seen.has(id)) errors.push({ path: "shelf_ids", message: `Shelf ID ${id} is missing.` });
  }
  const first = errors[0];
  if (first) {
    const cause = first.message.charAt(0).toLowerCase() + first.message.slice(1);
    throw Invalid(`The order must name each shelf of store ID ${storeId} exactly once: ${cause}`, errors);
  }
}

/**
 * Puts a store's shelves in a new walking order (the store's owner or an admin): `shelf_ids` names
 * every shelf of the store once, first to last, and the positions become 0, 1, 2… in one transaction
 * with the store locked, so a reorder is applied whole or not at all. Answers every shelf, in order.
 */
export async function reorderShelves(
  db: Db,
  storeId: number,
  input: ShelfOrder,
  caller: Caller,
): Promise<Page<Shelf>> {
  return transaction(db, async (trx) => {
    await findWritableStore(trx, storeId, caller);
    checkOrder(storeId, input.shelf_ids, await selectShelfIds(trx, storeId));
    await writeShelfPositions(trx, storeId, input.shelf_ids);
    const rows = await selectShelves(trx, storeId, { limit: input.shelf_ids.length });
    return { items: rows.map(toShelf), next_cursor: null };
  });
}

/** Removes a shelf (the store's owner or an admin); its ingredients stay in the catalogue. */
export async function removeShelf(db: Db, storeId: number, shelfId: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    await findWritableStore(trx, storeId, caller);
    if (!(await deleteShelfById(trx, storeId, shelfId))) throw notFound("Shelf", shelfId);
  });
}

/** Where an ingredient can be found: the stores that have it, in name order, each with its shelf. */
export async function listIngredientStores(
  db: Db,
  ingredientId: number,
  query: { limit: number; cursor?: string | undefined },
) {
  await getIngredient(db, ingredientId); // 404 when there is none
  return pageByNameAndId(query, (page) => selectStoresWithIngredient(db, ingredientId, page));
}
