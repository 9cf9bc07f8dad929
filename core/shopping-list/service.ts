/**
 * Shopping list rules: a list is read and written by its creator, the members of its household and
 * an admin (core/household/access.ts), reads included; every write is one transaction that first
 * locks the list row, so concurrent additions to one list take turns and never lose grams; a
 * recipe's grams merge into the one unchecked item per ingredient and are remembered per recipe, so
 * taking the recipe back removes exactly its share. Once a write has committed, the list's live
 * subscribers hear what changed (core/live/fan-out.ts).
 */

import { sql } from "kysely";
import { type Caller, isAdmin } from "../auth/caller.ts";
import { type Db, isUniqueViolation, transaction } from "../db.ts";
import { Conflict, Invalid, missingReference, NotFound, notFound } from "../errors.ts";
import { assertMayUse, checkHouseholdChoice, checkMove, type SharedRow } from "../household/access.ts";
import { type ChangedList, publishListChanges } from "../live/list-changes.ts";
import type { ListChange } from "../live/messages.ts";
import { checkRange, plannedEntries } from "../meal-plan/service.ts";
import { findByName } from "../names.ts";
import { type Page, pageByNameAndId } from "../pagination.ts";
import { findRecipeServings } from "../recipe/repository.ts";
import { servingsScale } from "../recipe/servings.ts";
import { forgetTick, learnFromTick } from "../store/learning.ts";
import { type Expand, MAX_EXPAND_DEPTH, type Need, recipeNeeds } from "./expand.ts";
import {
  actAs,
  deleteCheckedItems,
  deleteItemById,
  deleteListById,
  deleteListRecipe,
  deleteRecipeParts,
  findIngredientName,
  findItem,
  findItemOfClientId,
  findListsAccess,
  findUncheckedItemId,
  findWholeList,
  type ItemFields,
  insertFreeTextItem,
  insertList,
  lockItemById,
  lockListById,
  mergeIntoUncheckedItems,
  mergeItemInto,
  selectListsOfUser,
  selectRecipeTree,
  settleItems,
  storeExists,
  updateItemById,
  updateListById,
  upsertListRecipe,
} from "./repository.ts";
import type {
  ShoppingListCreate,
  ShoppingListGetQuery,
  ShoppingListItemCreate,
  ShoppingListItemRead,
  ShoppingListItemUpdate,
  ShoppingListListQuery,
  ShoppingListMealPlanCreate,
  ShoppingListRead,
  ShoppingListRecipeCreate,
  ShoppingListSummary,
  ShoppingListUpdate,
} from "./schemas.ts";

/** A change on a list: an item as it is now, an item gone, the list itself. */
type ItemChange = ListChange<ShoppingListItemRead>;

/** PostgreSQL's "numeric field overflow": a total beyond what the grams columns hold. */
const isNumericOverflow = (error: unknown) => (error as { code?: unknown } | null)?.code === "22003";

/**
 * The list as a write sees it: who may write it (the sharing rule's row), what its subscribers hear,
 * and the store it follows (whose learned order its ticks teach).
 */
type ListRef = ChangedList & SharedRow & { store_id: number | null };

/**
 * Runs one write to a list as one transaction. The list row is locked (`for update`) and the
 * caller's access checked with that one statement, before anything is read or written, so writers to
 * one list take turns and never lose grams; the item changes are recorded as the caller's
 * (`updated_by`). `work` calls `listChanged` when it changed the list, so `updated_at` tells clients
 * (a replayed PUT that changes nothing leaves it) and `changes` holds what the list's live
 * subscribers are told once the transaction has committed. A total beyond the grams columns is a 422.
 */
async function writeList<T>(
  db: Db,
  id: number,
  caller: Caller,
  work: (trx: Db, list: ListRef, changes: ItemChange[]) => Promise<T>,
): Promise<T> {
  try {
    return await transaction(db, async (trx) => {
      const list = assertMayUse(await lockListById(trx, id, caller.id), "Shopping list", id, caller);
      await actAs(trx, caller.id);
      const changes: ItemChange[] = [];
      const result = await work(trx, list, changes);
      publishListChanges(db, list, changes);
      return result;
    });
  } catch (error) {
    if (isNumericOverflow(error)) {
      throw Invalid(
        `Shopping list ID ${id} cannot hold that much: an amount would pass 999999999.999 grams.`,
      );
    }
    throw error;
  }
}

