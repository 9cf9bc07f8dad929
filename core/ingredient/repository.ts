/** SQL for ingredients. */
import { type Insertable, type RawBuilder, sql, type Updateable } from "kysely";
import type { Db } from "../db.ts";
import { jsonText } from "../json-text.ts";
import type { Language } from "../languages.ts";
import { DATASET, nutrientsJson } from "../nutrition/repository.ts";
import type { Nutrients } from "../nutrition/table.ts";
import { withIsoDates } from "../timestamps.ts";
import type { IngredientsTable } from "./table.ts";

const ingredientColumns = [
  "id",
  "user_id",
  "name",
  "description",
  "recipe_id",
  "grams_per_ml",
  "grams_per_piece",
  "img",
  "preview_img",
  "nutrients_per_100g",
  "nutrition_food_id",
  "nutrition_by",
  "created_at",
  "updated_at",
  // The chosen or matched food's name, for `nutrition_source` (a subquery: FOR UPDATE locks no foods row).
  sql<string | null>`(select f.name from foods f where f.id = ingredients.nutrition_food_id)`.as(
    "nutrition_food_name",
  ),
  sql<OtherNameRow[]>`coalesce((select json_agg(json_build_object('name', n.name, 'language', n.language)
    order by n.language nulls first, n.name) from ingredient_names n where n.ingredient_id = ingredients.id), '[]')`.as(
    "other_names",
  ),
] as const;

/** Another name an ingredient goes by, as it reads. */
export type OtherNameRow = { name: string; language: Language | null };

type StoredRow = {
  nutrients_per_100g: Nutrients | null;
  nutrition_food_id: number | null;
  nutrition_by: "match" | "person" | null;
  nutrition_food_name: string | null;
  created_at: Date;
  updated_at: Date;
};

/**
 * A row as the API reads it: ISO dates, and where its nutrients come from (`nutrition_source`, null
 * when it has none) instead of the columns that say it.
 */
function toIngredient<T extends StoredRow>(row: T) {
  const { nutrition_food_id, nutrition_by, nutrition_food_name, ...rest } = withIsoDates(row);
  return {
    ...rest,
    nutrition_source:
      nutrition_by === null
        ? null
        : {
            dataset: nutrition_food_id === null ? null : DATASET,
            food_id: nutrition_food_id,
            food_name: nutrition_food_name,
            by: nutrition_by,
          },
  };
}

// Accent folding with translate(): plain SQL that behaves the same on PGlite and PostgreSQL, with
// no extension to install (unaccent is not there by default). Covers the accented Latin letters that
// decompose into one base letter; the query text is folded the same way in JavaScript.
const ACCENTED =
  "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćČčĎďĒēĖėĘęĚěĞğĪīĮįŁłŃńŇňŌōŐőŘřŚśŞşŠšŤťŪūŮůŰűŹźŻżŽž";
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");
const PLAIN = [...ACCENTED].map((ch) => (fold(ch).length === 1 ? fold(ch) : ch)).join("");

/** The text search folds: case (in SQL, so both sides use one rule) and accents. */
export const foldSearchText = (text: string) => fold(text);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export async function findIngredientById(db: Db, id: number) {
  const row = await db
    .selectFrom("ingredients")
    .select(ingredientColumns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toIngredient(row);
}

/** Locks the row until the transaction ends, so a concurrent delete or rename waits. */
export async function findIngredientByIdForUpdate(db: Db, id: number) {
  const row = await db
    .selectFrom("ingredients")
    .select(ingredientColumns)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row && toIngredient(row);
}

/**
 * One page in (name, id) order after the given key. With `q`, names (its own or another it goes
 * by) that start with it or have a word that does (after a space, hyphen, slash or parenthesis),
 * ignoring case and accents; with `namedIn`, those that go by another name in that language.
 */
export async function selectIngredients(
  db: Db,
  page: { limit: number; after?: readonly [string, number]; q?: string; namedIn?: Language },
) {
  let query = db.selectFrom("ingredients").select(ingredientColumns);
  const { after, q, namedIn } = page;
  if (namedIn) {
    query = query.where(
      sql<boolean>`exists (select 1 from ingredient_names n
        where n.ingredient_id = ingredients.id and n.language = ${namedIn})`,
    );
  }
  if (q) {
    const needle = escapeLike(foldSearchText(q));
    const patterns = [`${needle}%`, ...[" ", "-", "/", "("].map((sep) => `%${sep}${needle}%`)];
    const matches = (name: RawBuilder<string>) =>
      sql<boolean>`lower(translate(${name}, ${ACCENTED}, ${PLAIN})) like any (array[${sql.join(
        patterns.map((p) => sql`lower(${p})`),
      )}])`;
    // Its name, or one of its other names (`zuck` finds Sugar, which goes by Zucker).
    query = query.where(
      sql<boolean>`(${matches(sql.ref("name"))} or exists (select 1 from ingredient_names n
        where n.ingredient_id = ingredients.id and ${matches(sql.ref("n.name"))}))`,
    );
  }
  if (after) query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(after[0], after[1])));
  return (await query.orderBy("name").orderBy("id").limit(page.limit).execute()).map(toIngredient);
}

