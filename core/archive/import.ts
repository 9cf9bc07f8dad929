/**
 * A user's import of an archive (theirs, or anyone's, from any instance): its recipes, ingredients,
 * stores with shelves, shopping lists and meal plan become the caller's, with new ids. Ingredients
 * and categories are matched by name ignoring case and created when missing (categories only by an
 * admin; otherwise the link is dropped with a warning). Pictures are copied under the new rows.
 * Everything is checked before anything is written, then written in one transaction; pictures
 * written before a failure are deleted again.
 */
import { posix } from "node:path";
import { sql } from "kysely";
import { type Caller, isAdmin } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { AppError } from "../errors.ts";
import { IMAGE_FORMATS, sniffFormat } from "../image/format.ts";
import { matchNutrition } from "../ingredient/nutrition.ts";
import { addOtherNames } from "../ingredient/repository.ts";
import { jsonText } from "../json-text.ts";
import { findByName, type NamedTable, rowsNamed } from "../names.ts";
import { recordFirstRevisions } from "../recipe/revision-repository.ts";
import { refreshRecipeSearch } from "../recipe/search.ts";
import { SCOPE_TABLES } from "./format.ts";
import { type ArchiveReader, archiveInvalid } from "./reader.ts";
import { type ImportRow, type ImportTable, rowCheck } from "./rows.ts";
import { type Bucket, deleteKeys, pictureUrlOfKey, writePicture } from "./storage.ts";

export type ImportResult = { counts: Record<string, number>; warnings: string[] };

type Rows = { [T in ImportTable]: ImportRow<T>[] };

const BATCH_ROWS = 500;

/** Every key of an import's counts, at 0: a client reads `0` rather than a missing field. */
export const emptyCounts = (): Record<string, number> =>
  Object.fromEntries(
    [
      "recipes",
      "ingredients",
      "ingredients_matched",
      "categories",
      "categories_matched",
      "stores",
      "shelves",
      "shopping_lists",
      "shopping_list_items",
      "meal_plan_entries",
      "pictures",
    ].map((k) => [k, 0]),
  );

/**
 * A user's archive holds every table but users (SCOPE_TABLES.mine). Each row is checked by its row
 * schema as it is read, and only the checked row is kept (see IMPORT_LIMITS for what that costs).
 */
async function readRows(reader: ArchiveReader): Promise<Rows> {
  const rows = {} as Record<ImportTable, unknown[]>;
  for (const table of SCOPE_TABLES.mine as readonly ImportTable[]) {
    rows[table] = await reader.rows(table, rowCheck(table));
  }
  return rows as Rows;
}

/** Archive id → id here. A reference to a row the archive lacks is the archive's fault (422). */
class IdMap {
  private readonly map = new Map<number, number>();
  constructor(private readonly table: string) {}
  set(from: number, to: number) {
    this.map.set(from, to);
  }
  get(from: number): number | undefined {
    return this.map.get(from);
  }
  require(from: number, referrer: string): number {
    const to = this.map.get(from);
    if (to === undefined)
      throw archiveInvalid(
        `its table '${referrer}' refers to ${this.table} ID ${from}, which it does not hold.`,
      );
    return to;
  }
}

/**
 * Inserts rows given as JSON through jsonb_to_recordset, in batches: one round trip per batch.
 * `toRow` turns each archive row into the values to insert (an empty list leaves it out), one batch
 * at a time, so no second copy of a table is ever held whole.
 */
async function insertMany<T>(
  db: Db,
  table: string,
  columns: Record<string, string>,
  rows: readonly T[],
  toRow: (row: T) => Record<string, unknown> | [],
) {
  const names = Object.keys(columns);
  const list = sql.join(names.map((c) => sql.ref(c)));
  const types = sql.raw(names.map((c) => `"${c}" ${columns[c]}`).join(", "));
  for (let at = 0; at < rows.length; at += BATCH_ROWS) {
    const values = rows.slice(at, at + BATCH_ROWS).flatMap(toRow);
    if (values.length === 0) continue;
    const batch = jsonText(values);
    await sql`insert into ${sql.table(table)} (${list})
      select ${list} from jsonb_to_recordset(${batch}::jsonb) as x(${types})
      on conflict do nothing`.execute(db);
  }
}