/**
 * A write whose answer is the whole list as that write left it: read in the same transaction, under
 * the same lock, so no other write slips in between.
 */
const writeWholeList = (
  db: Db,
  id: number,
  caller: Caller,
  work: (trx: Db, list: ListRef, changes: ItemChange[]) => Promise<unknown>,
) =>
  writeList(db, id, caller, async (trx, list, changes) => {
    await work(trx, list, changes);
    return wholeList(trx, id, caller);
  });

/** The list changed: its updated_at moves (clients see it), and its live subscribers will hear `news`. */
async function listChanged(trx: Db, id: number, changes: ItemChange[], ...news: ItemChange[]): Promise<void> {
  await updateListById(trx, id, {});
  changes.push(...news);
}

const LIST_CHANGED: ItemChange = { type: "list", deleted: false };

/** The whole list, walking its own store, once access was checked (one SQL statement). */
async function wholeList(trx: Db, id: number, caller: Caller): Promise<ShoppingListRead> {
  const row = await findWholeList(trx, id, undefined, caller.id);
  if (!row) throw notFound("Shopping list", id);
  const { store_found: _, member: __, ...list } = row;
  return list;
}

/**
 * The lists `ids` if `caller` may use every one of them (the live subscribe), checked in the order
 * given: the first refused is the 404 or 403 a REST route would answer for it.
 */
export async function checkListsAccess(db: Db, ids: readonly number[], caller: Caller): Promise<void> {
  const rows = await findListsAccess(db, ids, caller.id);
  for (const id of ids) assertMayUse(rows.get(id), "Shopping list", id, caller);
}

async function checkStore(db: Db, storeId: number | null | undefined): Promise<void> {
  if (storeId != null && !(await storeExists(db, storeId)))
    throw missingReference("Store", storeId, "store_id");
}

/**
 * A page of the caller's lists in (name, id) order, without their items: their own and those of their
 * households, or with `?household_id=` only that household's (422 unknown, 403 not theirs).
 */
export async function listShoppingLists(
  db: Db,
  query: ShoppingListListQuery,
  caller: Caller,
): Promise<Page<ShoppingListSummary>> {
  const householdId = query.household_id;
  if (householdId !== undefined) await checkHouseholdChoice(db, householdId, caller, "household_id");
  return pageByNameAndId(query, (page) => selectListsOfUser(db, caller.id, page, householdId));
}

/** The whole list (creator, household member or admin); `?store_id=` walks another store than the list's own. */
export async function getShoppingList(
  db: Db,
  id: number,
  query: ShoppingListGetQuery,
  caller: Caller,
): Promise<ShoppingListRead> {
  const row = assertMayUse(
    await findWholeList(db, id, query.store_id, caller.id),
    "Shopping list",
    id,
    caller,
  );
  if (!row.store_found && query.store_id !== undefined) {
    throw missingReference("Store", query.store_id, "store_id");
  }
  const { store_found: _, member: __, ...list } = row;
  return list;
}

/** Makes an empty list owned by the caller, private or shared with one of their households. */
export async function createShoppingList(
  db: Db,
  input: ShoppingListCreate,
  caller: Caller,
): Promise<ShoppingListRead> {
  return transaction(db, async (trx) => {
    await checkStore(trx, input.store_id);
    if (input.household_id != null)
      await checkHouseholdChoice(trx, input.household_id, caller, "household_id");
    const id = await insertList(trx, {
      user_id: caller.id,
      name: input.name,
      store_id: input.store_id ?? null,
      household_id: input.household_id ?? null,
    });
    return wholeList(trx, id, caller);
  });
}

/**
 * Renames the list, changes (or clears) its store, or moves it to another household or out of one:
 * only its creator or an admin moves a list, into a household they are in.
 */