/**
 * Each name of `names` with its key (`name_key()`) and the ingredient other than `id` that is called
 * it or goes by it, if any: what a write of other names must check, in one statement.
 */
export async function otherNamesTaken(db: Db, id: number | null, names: readonly string[]) {
  const { rows } = await sql<{ key: string; taken_by: number | null }>`
    select name_key(t.name) as key,
      coalesce(
        (select i.id from ingredients i where name_key(i.name) = name_key(t.name) and i.id is distinct from ${id}),
        (select n.ingredient_id from ingredient_names n
          where name_key(n.name) = name_key(t.name) and n.ingredient_id is distinct from ${id})
      ) as taken_by
    from unnest(${[...names]}::text[]) with ordinality as t(name, at)
    order by t.at`.execute(db);
  return rows;
}

/** Replaces the ingredient's other names. */
export async function setOtherNames(db: Db, id: number, names: readonly OtherNameRow[]): Promise<void> {
  await db.deleteFrom("ingredient_names").where("ingredient_id", "=", id).execute();
  if (names.length === 0) return;
  await db
    .insertInto("ingredient_names")
    .values(names.map(({ name, language }) => ({ ingredient_id: id, name, language })))
    .execute();
}

/** Drops the ingredient's other name that its (new) name now is, ignoring case and plural. */
export async function dropOtherNameNamed(db: Db, id: number, name: string): Promise<void> {
  await db
    .deleteFrom("ingredient_names")
    .where("ingredient_id", "=", id)
    .where(sql<string>`name_key(name)`, "=", sql<string>`name_key(${name})`)
    .execute();
}

/**
 * Gives ingredients more other names (`ingredient_id` each), leaving out every name an ingredient
 * is called, its own included, and any another ingredient goes by: a merge's (the merged
 * ingredient's name and other names), an import's (those of the ingredients it created).
 */
export async function addOtherNames(db: Db, names: readonly (OtherNameRow & { ingredient_id: number })[]) {
  if (names.length === 0) return;
  await sql`
    insert into ingredient_names (ingredient_id, name, language)
    select t.ingredient_id, t.name, t.language
    from jsonb_to_recordset(${jsonText(names)}::jsonb) as t(ingredient_id integer, name text, language text)
    where not exists (select 1 from ingredients i where name_key(i.name) = name_key(t.name))
    on conflict do nothing`.execute(db);
}

export async function insertIngredient(db: Db, values: Insertable<IngredientsTable>) {
  return toIngredient(
    await db.insertInto("ingredients").values(values).returning(ingredientColumns).executeTakeFirstOrThrow(),
  );
}

