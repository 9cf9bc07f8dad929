/**
 * SQL for shopping lists. A whole list (its recipes, and its items in sections along the walk
 * through a store) is read with one statement; every write runs inside the service's transaction,
 * after the list row is locked.
 */
import { type RawBuilder, sql } from "kysely";
import { sumAmounts } from "../amount/sum.ts";
import type { Db } from "../db.ts";
import { isMemberSql } from "../household/repository.ts";
import { isoTimestampSql, withIsoDates } from "../timestamps.ts";
import type { TreeLine } from "./expand.ts";
import type { ShoppingListItemRead, ShoppingListRecipeRead, ShoppingListSection } from "./schemas.ts";

const summaryColumns = [
  "id",
  "user_id",
  "name",
  "store_id",
  "household_id",
  "created_at",
  "updated_at",
] as const;

/** An item (alias `it`, its ingredient `i`) as the JSON a client reads. */
const itemJson = sql<ShoppingListItemRead>`json_build_object(
  'id', it.id, 'ingredient_id', it.ingredient_id, 'name', coalesce(i.name, it.name),
  'amount_grams', it.amount_grams, 'amount_readable', it.amount_readable, 'checked', it.checked,
  'checked_at', ${isoTimestampSql(sql`it.checked_at`)},
  'grams_per_piece', i.grams_per_piece, 'version', it.version,
  'updated_by', (select json_build_object('user_id', u.id, 'username', u.username) from users u where u.id = it.updated_by),
  'created_at', ${isoTimestampSql(sql`it.created_at`)}, 'updated_at', ${isoTimestampSql(sql`it.updated_at`)},
  'recipe_ids', coalesce((
    select json_agg(p.recipe_id order by p.first_part)
    from (select recipe_id, min(id) as first_part from shopping_list_item_parts
      where item_id = it.id and recipe_id is not null group by recipe_id) p), '[]'::json))`;

/** Unchecked first, then by name, within a section. */
const itemOrder = sql`items.checked, lower(items.name), items.id`;

export type WholeListRow = {
  id: number;
  user_id: number;
  name: string;
  store_id: number | null;
  household_id: number | null;
  created_at: string;
  updated_at: string;
  /** False when `?store_id=` names no store. */
  store_found: boolean;
  /** Whether the user reading it is a member of its household (the sharing rule, core/household/access.ts). */
  member: boolean;
  recipes: ShoppingListRecipeRead[];
  sections: ShoppingListSection[];
};

/**
 * The whole list in one statement: its recipes, and its items in sections along the walk through
 * `storeId` (else the list's own store): one section per shelf holding items, in (position, id)
 * order, then `shelf: null` for the rest (always there, maybe empty, when no store is walked).
 * An item on no shelf that the store's learned order holds (learned_order_items, core/store/learning.ts)
 * goes into a section `shelf: null, learned: true` right after the shelf of the nearest shelved
 * ingredient before it in that order (before every shelf when there is none), in learned order; a
 * shelf set by hand always wins. `member` says whether `readerId` is in the list's household.
 */
