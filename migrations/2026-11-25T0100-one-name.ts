/**
 * One ingredient, one name (issue 28.5): ingredient and category names are unique ignoring case and
 * plural (`Egg` and `Eggs`, `Berry` and `Berries`, `Soup` and `Soups` are one name). Frozen in time.
 *
 * - `name_key(text)`: the name lower-cased, each word in the English singular by the common rules
 *   (`berries` → `berry`, `peaches` → `peach`, `eggs` → `egg`, a few irregular words). An immutable SQL
 *   function, so the unique indexes use it and every query that matches a name asks the database.
 * - The twins already stored are merged first, so the new unique indexes can be built: of each group,
 *   the row used most (then the oldest) stays and takes the others' recipe lines, list items, shelf
 *   places and recipe links; what it lacks (description, made-by recipe, weights, pictures) it takes
 *   from them; pictures it does not take are left to `npm run storage:sweep`. A recipe that had lines of both
 *   keeps both lines (nothing is lost; `POST /ingredients/<id>/merge` is the one that adds them up),
 *   and an unchecked list item of each on one list become one item whose parts are both of theirs.
 */
import { type Kysely, sql } from "kysely";

const IRREGULAR: Record<string, string> = {
  leaves: "leaf",
  halves: "half",
  loaves: "loaf",
  knives: "knife",
  potatoes: "potato",
  tomatoes: "tomato",
  mangoes: "mango",
  cheeses: "cheese",
  chives: "chives",
  molasses: "molasses",
  oats: "oats",
};

/**
 * One word in the singular; the order of the rules matters (first match wins). Built when the
 * migration runs, not on import: every function imports the migration list, and most never migrate.
 */
const singularWord = () => `case w ${Object.entries(IRREGULAR)
  .map(([plural, one]) => `when '${plural}' then '${one}'`)
  .join(" ")} else case
    when char_length(w) <= 3 then w
    when w ~ '[^aeiou]ies$' then left(w, -3) || 'y'
    when w ~ '(ch|sh|ss|x|z)es$' then left(w, -2)
    when w ~ '(ss|us|is|ous)$' then w
    when w ~ 's$' then left(w, -1)
    else w end end`;

type Twin = { id: number; key: string; uses: number };

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
async function twins(db: Kysely<any>, table: "ingredients" | "categories"): Promise<Map<string, number[]>> {
  const uses =
    table === "ingredients"
      ? sql`(select count(*) from recipe_ingredients r where r.ingredient_id = t.id)
          + (select count(*) from shopping_list_items s where s.ingredient_id = t.id)`
      : sql`(select count(*) from recipe_categories r where r.category_id = t.id)`;
  const { rows } = await sql<Twin>`
    select t.id, name_key(t.name) as key, ${uses}::integer as uses from ${sql.table(table)} t
    where name_key(t.name) in (select name_key(name) from ${sql.table(table)} group by 1 having count(*) > 1)
    order by key, uses desc, t.id`.execute(db);
  const groups = new Map<string, number[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row.id]);
  return groups;
}

/**
 * What the kept row lacks it takes from the twin. The twin's pictures it does not take are named by
 * no row any more: `npm run storage:sweep` removes such objects (rows hold URLs, the outbox keys).
 */