export async function updateShoppingList(
  db: Db,
  id: number,
  input: ShoppingListUpdate,
  caller: Caller,
): Promise<ShoppingListRead> {
  return writeWholeList(db, id, caller, async (trx, list, changes) => {
    await checkStore(trx, input.store_id);
    const fields: { name?: string; store_id?: number | null; household_id?: number | null } = {};
    if (input.name !== undefined) fields.name = input.name;
    if (input.store_id !== undefined) fields.store_id = input.store_id;
    if (await checkMove(trx, list, input.household_id, "Shopping list", id, caller)) {
      fields.household_id = input.household_id ?? null;
      // Its subscribers are those who may read it now.
      list.household_id = fields.household_id;
    }
    await updateListById(trx, id, fields);
    changes.push(LIST_CHANGED);
  });
}

/** Deletes the list with its items. */
export async function removeShoppingList(db: Db, id: number, caller: Caller): Promise<void> {
  await writeList(db, id, caller, async (trx, _list, changes) => {
    await deleteListById(trx, id);
    changes.push({ type: "list", deleted: true });
  });
}

type RecipeAddition = { recipeId: number; servings: number | null; needs: Need[] };

/**
 * What adding a recipe puts on a list: its lines, grams scaled to `servings` (default: the recipe's
 * own), expanded if asked. A recipe that does not say its servings is added as written: `servings`
 * for it is a 422, unless `lenient` (a meal plan entry planned before its recipe lost its servings).
 * Only reads; the recipe stays (`for key share`) until the transaction ends.
 */
async function readRecipeAddition(
  trx: Db,
  input: { recipe_id: number; servings?: number | undefined; expand?: Expand | undefined },
  lenient = false,
): Promise<RecipeAddition> {
  const recipe = await findRecipeServings(trx, input.recipe_id);
  if (!recipe) throw missingReference("Recipe", input.recipe_id, "recipe_id");
  const { servings, factor } = servingsScale(recipe, input.servings, lenient);
  const expand = input.expand ?? false;
  const makesAny = expand === true || (Array.isArray(expand) && expand.length > 0);
  const tree = await selectRecipeTree(trx, recipe.id, makesAny ? MAX_EXPAND_DEPTH : 0);
  return { recipeId: recipe.id, servings, needs: recipeNeeds(tree, recipe.id, factor, expand) };
}

/** Writes one recipe addition: its share merged per ingredient, its servings on the list's recipes. */
async function applyRecipeAddition(trx: Db, listId: number, addition: RecipeAddition): Promise<void> {
  await mergeIntoUncheckedItems(trx, listId, addition.recipeId, addition.needs);
  await upsertListRecipe(trx, listId, addition.recipeId, addition.servings);
}

/** `POST …/recipes`: adds the recipe (again, if it is there already) and answers the whole list. */
export async function addRecipe(
  db: Db,
  listId: number,
  input: ShoppingListRecipeCreate,
  caller: Caller,
): Promise<ShoppingListRead> {
  return writeWholeList(db, listId, caller, async (trx, _list, changes) => {
    await applyRecipeAddition(trx, listId, await readRecipeAddition(trx, input));
    await listChanged(trx, listId, changes, LIST_CHANGED);
  });
}

/**
 * Takes a recipe back: removes exactly the grams it added (an amount set by hand stays as it is),
 * drops items nothing is left on, and takes it off the list's recipes. 404 when it is not on the list.
 */
export async function takeBackRecipe(
  db: Db,
  listId: number,
  recipeId: number,
  caller: Caller,
): Promise<ShoppingListRead> {
  return writeWholeList(db, listId, caller, async (trx, _list, changes) => {
    if (!(await deleteListRecipe(trx, listId, recipeId))) {
      throw NotFound(`Recipe ID ${recipeId} is not on shopping list ID ${listId}.`);
    }
    await settleItems(trx, await deleteRecipeParts(trx, listId, recipeId));
    await listChanged(trx, listId, changes, LIST_CHANGED);
  });
}

