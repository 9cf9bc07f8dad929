/** Categories: anyone reads them, only admins write them. */
import { type Caller, isAdmin } from "../auth/caller.ts";
import { afterCommit, type Db, isUniqueViolation, transaction } from "../db.ts";
import { adminRequired, Invalid, missingReference, notFound } from "../errors.ts";
import { mergedPictures, removePictures } from "../image/cleanup.ts";
import { nameTaken } from "../names.ts";
import { type Page, pageByNameAndId } from "../pagination.ts";
import { lockRecipesUsing, recordRevisions } from "../recipe/revision-repository.ts";
import {
  type CategoryRow,
  deleteCategoryById,
  findCategoryById,
  insertCategory,
  lockCategoryPair,
  moveRecipeLinks,
  selectCategories,
  updateCategoryById,
} from "./repository.ts";
import type { CategoryCreate, CategoryMerge, CategoryUpdate } from "./schemas.ts";

// The route table already limits writes to admins; the service says so too, so no other caller can skip it.
function assertAdmin(caller: Caller): void {
  if (!isAdmin(caller)) throw adminRequired();
}

/** Turns a taken name (ignoring case and plural; also one taken by a concurrent request) into the contract's 409. */
async function guardName<T>(db: Db, name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "categories_name_key") && name !== undefined) {
      throw await nameTaken(db, "categories", "Category", name);
    }
    throw error;
  }
}

/** A page of categories in name order. */
export async function listCategories(
  db: Db,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<CategoryRow>> {
  return pageByNameAndId(query, (page) => selectCategories(db, page));
}

/** One category in the Read shape; 404 when it does not exist. */
export async function getCategory(db: Db, id: number): Promise<CategoryRow> {
  const row = await findCategoryById(db, id);
  if (!row) throw notFound("Category", id);
  return row;
}

/** Creates a category (admin only); 409 when the name is taken, ignoring case and plural. */
export async function createCategory(db: Db, input: CategoryCreate, caller: Caller): Promise<CategoryRow> {
  assertAdmin(caller);
  return guardName(db, input.name, () =>
    insertCategory(db, { name: input.name, description: input.description ?? null }),
  );
}

/** Changes the given fields of a category (admin only). */
export async function updateCategory(
  db: Db,
  id: number,
  input: CategoryUpdate,
  caller: Caller,
): Promise<CategoryRow> {
  assertAdmin(caller);
  if (Object.keys(input).length === 0) return getCategory(db, id);
  const row = await guardName(db, input.name, () => updateCategoryById(db, id, input));
  if (!row) throw notFound("Category", id);
  return row;
}

/** Deletes a category (admin only): recipes lose the link, its pictures are removed after the commit. */
export async function removeCategory(db: Db, id: number, caller: Caller): Promise<void> {
  assertAdmin(caller);
  await transaction(db, async (trx) => {
    const row = await deleteCategoryById(trx, id);
    if (!row) throw notFound("Category", id);
    afterCommit(() => removePictures([row.img, row.preview_img]));
  });
}

/**
 * Merges category `id` into `input.into_id` (admin only), in one transaction: its recipes are in the
 * other from now on, the other takes its description and picture if it has none, and `id` is deleted.
 */
export async function mergeCategory(
  db: Db,
  id: number,
  input: CategoryMerge,
  caller: Caller,
): Promise<CategoryRow> {
  assertAdmin(caller);
  if (input.into_id === id) {
    const sentence = "A category cannot be merged into itself.";
    throw Invalid(sentence, [{ path: "into_id", message: sentence }]);
  }
  return transaction(db, async (trx) => {
    const rows = await lockCategoryPair(trx, [id, input.into_id]);
    const from = rows.find((row) => row.id === id);
    const into = rows.find((row) => row.id === input.into_id);
    if (!from) throw notFound("Category", id);
    if (!into) throw missingReference("Category", input.into_id, "into_id");
    // The recipes in it change: each keeps a revision of the merge, as of the caller.
    const recipes = await lockRecipesUsing(trx, { categoryId: from.id });
    await moveRecipeLinks(trx, from.id, into.id);
    const { unused, ...pictures } = mergedPictures(into, from);
    await deleteCategoryById(trx, from.id);
    const merged = await updateCategoryById(trx, into.id, {
      description: into.description ?? from.description,
      ...pictures,
    });
    await recordRevisions(trx, recipes, caller.id);
    afterCommit(() => removePictures(unused));
    return merged ?? into;
  });
}