export async function insertOne(
  db: Db,
  table: string,
  values: Record<string, unknown>,
): Promise<number | undefined> {
  const names = Object.keys(values);
  // An optional field the archive left out is a null column.
  const value = (c: string) => values[c] ?? null;
  const result = await sql<{ id: number }>`
    insert into ${sql.table(table)} (${sql.join(names.map((c) => sql.ref(c)))})
    values (${sql.join(names.map(value))})
    on conflict do nothing
    returning id`.execute(db);
  return result.rows[0]?.id;
}

/**
 * Existing rows of a table for the names given, matched ignoring case and plural (an ingredient also
 * by its other names: core/names.ts rowsNamed), keyed by the name given.
 */
export async function idsByName(db: Db, table: NamedTable, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const result = await sql<{
    asked: string;
    id: number;
  }>`select asked, id from ${rowsNamed(table, names)} m`.execute(db);
  return new Map(result.rows.map((r) => [r.asked, r.id]));
}

/**
 * The row this import already wrote under the same name ignoring case and plural (an archive from
 * before names were one per thing may hold `Egg` and `Eggs`): both become that one row.
 */
async function sameNameAs(db: Db, table: NamedTable, name: string): Promise<number> {
  const row = await findByName(db, table, name);
  if (!row) throw archiveInvalid(`its ${table} row '${name}' breaks a rule of this database.`);
  return row.id;
}

/** Database rules the checks above did not foresee (a unique name taken meanwhile…) are the archive's 422. */
export function asArchiveError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("23")) {
    const constraint = (error as { constraint?: string }).constraint;
    return archiveInvalid(`its rows break the rule '${constraint ?? code}' of this database.`);
  }
  return error;
}

/** A picture of a new row, to copy once every row is written. */
type PendingPicture = {
  table: string;
  id: number;
  img: string | null | undefined;
  preview: string | null | undefined;
};

/** What every step of one import shares: the transaction, the archive's rows, the caller, the report. */
type ImportRun = {
  trx: Db;
  rows: Rows;
  caller: Caller;
  count: (key: string, n?: number) => void;
  warnings: string[];
  /** The new rows' pictures, copied by the last step. */
  pictures: PendingPicture[];
};

/**
 * Imports the archive as the caller's own content, step by step in one transaction: categories,
 * recipes, ingredients, the recipes' lines, steps and categories, stores with their shelves, lists
 * and the meal plan, then the pictures. Returns what came in (`counts`) and a sentence per thing
 * that did not, or not as it was (`warnings`).
 */
export async function importArchive(
  db: Db,
  bucket: Bucket,
  reader: ArchiveReader,
  caller: Caller,
): Promise<ImportResult> {
  await reader.verify();
  const rows = await readRows(reader);
  const counts = emptyCounts();
  const warnings: string[] = [];
  const count = (key: string, n = 1) => {
    counts[key] = (counts[key] ?? 0) + n;
  };
  const written: string[] = [];
  try {
    await transaction(db, async (trx) => {
      const run: ImportRun = { trx, rows, caller, count, warnings, pictures: [] };
      const categories = await importCategories(run);
      const recipes = await importRecipes(run);
      const ingredients = await importIngredients(run, recipes);
      await importRecipeParts(run, recipes, ingredients, categories);
      await importRevisions(run, recipes, ingredients, categories.ids);
      const stores = await importStores(run, ingredients);
      await importListsAndPlan(run, { recipes, ingredients, stores });
      await copyPictures(run, reader, bucket, written);
    });
  } catch (error) {
    await deleteKeys(bucket, written).catch(() => undefined);
    throw error instanceof AppError ? error : asArchiveError(error);
  }
  return { counts, warnings };
}