// biome-ignore lint/suspicious/noExplicitAny: see twins()
async function absorbRow(db: Kysely<any>, table: string, from: number, into: number, columns: string[]) {
  const fill = columns.map((c) => sql`${sql.ref(c)} = coalesce(t.${sql.ref(c)}, f.${sql.ref(c)})`);
  // A picture and its preview go together: the twin's pair only when the kept row has no picture.
  await sql`
    update ${sql.table(table)} t set ${sql.join(fill)},
      img = coalesce(t.img, f.img),
      preview_img = case when t.img is null then f.preview_img else t.preview_img end
    from ${sql.table(table)} f where t.id = ${into} and f.id = ${from}`.execute(db);
  await sql`delete from ${sql.table(table)} where id = ${from}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see twins()
async function mergeIngredient(db: Kysely<any>, from: number, into: number): Promise<void> {
  await sql`update recipe_ingredients set ingredient_id = ${into} where ingredient_id = ${from}`.execute(db);

  // Unchecked items of both on one list: the twin's parts move to the kept one's item.
  const { rows: pairs } = await sql<{ from_item: number; into_item: number }>`
    select f.id as from_item, t.id as into_item
    from shopping_list_items f join shopping_list_items t on t.list_id = f.list_id
    where f.ingredient_id = ${from} and t.ingredient_id = ${into} and not f.checked and not t.checked`.execute(
    db,
  );
  for (const { from_item, into_item } of pairs) {
    await sql`update shopping_list_item_parts set item_id = ${into_item} where item_id = ${from_item}`.execute(
      db,
    );
    await sql`
      update shopping_list_items t set
        amount_grams = case when t.amount_grams is null and f.amount_grams is null then null
          else coalesce(t.amount_grams, 0) + coalesce(f.amount_grams, 0) end,
        amount_readable = concat_ws(' + ', nullif(t.amount_readable, ''), nullif(f.amount_readable, '')),
        amount_set_by_hand = t.amount_set_by_hand or f.amount_set_by_hand
      from shopping_list_items f where t.id = ${into_item} and f.id = ${from_item}`.execute(db);
    await sql`delete from shopping_list_items where id = ${from_item}`.execute(db);
  }
  await sql`
    update shopping_list_items set ingredient_id = ${into}, name = (select name from ingredients where id = ${into})
    where ingredient_id = ${from}`.execute(db);

  // A store keeps the kept one's shelf; the twin's places elsewhere move over.
  await sql`
    delete from shelf_ingredients f where f.ingredient_id = ${from}
      and exists (select 1 from shelf_ingredients t where t.ingredient_id = ${into} and t.store_id = f.store_id)`.execute(
    db,
  );
  await sql`update shelf_ingredients set ingredient_id = ${into} where ingredient_id = ${from}`.execute(db);

  await absorbRow(db, "ingredients", from, into, [
    "description",
    "recipe_id",
    "grams_per_ml",
    "grams_per_piece",
  ]);
}

// biome-ignore lint/suspicious/noExplicitAny: see twins()
async function mergeCategory(db: Kysely<any>, from: number, into: number): Promise<void> {
  await sql`
    delete from recipe_categories f where f.category_id = ${from}
      and exists (select 1 from recipe_categories t where t.category_id = ${into} and t.recipe_id = f.recipe_id)`.execute(
    db,
  );
  await sql`update recipe_categories set category_id = ${into} where category_id = ${from}`.execute(db);
  await absorbRow(db, "categories", from, into, ["description"]);
}

// biome-ignore lint/suspicious/noExplicitAny: see twins()
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create function name_key(name text) returns text language sql immutable strict parallel safe
      return (select coalesce(string_agg(${singularWord()}, ' ' order by n), '')
        from regexp_split_to_table(lower(btrim(name)), '\\s+') with ordinality as words (w, n))`)
    .execute(db);

  for (const [table, merge] of [
    ["ingredients", mergeIngredient],
    ["categories", mergeCategory],
  ] as const) {
    for (const [kept, ...others] of (await twins(db, table)).values()) {
      for (const other of others) await merge(db, other, kept as number);
    }
    await sql`drop index ${sql.raw(`${table}_name_key`)}`.execute(db);
    await sql`create unique index ${sql.raw(`${table}_name_key`)} on ${sql.table(table)} (name_key(name))`.execute(
      db,
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up(); the merged twins stay merged
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["ingredients", "categories"]) {
    await sql`drop index ${sql.raw(`${table}_name_key`)}`.execute(db);
    await sql`create unique index ${sql.raw(`${table}_name_key`)} on ${sql.table(table)} (lower(name))`.execute(
      db,
    );
  }
  await sql`drop function name_key(text)`.execute(db);
}