export async function findWholeList(
  db: Db,
  id: number,
  storeId: number | undefined,
  readerId: number,
): Promise<WholeListRow | undefined> {
  const store = storeId ?? null;
  const result = await sql<
    Omit<WholeListRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date }
  >`
    with list as (
      select l.*, coalesce(${store}::integer, l.store_id) as walk_store_id from shopping_lists l where l.id = ${id}
    ),
    learned as (
      select lo.ingredient_id, lo.position, si.shelf_id,
        max(lo.position) filter (where si.shelf_id is not null)
          over (order by lo.position rows between unbounded preceding and 1 preceding) as shelved_before
      from learned_order_items lo
      left join shelf_ingredients si on si.store_id = lo.store_id and si.ingredient_id = lo.ingredient_id
      where lo.store_id = (select walk_store_id from list)
    ),
    items as (
      select it.id, coalesce(i.name, it.name) as name, it.checked, si.shelf_id,
        l.position as learned_position, anchor.shelf_id as after_shelf_id,
        ${itemJson} as item
      from shopping_list_items it
      left join ingredients i on i.id = it.ingredient_id
      left join shelf_ingredients si
        on si.ingredient_id = it.ingredient_id and si.store_id = (select walk_store_id from list)
      left join learned l on si.shelf_id is null and l.ingredient_id = it.ingredient_id
      left join learned anchor on anchor.position = l.shelved_before
      where it.list_id = ${id}
    )
    select list.id, list.user_id, list.name, list.store_id, list.household_id, list.created_at, list.updated_at,
      (${store}::integer is null or exists (select 1 from stores where id = ${store}::integer)) as store_found,
      ${isMemberSql(sql`list.household_id`, readerId)} as member,
      coalesce((
        select json_agg(json_build_object('recipe_id', r.id, 'title', r.title, 'servings', lr.servings)
          order by lr.created_at, r.id)
        from shopping_list_recipes lr join recipes r on r.id = lr.recipe_id
        where lr.list_id = list.id), '[]'::json) as recipes,
      (select coalesce(json_agg(s.section order by s.unplaced, s.position, s.id, s.learned), '[]'::json) from (
        select false as unplaced, sh.position, sh.id, false as learned, json_build_object(
          'shelf', json_build_object('id', sh.id, 'name', sh.name, 'position', sh.position),
          'items', (select json_agg(items.item order by ${itemOrder}) from items where items.shelf_id = sh.id)
        ) as section
        from shelves sh
        where sh.store_id = list.walk_store_id and exists (select 1 from items where items.shelf_id = sh.id)
        union all
        select false, coalesce(after.position, -1), coalesce(after.id, 0), true, json_build_object(
          'shelf', null, 'learned', true,
          'items', json_agg(items.item order by items.checked, items.learned_position, items.id))
        from items left join shelves after on after.id = items.after_shelf_id
        where items.shelf_id is null and items.learned_position is not null
        group by after.id, after.position
        union all
        select true, 0, 0, false, json_build_object(
          'shelf', null,
          'items', coalesce(json_agg(items.item order by ${itemOrder}), '[]'::json))
        from items where items.shelf_id is null and items.learned_position is null
        having count(*) > 0 or (select walk_store_id from list) is null
      ) s) as sections
    from list
  `.execute(db);
  const row = result.rows[0];
  return row && withIsoDates(row);
}

/** One item of the list as a client reads it, or undefined. */
export async function findItem(
  db: Db,
  listId: number,
  itemId: number,
): Promise<ShoppingListItemRead | undefined> {
  const result = await sql<{ item: ShoppingListItemRead }>`
    select ${itemJson} as item from shopping_list_items it left join ingredients i on i.id = it.ingredient_id
    where it.id = ${itemId} and it.list_id = ${listId}
  `.execute(db);
  return result.rows[0]?.item;
}

/**
 * Locks the list row until the transaction ends: every write to one list takes its turn here. With
 * it, who may write it: its creator, its household, and whether `writerId` is in that household.
 */