export async function updateIngredientById(db: Db, id: number, values: Updateable<IngredientsTable>) {
  return toIngredient(
    await db
      .updateTable("ingredients")
      .set(values)
      .where("id", "=", id)
      .returning(ingredientColumns)
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Sets each ingredient's food (`match`, or none: null) with the food's nutrients, where the
 * ingredient's nutrition is not a person's; rows that would not change are not written.
 */
export async function setMatchedFoods(
  db: Db,
  matches: readonly { id: number; food_id: number | null }[],
): Promise<void> {
  if (matches.length === 0) return;
  await sql`
    update ingredients i set nutrition_food_id = m.food_id,
      nutrition_by = case when m.food_id is null then null else 'match' end,
      nutrients_per_100g = (select ${nutrientsJson("f")} from foods f where f.id = m.food_id)
    from jsonb_to_recordset(${jsonText(matches)}::jsonb) as m(id integer, food_id integer)
    where i.id = m.id and i.nutrition_by is distinct from 'person'
      and (i.nutrition_food_id, i.nutrition_by) is distinct from
        (m.food_id, case when m.food_id is null then null else 'match' end)`.execute(db);
}

/** The names of the ingredients (all, or those of `ids`) whose nutrition the service decides. */
export async function selectNamesToMatch(db: Db, ids: readonly number[] | "unmatched") {
  let query = db.selectFrom("ingredients").select(["id", "name"]);
  query =
    ids === "unmatched"
      ? query.where("nutrition_by", "is", null)
      : query.where("id", "in", [...ids]).where(sql<boolean>`nutrition_by is distinct from 'person'`);
  return query.orderBy("id").execute();
}

/** A person's choice: a food of the table (its nutrients with it) or the values they typed. */
export async function setPersonNutrition(
  db: Db,
  id: number,
  choice: { foodId: number } | { values: Nutrients },
): Promise<void> {
  await sql`
    update ingredients set nutrition_by = 'person',
      ${
        "foodId" in choice
          ? sql`nutrition_food_id = ${choice.foodId},
              nutrients_per_100g = (select ${nutrientsJson("f")} from foods f where f.id = ${choice.foodId})`
          : sql`nutrition_food_id = null, nutrients_per_100g = ${jsonText(choice.values)}::jsonb`
      }
    where id = ${id}`.execute(db);
}

/** The nutrients of the ingredients `ids` and the food they come from (null: none, or typed), by id. */
export async function selectNutritionOfIngredients(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: number;
    nutrients_per_100g: Nutrients | null;
    food_id: number | null;
    food_name: string | null;
  }>`select i.id, i.nutrients_per_100g, f.id as food_id, f.name as food_name
    from ingredients i left join foods f on f.id = i.nutrition_food_id
    where i.id = any(${[...new Set(ids)]}::int[])`.execute(db);
  return rows;
}

/** Forgets the ingredient's nutrition (before matching it again). */
export async function clearNutrition(db: Db, id: number): Promise<void> {
  await db
    .updateTable("ingredients")
    .set({ nutrients_per_100g: null, nutrition_food_id: null, nutrition_by: null })
    .where("id", "=", id)
    .execute();
}

/**
 * After the foods table changed (an import): every ingredient with a food of the table takes that
 * food's values as they are now (typed values, with no food, stay). Returns how many changed.
 */
export async function refreshFoodNutrients(db: Db): Promise<number> {
  const result = await sql`
    update ingredients i set nutrients_per_100g = ${nutrientsJson("f")}
    from foods f where f.id = i.nutrition_food_id
      and i.nutrients_per_100g is distinct from ${nutrientsJson("f")}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function deleteIngredientById(db: Db, id: number) {
  await db.deleteFrom("ingredients").where("id", "=", id).execute();
}

/** How many distinct recipes use the ingredient. */
export async function countRecipesUsingIngredient(db: Db, ingredientId: number): Promise<number> {
  const row = await db
    .selectFrom("recipe_ingredients")
    .select((eb) => eb.fn.count<number>("recipe_id").distinct().as("count"))
    .where("ingredient_id", "=", ingredientId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recipeExists(db: Db, recipeId: number): Promise<boolean> {
  const row = await db.selectFrom("recipes").select("id").where("id", "=", recipeId).executeTakeFirst();
  return row !== undefined;
}

export type IngredientRow = NonNullable<Awaited<ReturnType<typeof findIngredientById>>>;

/** Both rows, locked in id order (two merges of the same pair crossing wait instead of deadlocking). */
export async function lockIngredientPair(db: Db, ids: readonly [number, number]) {
  const rows = await db
    .selectFrom("ingredients")
    .select(ingredientColumns)
    .where("id", "in", [...ids])
    .orderBy("id")
    .forUpdate()
    .execute();
  return rows.map(toIngredient);
}

/**
 * The recipe lines of `fromId`, each with the first line of `intoId` in the same recipe (null when
 * the recipe has none), in recipe and line order.
 */
export async function selectLinesToMerge(db: Db, fromId: number, intoId: number) {
  const result = await sql<{
    id: number;
    recipe_id: number;
    amount_grams: number | null;
    amount_readable: string;
    into_id: number | null;
    into_grams: number | null;
    into_readable: string | null;
  }>`
    select f.id, f.recipe_id, f.amount_grams, f.amount_readable,
      t.id as into_id, t.amount_grams as into_grams, t.amount_readable as into_readable
    from recipe_ingredients f
    left join lateral (
      select id, amount_grams, amount_readable from recipe_ingredients t
      where t.recipe_id = f.recipe_id and t.ingredient_id = ${intoId}
      order by t.position limit 1
    ) t on true
    where f.ingredient_id = ${fromId}
    order by f.recipe_id, f.position`.execute(db);
  return result.rows;
}

export async function setLineAmount(
  db: Db,
  lineId: number,
  amount: { amount_grams: number | null; amount_readable: string },
): Promise<void> {
  await db.updateTable("recipe_ingredients").set(amount).where("id", "=", lineId).execute();
}

export async function deleteLines(db: Db, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await db
    .deleteFrom("recipe_ingredients")
    .where("id", "in", [...lineIds])
    .execute();
}

/**
 * Pairs of unchecked list items, one of each ingredient, on one list: `from_item` is to join
 * `into_item`. With both items' amounts, for an amount set by hand.
 */
export async function selectItemsToJoin(db: Db, fromId: number, intoId: number) {
  const result = await sql<{
    from_item: number;
    into_item: number;
    by_hand: boolean;
    grams: number | null;
    readables: string[];
  }>`
    select f.id as from_item, t.id as into_item, f.amount_set_by_hand or t.amount_set_by_hand as by_hand,
      case when f.amount_grams is null and t.amount_grams is null then null
        else coalesce(t.amount_grams, 0) + coalesce(f.amount_grams, 0) end as grams,
      array[t.amount_readable, f.amount_readable] as readables
    from shopping_list_items f
    join shopping_list_items t on t.list_id = f.list_id and t.ingredient_id = ${intoId} and not t.checked
    where f.ingredient_id = ${fromId} and not f.checked`.execute(db);
  return result.rows;
}

/** Moves one item's parts to another and deletes it; the other takes `amount` when given (set by hand). */
export async function joinItem(
  db: Db,
  fromItem: number,
  intoItem: number,
  amount?: { amount_grams: number | null; amount_readable: string },
): Promise<void> {
  await db
    .updateTable("shopping_list_item_parts")
    .set({ item_id: intoItem })
    .where("item_id", "=", fromItem)
    .execute();
  if (amount) {
    await db
      .updateTable("shopping_list_items")
      .set({ ...amount, amount_set_by_hand: true })
      .where("id", "=", intoItem)
      .execute();
  }
  await db.deleteFrom("shopping_list_items").where("id", "=", fromItem).execute();
}

/**
 * Everything else that names `fromId` names `intoId` from now on: recipe lines, list items (with
 * its name), and shelf places, where a store that has a place for `intoId` keeps that one.
 */
/**
 * Who else uses the ingredient: the owners other than `userId` of the recipes, lists and stores
 * (shelf places) that name it, by name (`null` for a store whose creator's account is gone), at most
 * `limit` of them, in name order.
 */
export async function selectOtherUsers(
  db: Db,
  ingredientId: number,
  userId: number,
  limit: number,
): Promise<(string | null)[]> {
  const result = await sql<{ username: string | null }>`select distinct u.username from (
      select r.user_id from recipe_ingredients ri join recipes r on r.id = ri.recipe_id
        where ri.ingredient_id = ${ingredientId}
      union select l.user_id from shopping_list_items i join shopping_lists l on l.id = i.list_id
        where i.ingredient_id = ${ingredientId}
      union select s.user_id from shelf_ingredients f join stores s on s.id = f.store_id
        where f.ingredient_id = ${ingredientId}
    ) o left join users u on u.id = o.user_id
    where o.user_id is distinct from ${userId}
    order by u.username nulls last limit ${limit}`.execute(db);
  return result.rows.map((row) => row.username);
}

export async function repointIngredient(db: Db, fromId: number, into: { id: number; name: string }) {
  await db
    .updateTable("recipe_ingredients")
    .set({ ingredient_id: into.id })
    .where("ingredient_id", "=", fromId)
    .execute();
  await db
    .updateTable("shopping_list_items")
    .set({ ingredient_id: into.id, name: into.name })
    .where("ingredient_id", "=", fromId)
    .execute();
  await db
    .deleteFrom("shelf_ingredients as f")
    .where("f.ingredient_id", "=", fromId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("shelf_ingredients as t")
          .select("t.ingredient_id")
          .where("t.ingredient_id", "=", into.id)
          .whereRef("t.store_id", "=", "f.store_id"),
      ),
    )
    .execute();
  await db
    .updateTable("shelf_ingredients")
    .set({ ingredient_id: into.id })
    .where("ingredient_id", "=", fromId)
    .execute();
  // The stores' trips keep what they taught (core/store/learned-order.ts), now of the one kept.
  await db
    .updateTable("store_ticks")
    .set({ ingredient_id: into.id })
    .where("ingredient_id", "=", fromId)
    .execute();
}