/** Categories: matched by name; created only by an admin, else dropped (importRecipeParts says so). */
async function importCategories({ trx, rows, caller, count, pictures }: ImportRun) {
  const categories = new IdMap("category");
  const dropped = new Map<number, string>();
  const existing = await idsByName(
    trx,
    "categories",
    rows.categories.map((c) => c.name),
  );
  for (const c of rows.categories) {
    const found = existing.get(c.name);
    if (found !== undefined) {
      categories.set(c.id, found);
      count("categories_matched");
    } else if (isAdmin(caller)) {
      const id = await insertOne(trx, "categories", { name: c.name, description: c.description ?? null });
      if (id === undefined) {
        categories.set(c.id, await sameNameAs(trx, "categories", c.name));
        count("categories_matched");
        continue;
      }
      categories.set(c.id, id);
      pictures.push({ table: "categories", id, img: c.img, preview: c.preview_img });
      count("categories");
    } else {
      dropped.set(c.id, c.name);
    }
  }
  return { ids: categories, dropped };
}

/** Recipes: the caller's, keeping when they were first written; the same recipe again is said. */
async function importRecipes({ trx, rows, caller, count, warnings, pictures }: ImportRun): Promise<IdMap> {
  const recipes = new IdMap("recipe");
  const already = await sql<{ title: string; created_at: string }>`
    select title, to_jsonb(created_at) #>> '{}' as created_at from recipes where user_id = ${caller.id}`.execute(
    trx,
  );
  const seen = new Set(already.rows.map((r) => `${r.title}\u0000${Date.parse(r.created_at)}`));
  let twice = 0;
  for (const r of rows.recipes) {
    if (seen.has(`${r.title}\u0000${Date.parse(r.created_at)}`)) twice++;
    const id = await insertOne(trx, "recipes", {
      user_id: caller.id,
      title: r.title,
      description: r.description ?? null,
      cook_time_sec: r.cook_time_sec ?? null,
      prep_time_sec: r.prep_time_sec ?? null,
      total_time_sec: r.total_time_sec ?? null,
      servings: r.servings ?? null,
      source_url: r.source_url ?? null,
      created_at: r.created_at,
    });
    recipes.set(r.id, id as number);
    if (r.img || r.preview_img) {
      pictures.push({ table: "recipes", id: id as number, img: r.img, preview: r.preview_img });
    }
  }
  count("recipes", rows.recipes.length);
  if (twice > 0) {
    warnings.push(
      `${twice} of the archive's recipes were imported here before (same title and creation time): they are now here twice.`,
    );
  }
  return recipes;
}

/** Ingredients: matched by name, else created as the caller's, with their other names. */
async function importIngredients({ trx, rows, caller, count, pictures }: ImportRun, recipes: IdMap) {
  const ingredients = new IdMap("ingredient");
  const existing = await idsByName(
    trx,
    "ingredients",
    rows.ingredients.map((i) => i.name),
  );
  const made: number[] = [];
  for (const i of rows.ingredients) {
    const found = existing.get(i.name);
    if (found !== undefined) {
      ingredients.set(i.id, found);
      count("ingredients_matched");
      continue;
    }
    const id = await insertOne(trx, "ingredients", {
      user_id: caller.id,
      name: i.name,
      description: i.description ?? null,
      recipe_id: i.recipe_id ? (recipes.get(i.recipe_id) ?? null) : null,
      grams_per_ml: i.grams_per_ml ?? null,
      grams_per_piece: i.grams_per_piece ?? null,
    });
    if (id === undefined) {
      ingredients.set(i.id, await sameNameAs(trx, "ingredients", i.name));
      count("ingredients_matched");
      continue;
    }
    ingredients.set(i.id, id);
    made.push(id);
    if (i.img || i.preview_img)
      pictures.push({ table: "ingredients", id, img: i.img, preview: i.preview_img });
    count("ingredients");
  }
  // The new ones matched to this instance's foods, as any ingredient created (core/ingredient/nutrition.ts).
  await matchNutrition(trx, made);
  // The other names of those it created (one matched to an ingredient here keeps its own), but
  // those this instance has for another ingredient.
  const created = new Set(made);
  await addOtherNames(
    trx,
    rows.ingredient_names.flatMap(({ ingredient_id, name, language }) => {
      const to = ingredients.get(ingredient_id);
      return to !== undefined && created.has(to)
        ? [{ ingredient_id: to, name, language: language ?? null }]
        : [];
    }),
  );
  return ingredients;
}