export async function lockListById(db: Db, id: number, writerId: number) {
  return db
    .selectFrom("shopping_lists as l")
    .select([
      "l.id",
      "l.user_id",
      "l.household_id",
      "l.store_id",
      isMemberSql(sql.ref("l.household_id"), writerId).as("member"),
    ])
    .where("l.id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Who may use each of the lists (the sharing rule's row, for `readerId`), by id; a missing list is absent. */
export async function findListsAccess(db: Db, ids: readonly number[], readerId: number) {
  if (ids.length === 0) return new Map<number, { user_id: number; member: boolean }>();
  const rows = await db
    .selectFrom("shopping_lists as l")
    .select(["l.id", "l.user_id", isMemberSql(sql.ref("l.household_id"), readerId).as("member")])
    .where("l.id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { user_id: row.user_id, member: row.member }]));
}

/**
 * Names the user the writes of this transaction are made for: the item trigger records them as the
 * items' `updated_by` (migrations/2026-11-25T0200-households.ts). Ends with the transaction.
 */
export async function actAs(db: Db, userId: number): Promise<void> {
  await sql`select set_config('recipes.actor_id', ${String(userId)}, true)`.execute(db);
}

/** Writes the given columns; with none it still touches the row, so updated_at says the list changed. */
export async function updateListById(
  db: Db,
  id: number,
  values: { name?: string; store_id?: number | null; household_id?: number | null },
): Promise<void> {
  const set = Object.keys(values).length > 0 ? values : { name: sql<string>`name` };
  await db.updateTable("shopping_lists").set(set).where("id", "=", id).execute();
}

export async function insertList(
  db: Db,
  values: { user_id: number; name: string; store_id: number | null; household_id: number | null },
) {
  const row = await db.insertInto("shopping_lists").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteListById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("shopping_lists").where("id", "=", id).execute();
}

/**
 * One page, in (name, id) order after the given key, of the lists a user reads in their lists: their
 * own and those of their households; with `householdId`, only that household's.
 */
export async function selectListsOfUser(
  db: Db,
  userId: number,
  page: { limit: number; after?: readonly [string, number] },
  householdId?: number,
) {
  let query = db
    .selectFrom("shopping_lists")
    .select(summaryColumns)
    .where((eb) =>
      householdId === undefined
        ? eb.or([eb("user_id", "=", userId), isMemberSql(sql.ref("shopping_lists.household_id"), userId)])
        : eb("household_id", "=", householdId),
    );
  const after = page.after;
  if (after) query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(after[0], after[1])));
  const rows = await query.orderBy("name").orderBy("id").limit(page.limit).execute();
  return rows.map(withIsoDates);
}

/** Whether the store exists; it stays (`for key share`) until the transaction ends. */
export async function storeExists(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom("stores")
    .select("id")
    .where("id", "=", id)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** The ingredient's name, or undefined; it stays (`for key share`) until the transaction ends. */
export async function findIngredientName(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("ingredients")
    .select("name")
    .where("id", "=", id)
    .forKeyShare()
    .executeTakeFirst();
  return row?.name;
}

/**
 * The ingredient lines of the recipe and, down to `depth` levels, of the recipes that make its
 * ingredients, in one statement (a recursive walk; the depth bound ends it even on a cycle).
 */
export async function selectRecipeTree(db: Db, recipeId: number, depth: number): Promise<TreeLine[]> {
  const result = await sql<TreeLine>`
    with recursive tree (recipe_id, depth) as (
      select ${recipeId}::integer, 0
      union
      select i.recipe_id, tree.depth + 1
      from tree
      join recipe_ingredients ri on ri.recipe_id = tree.recipe_id
      join ingredients i on i.id = ri.ingredient_id
      where i.recipe_id is not null and tree.depth < ${depth}::integer
    )
    select ri.recipe_id, ri.ingredient_id, i.name, i.recipe_id as made_by,
      ri.amount_grams::float8 as amount_grams, ri.amount_readable
    from recipe_ingredients ri join ingredients i on i.id = ri.ingredient_id
    where ri.recipe_id in (select distinct recipe_id from tree)
    order by ri.recipe_id, ri.position
  `.execute(db);
  return result.rows;
}

/** Null-aware grams sum: unknown plus unknown stays unknown. */
const addGrams = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql`case when ${a} is null and ${b} is null then null else coalesce(${a}, 0) + coalesce(${b}, 0) end`;

/** What one addition puts on one ingredient's item (grams may be unknown for an addition by hand). */
export type IngredientAddition = {
  ingredient_id: number;
  name: string;
  amount_grams: number | null;
  amount_readable: string;
  /** The UUID a client picked for an addition by hand, kept on its part. */
  client_id?: string | undefined;
};

/**
 * Adds each ingredient's amounts to the list's one unchecked item of it (made where there is none:
 * the partial unique index (list_id, ingredient_id) where not checked decides "the same item") and
 * records each as a part from `recipeId` (null: by hand). The amounts as written add up like one
 * amount (`2 tbsp` + `1 tbsp` = `3 tbsp`, core/amount), so the items the addition meets are read
 * first. An amount set by hand grows too; only taking a recipe back leaves it be. Ingredients must
 * be distinct.
 */
export async function mergeIntoUncheckedItems(
  db: Db,
  listId: number,
  recipeId: number | null,
  additions: readonly IngredientAddition[],
): Promise<{ id: number; ingredient_id: number; inserted: boolean }[]> {
  if (additions.length === 0) return [];
  const open = await db
    .selectFrom("shopping_list_items")
    .select(["ingredient_id", "amount_readable"])
    .where("list_id", "=", listId)
    .where("checked", "=", false)
    .where(
      "ingredient_id",
      "in",
      additions.map((a) => a.ingredient_id),
    )
    .execute();
  const current = new Map(open.map((item) => [item.ingredient_id, item.amount_readable]));
  const values = sql.join(
    additions.map((a) => {
      const total = sumAmounts([current.get(a.ingredient_id) ?? "", a.amount_readable]);
      return sql`(${a.ingredient_id}::integer, ${a.name}::text, ${a.amount_grams}::numeric, ${a.amount_readable}::text, ${total}::text, ${a.client_id ?? null}::uuid)`;
    }),
  );
  const result = await sql<{ id: number; ingredient_id: number; inserted: boolean }>`
    with v (ingredient_id, name, grams, readable, total, client_id) as (values ${values}),
    item as (
      insert into shopping_list_items as it (list_id, ingredient_id, name, amount_grams, amount_readable)
      select ${listId}::integer, v.ingredient_id, v.name, v.grams, v.total from v
      on conflict (list_id, ingredient_id) where not checked do update set
        name = excluded.name,
        amount_grams = ${addGrams(sql`it.amount_grams`, sql`excluded.amount_grams`)},
        amount_readable = excluded.amount_readable
      returning it.id, it.ingredient_id, (it.xmax = 0) as inserted
    ),
    part as (
      insert into shopping_list_item_parts (item_id, recipe_id, amount_grams, amount_readable, client_id)
      select item.id, ${recipeId}::integer, v.grams, v.readable, v.client_id from item join v using (ingredient_id)
    )
    select id, ingredient_id, inserted from item
  `.execute(db);
  return result.rows;
}

/** A free-text item with its first part (by hand), which keeps the client's id of the addition. */
export async function insertFreeTextItem(
  db: Db,
  listId: number,
  name: string,
  readable: string,
  clientId?: string,
): Promise<number> {
  const row = await db
    .insertInto("shopping_list_items")
    .values({ list_id: listId, ingredient_id: null, name, amount_readable: readable })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("shopping_list_item_parts")
    .values({ item_id: row.id, recipe_id: null, amount_readable: readable, client_id: clientId ?? null })
    .execute();
  return row.id;
}

/** The item an addition with this client id went into, and its list, if there was one. */
export async function findItemOfClientId(
  db: Db,
  clientId: string,
): Promise<{ item_id: number; list_id: number } | undefined> {
  return db
    .selectFrom("shopping_list_item_parts as p")
    .innerJoin("shopping_list_items as it", "it.id", "p.item_id")
    .select(["p.item_id", "it.list_id"])
    .where("p.client_id", "=", clientId)
    .executeTakeFirst();
}

/** Adds a recipe to the list's recipes, or its servings to the ones already there. */
export async function upsertListRecipe(
  db: Db,
  listId: number,
  recipeId: number,
  servings: number | null,
): Promise<void> {
  await db
    .insertInto("shopping_list_recipes")
    .values({ list_id: listId, recipe_id: recipeId, servings })
    .onConflict((oc) =>
      oc.columns(["list_id", "recipe_id"]).doUpdateSet({
        servings: sql<number | null>`shopping_list_recipes.servings + excluded.servings`,
      }),
    )
    .execute();
}

/** Takes the recipe off the list's recipes; false when it was not there. */
export async function deleteListRecipe(db: Db, listId: number, recipeId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("shopping_list_recipes")
    .where("list_id", "=", listId)
    .where("recipe_id", "=", recipeId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes the recipe's parts on this list's items; returns the items they were on. */
export async function deleteRecipeParts(db: Db, listId: number, recipeId: number): Promise<number[]> {
  const rows = await db
    .deleteFrom("shopping_list_item_parts")
    .where("recipe_id", "=", recipeId)
    .where("item_id", "in", (eb) =>
      eb.selectFrom("shopping_list_items").select("id").where("list_id", "=", listId),
    )
    .returning("item_id")
    .execute();
  return [...new Set(rows.map((row) => row.item_id))];
}

/**
 * Of the given items whose amount was not set by hand: deletes those no part is left on (nothing from
 * any recipe, never added by hand) and sums the others' amounts again from their parts.
 */
export async function settleItems(db: Db, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .deleteFrom("shopping_list_items as it")
    .where("it.id", "in", itemIds)
    .where("it.amount_set_by_hand", "=", false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("shopping_list_item_parts as p").select("p.id").whereRef("p.item_id", "=", "it.id"),
        ),
      ),
    )
    .execute();
  const parts = await db
    .selectFrom("shopping_list_item_parts")
    .select(["item_id", "amount_readable"])
    .where("item_id", "in", itemIds)
    .orderBy("id")
    .execute();
  const readables = new Map(itemIds.map((id) => [id, [] as string[]]));
  for (const part of parts) readables.get(part.item_id)?.push(part.amount_readable);
  const values = sql.join(
    [...readables].map(([id, written]) => sql`(${id}::integer, ${sumAmounts(written)}::text)`),
  );
  await sql`
    update shopping_list_items it set
      amount_grams = (select sum(p.amount_grams) from shopping_list_item_parts p where p.item_id = it.id),
      amount_readable = v.total
    from (values ${values}) v (id, total)
    where it.id = v.id and not it.amount_set_by_hand
  `.execute(db);
}

/** The item's stored row, locked until the transaction ends, or undefined. */
export async function lockItemById(db: Db, listId: number, itemId: number) {
  return db
    .selectFrom("shopping_list_items")
    .select(["id", "ingredient_id", "checked", "amount_grams", "amount_readable", "amount_set_by_hand"])
    .where("id", "=", itemId)
    .where("list_id", "=", listId)
    .forUpdate()
    .executeTakeFirst();
}

/** The id of the list's unchecked item of this ingredient, if there is one. */
export async function findUncheckedItemId(
  db: Db,
  listId: number,
  ingredientId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("shopping_list_items")
    .select("id")
    .where("list_id", "=", listId)
    .where("ingredient_id", "=", ingredientId)
    .where("checked", "=", false)
    .executeTakeFirst();
  return row?.id;
}

export type ItemFields = {
  checked?: boolean;
  /** A tick's time (an expression: clamped in SQL, core/shopping-list/service.ts), or null on unchecking. */
  checked_at?: RawBuilder<Date> | null;
  amount_grams?: number | null;
  amount_readable?: string;
  name?: string;
  amount_set_by_hand?: boolean;
};

/**
 * Writes the given columns where one of them differs; false when nothing changed, so a replayed PUT
 * leaves the row (and its updated_at) as it was.
 */
export async function updateItemById(db: Db, itemId: number, values: ItemFields): Promise<boolean> {
  const entries = Object.entries(values);
  if (entries.length === 0) return false;
  const differs = entries.map(
    ([column, value]) => sql<boolean>`${sql.ref(column)} is distinct from ${value}`,
  );
  const result = await db
    .updateTable("shopping_list_items")
    .set(values)
    .where("id", "=", itemId)
    .where(sql<boolean>`(${sql.join(differs, sql` or `)})`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Folds item `fromId` into item `intoId` (same ingredient): the parts move over, the amounts add up,
 * an amount set by hand on either stays the user's; then `fromId` is deleted.
 */
export async function mergeItemInto(db: Db, fromId: number, intoId: number): Promise<void> {
  await db
    .updateTable("shopping_list_item_parts")
    .set({ item_id: intoId })
    .where("item_id", "=", fromId)
    .execute();
  const both = await db
    .selectFrom("shopping_list_items")
    .select(["id", "amount_readable"])
    .where("id", "in", [intoId, fromId])
    .execute();
  const readable = (id: number) => both.find((item) => item.id === id)?.amount_readable ?? "";
  const total = sumAmounts([readable(intoId), readable(fromId)]);
  await sql`
    update shopping_list_items it set
      amount_grams = ${addGrams(sql`it.amount_grams`, sql`f.amount_grams`)},
      amount_readable = ${total},
      amount_set_by_hand = it.amount_set_by_hand or f.amount_set_by_hand
    from shopping_list_items f
    where it.id = ${intoId} and f.id = ${fromId}
  `.execute(db);
  await deleteItemById(db, fromId);
}

export async function deleteItemById(db: Db, itemId: number): Promise<void> {
  await db.deleteFrom("shopping_list_items").where("id", "=", itemId).execute();
}

/** Deletes the list's checked items; returns their ids. */
export async function deleteCheckedItems(db: Db, listId: number): Promise<number[]> {
  const rows = await db
    .deleteFrom("shopping_list_items")
    .where("list_id", "=", listId)
    .where("checked", "=", true)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}
