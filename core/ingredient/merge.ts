/**
 * Merging two ingredients into one (CONTRACT.md: "One ingredient, one name"). A module of its own:
 * it adds amounts as written up (core/amount), which only this route's function carries.
 */
import { readAmount } from "../amount/read.ts";
import { sumAmounts } from "../amount/sum.ts";
import { assertOwnerOrAdmin, type Caller, isAdmin } from "../auth/caller.ts";
import { afterCommit, type Db, transaction } from "../db.ts";
import { Conflict, Invalid, missingReference, notFound } from "../errors.ts";
import { mergedPictures, removePictures } from "../image/cleanup.ts";
import { jsonText } from "../json-text.ts";
import { publishTouched } from "../live/list-changes.ts";
import { lockRecipesUsing, recordRevisions } from "../recipe/revision-repository.ts";
import { refreshRecipeSearch } from "../recipe/search.ts";
import { actAs, settleItems } from "../shopping-list/repository.ts";
import {
  addOtherNames,
  deleteIngredientById,
  deleteLines,
  type IngredientRow,
  joinItem,
  lockIngredientPair,
  repointIngredient,
  selectItemsToJoin,
  selectLinesToMerge,
  selectOtherUsers,
  setLineAmount,
  updateIngredientById,
} from "./repository.ts";
import type { IngredientMerge } from "./schemas.ts";

/** The longest `amount_readable` a recipe line holds (the column's check). */
const MAX_LINE_READABLE = 100;

/** Two lines of one recipe as one: the amounts added up, their notes kept (`2 tbsp` + `1 tbsp, melted` = `3 tbsp, melted`). */
function lineSum(readables: string[]): string {
  const notes = [...new Set(readables.flatMap((readable) => readAmount(readable)?.note ?? []))];
  return [sumAmounts(readables), ...notes].join(", ");
}

/**
 * The nutrition `into` takes from `from`: all of it when `into` has none, or when `from`'s is a
 * person's choice and `into`'s only a match (a person's word beats the service's guess).
 */
function nutritionTaken(into: IngredientRow, from: IngredientRow) {
  const source = from.nutrition_source;
  const own = into.nutrition_source;
  if (!source || (own && !(own.by === "match" && source.by === "person"))) return {};
  return {
    nutrients_per_100g: from.nutrients_per_100g === null ? null : jsonText(from.nutrients_per_100g),
    nutrition_food_id: source.food_id,
    nutrition_by: source.by,
  };
}

/** Users named in the 409 of a merge that would change other users' content. */
const NAMED_USERS = 3;

/**
 * A user's merge may change only their own content: `from`'s recipe lines, list items and shelf
 * places all move, so another user's recipe, list or store naming it would change under them (a
 * line summed away, an item renamed, a shelf place dropped). 409 naming who uses it; an admin may.
 */
async function assertOnlyCallerUses(db: Db, from: IngredientRow, caller: Caller): Promise<void> {
  if (isAdmin(caller)) return;
  const others = await selectOtherUsers(db, from.id, caller.id, NAMED_USERS + 1);
  if (others.length === 0) return;
  const names = others
    .slice(0, NAMED_USERS)
    .map((name) => (name === null ? "a deleted account" : `'${name}'`));
  const more = others.length > NAMED_USERS ? " and others" : "";
  throw Conflict(
    `Ingredient ID ${from.id} is used by other users' recipes, lists or stores (${names.join(", ")}${more}): only an admin can merge it.`,
  );
}

/**
 * Merges ingredient `id` into `input.into_id` (an admin, or the creator of both, when no other
 * user's recipe, list or store uses `id`), in one transaction:
 * its recipe lines join the other's line in the same recipe (grams and amounts as written added up,
 * notes kept; a line whose sum would not fit stays a line of its own) or move over; an unchecked list item joins
 * the other's unchecked item on that list; a store keeps the other's shelf; what the other lacks
 * (description, the recipe that makes it, weights, picture, nutrition: see nutritionTaken) it takes;
 * then `id` is deleted, and its name and other names become the other's other names (an import's
 * or a list's `Zucker` still finds Sugar after Zucker was merged into it). Once
 * committed, the live followers of every list that held it hear `list` (read it again).
 */