/**
 * The recipes' ingredient lines, steps and categories (a category dropped by importCategories is
 * said once, with how many recipes lost it), then their search vectors.
 */
async function importRecipeParts(
  { trx, rows, warnings }: ImportRun,
  recipes: IdMap,
  ingredients: IdMap,
  categories: { ids: IdMap; dropped: Map<number, string> },
) {
  await insertMany(
    trx,
    "recipe_ingredients",
    {
      recipe_id: "integer",
      ingredient_id: "integer",
      position: "integer",
      amount_grams: "numeric",
      amount_readable: "text",
    },
    rows.recipe_ingredients,
    (l) => ({
      ...l,
      amount_grams: l.amount_grams ?? null,
      recipe_id: recipes.require(l.recipe_id, "recipe_ingredients"),
      ingredient_id: ingredients.require(l.ingredient_id, "recipe_ingredients"),
    }),
  );
  await insertMany(
    trx,
    "recipe_steps",
    { recipe_id: "integer", step_number: "integer", description: "text" },
    rows.recipe_steps,
    (s) => ({ ...s, recipe_id: recipes.require(s.recipe_id, "recipe_steps") }),
  );
  const lostLinks = new Map<number, number>();
  await insertMany(
    trx,
    "recipe_categories",
    { recipe_id: "integer", category_id: "integer" },
    rows.recipe_categories,
    (l) => {
      if (categories.dropped.has(l.category_id)) {
        lostLinks.set(l.category_id, (lostLinks.get(l.category_id) ?? 0) + 1);
        return [];
      }
      return {
        recipe_id: recipes.require(l.recipe_id, "recipe_categories"),
        category_id: categories.ids.require(l.category_id, "recipe_categories"),
      };
    },
  );
  for (const [id, name] of categories.dropped) {
    const lost = lostLinks.get(id) ?? 0;
    warnings.push(
      `Category '${name}' does not exist here and only an admin may create it: ${lost} recipe(s) were imported without it.`,
    );
  }
  const newRecipeIds = rows.recipes.map((r) => recipes.require(r.id, "recipes"));
  for (let at = 0; at < newRecipeIds.length; at += BATCH_ROWS) {
    await refreshRecipeSearch(trx, { recipeIds: newRecipeIds.slice(at, at + BATCH_ROWS) });
  }
}

/**
 * The recipes' histories (core/recipe/revisions.ts): numbers, times and changes as they were. A
 * revision made by the recipe's owner there is the caller's here, anyone else's is by nobody known
 * (null); the ingredients and categories a snapshot names are this instance's rows they became, or
 * none (a null id, the name kept) for those the archive does not hold (deleted there) or that did not
 * come in (a category only an admin may create). A recipe without history (an archive from before
 * histories were kept) gets its revision 1, its state now, by the caller.
 */