/**
 * Adds every meal plan entry of the days as a recipe at its servings: the household's plan for a list
 * of a household, else the list creator's own. A creator who has left the household the list is
 * still in gets their own plan: the household's is for its members (and admins) to read. A recipe
 * that no longer says its servings is added as written.
 */
export async function addMealPlanDays(
  db: Db,
  listId: number,
  input: ShoppingListMealPlanCreate,
  caller: Caller,
): Promise<ShoppingListRead> {
  checkRange(input.from, input.to, (sentence, errors) => Invalid(sentence, errors));
  return writeWholeList(db, listId, caller, async (trx, list, changes) => {
    const household =
      list.household_id !== null && (list.member || isAdmin(caller)) ? list.household_id : null;
    const plan = household === null ? { userId: list.user_id } : { householdId: household };
    const entries = await plannedEntries(trx, plan, input.from, input.to);
    for (const entry of entries) {
      const wanted = {
        recipe_id: entry.recipe_id,
        servings: entry.servings ?? undefined,
        expand: input.expand,
      };
      await applyRecipeAddition(trx, listId, await readRecipeAddition(trx, wanted, true));
    }
    if (entries.length > 0) {
      await listChanged(trx, listId, changes, LIST_CHANGED);
    }
  });
}

const clientIdTaken = (clientId: string) =>
  Conflict(`Client ID '${clientId}' was already used for an item of another shopping list.`);

/**
 * Adds an item by hand. An ingredient goes into the list's unchecked item of that ingredient when
 * there is one (`merged`), else a new item; free text is always a new item. An addition with a
 * `client_id` that was made already changes nothing and answers the item it went into (`merged`,
 * so 200), wherever that item is now; a `client_id` used on another list is a 409.
 */
export async function addItem(
  db: Db,
  listId: number,
  input: ShoppingListItemCreate,
  caller: Caller,
): Promise<{ item: ShoppingListItemRead; merged: boolean }> {
  try {
    return await writeList(db, listId, caller, (trx, _list, changes) =>
      addItemTo(trx, listId, input, changes),
    );
  } catch (error) {
    // The same client id sent to two lists at once.
    if (input.client_id !== undefined && isUniqueViolation(error, "shopping_list_item_parts_client_id_key"))
      throw clientIdTaken(input.client_id);
    throw error;
  }
}

/** addItem's work, inside its transaction. */
async function addItemTo(
  trx: Db,
  listId: number,
  input: ShoppingListItemCreate,
  changes: ItemChange[],
): Promise<{ item: ShoppingListItemRead; merged: boolean }> {
  if (input.client_id !== undefined) {
    const made = await findItemOfClientId(trx, input.client_id);
    if (made && made.list_id !== listId) throw clientIdTaken(input.client_id);
    if (made)
      return { item: (await findItem(trx, listId, made.item_id)) as ShoppingListItemRead, merged: true };
  }
  let itemId: number;
  let merged = false;
  // Free text that names an ingredient (ignoring case and plural, as names are compared everywhere)
  // is that ingredient: it joins the unchecked item of it and stands on its shelf.
  const named = input.name === undefined ? undefined : await findByName(trx, "ingredients", input.name);
  const ingredientId = input.ingredient_id ?? named?.id;
  if (ingredientId !== undefined) {
    const name = named?.name ?? (await findIngredientName(trx, ingredientId));
    if (name === undefined) throw missingReference("Ingredient", ingredientId, "ingredient_id");
    const [item] = await mergeIntoUncheckedItems(trx, listId, null, [
      {
        ingredient_id: ingredientId,
        name,
        amount_grams: input.amount_grams ?? null,
        amount_readable: input.amount_readable ?? "",
        client_id: input.client_id,
      },
    ]);
    itemId = item?.id as number;
    merged = item?.inserted === false;
  } else {
    itemId = await insertFreeTextItem(
      trx,
      listId,
      input.name as string,
      input.amount_readable ?? "",
      input.client_id,
    );
  }
  const item = (await findItem(trx, listId, itemId)) as ShoppingListItemRead;
  await listChanged(trx, listId, changes, { type: "item", item });
  return { item, merged };
}