export async function mergeIngredient(
  db: Db,
  id: number,
  input: IngredientMerge,
  caller: Caller,
): Promise<IngredientRow> {
  if (input.into_id === id) {
    const sentence = "An ingredient cannot be merged into itself.";
    throw Invalid(sentence, [{ path: "into_id", message: sentence }]);
  }
  return transaction(db, async (trx) => {
    const rows = await lockIngredientPair(trx, [id, input.into_id]);
    const from = rows.find((row) => row.id === id);
    const into = rows.find((row) => row.id === input.into_id);
    if (!from) throw notFound("Ingredient", id);
    if (!into) throw missingReference("Ingredient", input.into_id, "into_id");
    assertOwnerOrAdmin(caller, from.user_id, "Ingredient", from.id);
    assertOwnerOrAdmin(caller, into.user_id, "Ingredient", into.id);
    await assertOnlyCallerUses(trx, from, caller);

    // The recipes it is in change: each keeps a revision of the merge, as of the caller.
    const recipes = await lockRecipesUsing(trx, { ingredientId: from.id });
    const lines = await selectLinesToMerge(trx, from.id, into.id);
    // Grams add up null-aware: unknown (`salt to taste`) plus unknown stays unknown.
    const sums = new Map<number, { amount_grams: number | null; readables: string[] }>();
    const joined: number[] = [];
    for (const line of lines) {
      if (line.into_id === null || line.into_readable === null) continue;
      const sum = sums.get(line.into_id) ?? {
        amount_grams: line.into_grams,
        readables: [line.into_readable],
      };
      const readables = [...sum.readables, line.amount_readable];
      if (lineSum(readables).length > MAX_LINE_READABLE) continue;
      const grams =
        sum.amount_grams === null && line.amount_grams === null
          ? null
          : (sum.amount_grams ?? 0) + (line.amount_grams ?? 0);
      sums.set(line.into_id, { amount_grams: grams, readables });
      joined.push(line.id);
    }
    for (const [lineId, sum] of sums) {
      await setLineAmount(trx, lineId, {
        amount_grams: sum.amount_grams,
        amount_readable: lineSum(sum.readables),
      });
    }
    await deleteLines(trx, joined);

    // The items change as the caller's (`updated_by`), and their lists' followers read them again.
    await actAs(trx, caller.id);
    // The lists with an item of it, found before the merge moves them: they read it again after it.
    await publishTouched(db, trx, "ingredient", from.id);
    const settle: number[] = [];
    for (const pair of await selectItemsToJoin(trx, from.id, into.id)) {
      const byHand = pair.by_hand
        ? { amount_grams: pair.grams, amount_readable: sumAmounts(pair.readables) }
        : undefined;
      await joinItem(trx, pair.from_item, pair.into_item, byHand);
      if (!byHand) settle.push(pair.into_item);
    }
    await settleItems(trx, settle);
    await repointIngredient(trx, from.id, into);

    const pictures = mergedPictures(into, from);
    await deleteIngredientById(trx, from.id);
    // Lines that name it still find the one it became: its name and other names are now that one's.
    await addOtherNames(
      trx,
      [{ name: from.name, language: null }, ...from.other_names].map((n) => ({
        ...n,
        ingredient_id: into.id,
      })),
    );
    const merged = await updateIngredientById(trx, into.id, {
      description: into.description ?? from.description,
      recipe_id: into.recipe_id ?? from.recipe_id,
      grams_per_ml: into.grams_per_ml ?? from.grams_per_ml,
      grams_per_piece: into.grams_per_piece ?? from.grams_per_piece,
      img: pictures.img,
      preview_img: pictures.preview_img,
      ...nutritionTaken(into, from),
    });
    await refreshRecipeSearch(trx, { ingredientId: into.id });
    await recordRevisions(trx, recipes, caller.id);
    afterCommit(() => removePictures(pictures.unused));
    return merged;
  });
}