async function importRevisions(
  { trx, rows, caller }: ImportRun,
  recipes: IdMap,
  ingredients: IdMap,
  categories: IdMap,
) {
  const owners = new Map(rows.recipes.map((r) => [r.id, r.user_id ?? null]));
  await insertMany(
    trx,
    "recipe_revisions",
    {
      recipe_id: "integer",
      revision: "integer",
      user_id: "integer",
      changes: "text[]",
      snapshot: "jsonb",
      created_at: "timestamptz",
    },
    rows.recipe_revisions,
    (rv) => {
      const owner = owners.get(rv.recipe_id);
      const { snapshot } = rv;
      return {
        recipe_id: recipes.require(rv.recipe_id, "recipe_revisions"),
        revision: rv.revision,
        user_id: owner != null && rv.user_id === owner ? caller.id : null,
        changes: rv.changes,
        snapshot: {
          ...snapshot,
          categories: snapshot.categories.map((c) => ({
            id: c.id === null ? null : (categories.get(c.id) ?? null),
            name: c.name,
          })),
          ingredients: snapshot.ingredients.map((line) => ({
            ...line,
            ingredient_id: line.ingredient_id === null ? null : (ingredients.get(line.ingredient_id) ?? null),
          })),
        },
        created_at: rv.created_at,
      };
    },
  );
  const newRecipeIds = rows.recipes.map((r) => recipes.require(r.id, "recipes"));
  for (let at = 0; at < newRecipeIds.length; at += BATCH_ROWS) {
    await recordFirstRevisions(trx, newRecipeIds.slice(at, at + BATCH_ROWS));
  }
}

/** Stores and their shelves (with the ingredients on them): always new rows, the caller's. */
async function importStores({ trx, rows, caller, count }: ImportRun, ingredients: IdMap): Promise<IdMap> {
  const stores = new IdMap("store");
  for (const s of rows.stores) {
    const { id: from, ...fields } = s;
    stores.set(from, (await insertOne(trx, "stores", { ...fields, user_id: caller.id })) as number);
  }
  count("stores", rows.stores.length);
  const shelves = new IdMap("shelf");
  const shelfStore = new Map<number, number>();
  for (const s of rows.shelves) {
    const storeId = stores.require(s.store_id, "shelves");
    const id = (await insertOne(trx, "shelves", {
      store_id: storeId,
      name: s.name,
      position: s.position,
    })) as number;
    shelves.set(s.id, id);
    shelfStore.set(id, storeId);
  }
  count("shelves", rows.shelves.length);
  await insertMany(
    trx,
    "shelf_ingredients",
    { shelf_id: "integer", store_id: "integer", ingredient_id: "integer" },
    rows.shelf_ingredients,
    (si) => {
      const shelfId = shelves.require(si.shelf_id, "shelf_ingredients");
      return {
        shelf_id: shelfId,
        store_id: shelfStore.get(shelfId),
        ingredient_id: ingredients.require(si.ingredient_id, "shelf_ingredients"),
      };
    },
  );
  return stores;
}

/**
 * Copies each new row's pictures to the row's own keys, as the picture routes name them, and
 * points the row at them; `written` collects the keys, to delete them again if the import fails.
 */