/**
 * A tick's time: the client's `checked_at` (an offline tick keeps when it was made), else now; a time
 * in the future is now, one before the item existed its creation (in SQL, on the item's row, with the
 * database's clock).
 */
const tickTime = (given: string | undefined) =>
  sql<Date>`least(greatest(coalesce(${given ?? null}::timestamptz, now()), created_at), now())`;

/**
 * Sets what is given (never adds, so a replayed PUT changes nothing more). An amount given becomes
 * the user's own. Unchecking an item while the list holds another unchecked item of its ingredient
 * folds it into that one, which is answered. A tick sets `checked_at` (ticking a checked item again
 * keeps its first time); on a list that follows a store the store keeps the tick and learns from it
 * (core/store/learning.ts), and unchecking within the visit takes the tick back.
 */
export async function updateItem(
  db: Db,
  listId: number,
  itemId: number,
  input: ShoppingListItemUpdate,
  caller: Caller,
): Promise<ShoppingListItemRead> {
  return writeList(db, listId, caller, async (trx, list, changes) => {
    const item = await lockItemById(trx, listId, itemId);
    if (!item) throw notFound("Shopping list item", itemId);
    if (input.name !== undefined && item.ingredient_id !== null) {
      throw Invalid(`Shopping list item ID ${itemId} is an ingredient; only free text can be renamed.`, [
        { path: "name", message: "Only a free-text item can be renamed." },
      ]);
    }
    const fields: ItemFields = {};
    if (input.name !== undefined) fields.name = input.name;
    if (input.amount_grams !== undefined) fields.amount_grams = input.amount_grams;
    if (input.amount_readable !== undefined) fields.amount_readable = input.amount_readable;
    if (input.amount_grams !== undefined || input.amount_readable !== undefined)
      fields.amount_set_by_hand = true;
    const ticks = input.checked === true && !item.checked;
    const unticks = input.checked === false && item.checked;
    if (ticks) fields.checked_at = tickTime(input.checked_at);
    if (unticks) {
      fields.checked_at = null;
      await forgetTick(trx, itemId);
    }
    if (input.checked === false && item.checked && item.ingredient_id !== null) {
      const open = await findUncheckedItemId(trx, listId, item.ingredient_id);
      if (open !== undefined) {
        await updateItemById(trx, itemId, fields);
        await mergeItemInto(trx, itemId, open);
        const into = (await findItem(trx, listId, open)) as ShoppingListItemRead;
        await listChanged(
          trx,
          listId,
          changes,
          { type: "item_removed", item_id: itemId },
          { type: "item", item: into },
        );
        return into;
      }
    }
    if (input.checked !== undefined) fields.checked = input.checked;
    const changed = await updateItemById(trx, itemId, fields);
    if (ticks && list.store_id !== null) await learnFromTick(trx, list.store_id, itemId, caller.id);
    const updated = (await findItem(trx, listId, itemId)) as ShoppingListItemRead;
    if (changed) await listChanged(trx, listId, changes, { type: "item", item: updated });
    return updated;
  });
}

/** Deletes one item of the list. */
export async function removeItem(db: Db, listId: number, itemId: number, caller: Caller): Promise<void> {
  await writeList(db, listId, caller, async (trx, _list, changes) => {
    if (!(await lockItemById(trx, listId, itemId))) throw notFound("Shopping list item", itemId);
    await deleteItemById(trx, itemId);
    await listChanged(trx, listId, changes, { type: "item_removed", item_id: itemId });
  });
}

/** Deletes the list's checked items ("clear checked"). */
export async function removeCheckedItems(db: Db, listId: number, caller: Caller): Promise<void> {
  await writeList(db, listId, caller, async (trx, _list, changes) => {
    const removed = await deleteCheckedItems(trx, listId);
    if (removed.length > 0)
      await listChanged(
        trx,
        listId,
        changes,
        ...removed.map((id): ItemChange => ({ type: "item_removed", item_id: id })),
      );
  });
}