async function copyPictures(
  { trx, count, pictures }: ImportRun,
  reader: ArchiveReader,
  bucket: Bucket,
  written: string[],
) {
  const copy = async (table: string, id: number, key: string): Promise<string> => {
    if (/^https?:\/\//i.test(key)) return key; // a URL that was never the exporting instance's own
    const bytes = await reader.image(key);
    const format = sniffFormat(bytes);
    if (!format) throw archiveInvalid(`the picture '${key}' is not a JPEG, PNG, WebP or AVIF image.`);
    const target = `${table}/${id}/${posix.basename(key)}`;
    written.push(target);
    await writePicture(bucket, target, bytes, IMAGE_FORMATS[format].contentType);
    count("pictures");
    return pictureUrlOfKey(bucket, target);
  };
  for (const p of pictures) {
    const img = p.img ? await copy(p.table, p.id, p.img) : null;
    const preview = p.preview ? await copy(p.table, p.id, p.preview) : null;
    if (img !== null || preview !== null) {
      // A trigger stamps updated_at; the row was written in this import anyway.
      await sql`update ${sql.table(p.table)} set img = ${img}, preview_img = ${preview} where id = ${p.id}`.execute(
        trx,
      );
    }
  }
}

type Maps = { recipes: IdMap; ingredients: IdMap; stores: IdMap };

/** Shopping lists and the meal plan. A recipe or store the archive does not hold (another user's) is left out, said once. */
async function importListsAndPlan(
  { trx, rows, caller, count, warnings }: ImportRun,
  maps: Maps,
): Promise<void> {
  let foreignStores = 0;
  let foreignRecipes = 0;
  const lists = new IdMap("shopping list");
  for (const l of rows.shopping_lists) {
    const storeId = l.store_id ? maps.stores.get(l.store_id) : undefined;
    if (l.store_id && storeId === undefined) foreignStores++;
    lists.set(
      l.id,
      (await insertOne(trx, "shopping_lists", {
        user_id: caller.id,
        name: l.name,
        store_id: storeId ?? null,
      })) as number,
    );
  }
  count("shopping_lists", rows.shopping_lists.length);
  const items = new IdMap("shopping list item");
  for (const i of rows.shopping_list_items) {
    const id = await insertOne(trx, "shopping_list_items", {
      list_id: lists.require(i.list_id, "shopping_list_items"),
      ingredient_id: i.ingredient_id
        ? maps.ingredients.require(i.ingredient_id, "shopping_list_items")
        : null,
      name: i.name,
      amount_grams: i.amount_grams ?? null,
      amount_readable: i.amount_readable,
      checked: i.checked,
      amount_set_by_hand: i.amount_set_by_hand,
    });
    if (id === undefined)
      throw archiveInvalid(`its shopping list ID ${i.list_id} holds two unchecked items of one ingredient.`);
    items.set(i.id, id);
  }
  count("shopping_list_items", rows.shopping_list_items.length);
  await insertMany(
    trx,
    "shopping_list_item_parts",
    { item_id: "integer", recipe_id: "integer", amount_grams: "numeric", amount_readable: "text" },
    rows.shopping_list_item_parts,
    (p) => {
      const recipeId = p.recipe_id ? maps.recipes.get(p.recipe_id) : undefined;
      if (p.recipe_id && recipeId === undefined) foreignRecipes++;
      // A share of a recipe the archive lacks stays on the item as an amount added by hand.
      return {
        ...p,
        item_id: items.require(p.item_id, "shopping_list_item_parts"),
        recipe_id: recipeId ?? null,
      };
    },
  );
  await insertMany(
    trx,
    "shopping_list_recipes",
    { list_id: "integer", recipe_id: "integer", servings: "integer" },
    rows.shopping_list_recipes,
    (r) => {
      const recipeId = maps.recipes.get(r.recipe_id);
      if (recipeId === undefined) {
        foreignRecipes++;
        return [];
      }
      return {
        list_id: lists.require(r.list_id, "shopping_list_recipes"),
        recipe_id: recipeId,
        servings: r.servings ?? null,
      };
    },
  );
  let entries = 0;
  await insertMany(
    trx,
    "meal_plan_entries",
    {
      user_id: "integer",
      date: "date",
      meal: "text",
      recipe_id: "integer",
      servings: "integer",
      note: "text",
    },
    rows.meal_plan_entries,
    (e) => {
      const recipeId = maps.recipes.get(e.recipe_id);
      if (recipeId === undefined) {
        foreignRecipes++;
        return [];
      }
      entries++;
      return { ...e, user_id: caller.id, recipe_id: recipeId, servings: e.servings ?? null };
    },
  );
  count("meal_plan_entries", entries);
  if (foreignStores > 0) {
    warnings.push(
      `${foreignStores} shopping list(s) followed a store the archive does not hold: they follow no store now.`,
    );
  }
  if (foreignRecipes > 0) {
    warnings.push(
      `${foreignRecipes} shopping list or meal plan reference(s) named a recipe the archive does not hold (another user's): they were left out.`,
    );
  }
}
