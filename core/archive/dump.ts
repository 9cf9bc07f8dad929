/**
 * Writes the rows and pictures of an instance (scope `all`) or of one user (scope `mine`) into an
 * archive. All tables are read in one repeatable-read transaction, so a backup taken while the
 * service runs is one consistent moment; rows are fetched through a cursor in batches, so no
 * table is held in memory whole.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db.ts";
import { Invalid } from "../errors.ts";
import { generatedColumns } from "./columns.ts";
import {
  ARCHIVE_TABLES,
  type ArchiveScope,
  type ArchiveTable,
  dataPath,
  imagePath,
  type MineTable,
  PICTURE_COLUMNS,
  SCOPE_TABLES,
} from "./format.ts";
import { type Bucket, keyOfPictureUrl, readObject } from "./storage.ts";
import type { ArchiveWriter } from "./writer.ts";

const BATCH_ROWS = 1000;

/**
 * The recipes a user's archive holds: their own, and those their own rows refer to (a recipe on one
 * of their lists or behind one of its items' amounts, a recipe in their meal plan), whoever made it.
 */
const recipesOf = (u: number) => sql`(select id from recipes where user_id = ${u}
  union select lr.recipe_id from shopping_list_recipes lr join shopping_lists l on l.id = lr.list_id where l.user_id = ${u}
  union select p.recipe_id from shopping_list_item_parts p join shopping_list_items i on i.id = p.item_id
    join shopping_lists l on l.id = i.list_id where l.user_id = ${u} and p.recipe_id is not null
  union select recipe_id from meal_plan_entries where user_id = ${u})`;

/** The stores a user's archive holds: their own, and those their lists follow (a household member's). */
const storesOf = (u: number) => sql`(select id from stores where user_id = ${u}
  union select store_id from shopping_lists where user_id = ${u} and store_id is not null)`;

/** The ingredients (`t`) a user's archive holds: see MINE. */
const mineIngredients = (u: number) => sql`t.user_id = ${u}
    or t.id in (select ingredient_id from recipe_ingredients where recipe_id in ${recipesOf(u)})
    or t.id in (select (l->>'ingredient_id')::int from recipe_revisions rv
      cross join jsonb_array_elements(rv.snapshot->'ingredients') l where rv.recipe_id in ${recipesOf(u)})
    or t.id in (select ingredient_id from shelf_ingredients where store_id in ${storesOf(u)})
    or t.id in (select i.ingredient_id from shopping_list_items i join shopping_lists l on l.id = i.list_id where l.user_id = ${u})`;

/**
 * Which rows of each table belong to a user's own archive (`t` is the table): their lists and meal
 * plan, the recipes and stores (with shelves) of recipesOf and storesOf, and every category and
 * ingredient those rows refer to, whoever made it, with their own ingredients: an archive holds
 * what it refers to, so that POST /imports reads it back into any account of any instance (the
 * contract's "Exports round-trip"). The type makes a table added to ARCHIVE_TABLES without a line
 * here a compile error.
 */
const MINE: Record<MineTable, (userId: number) => RawBuilder<unknown>> = {
  categories: (u) =>
    sql`t.id in (select category_id from recipe_categories where recipe_id in ${recipesOf(u)})`,
  recipes: (u) => sql`t.id in ${recipesOf(u)}`,
  ingredients: (u) => mineIngredients(u),
  ingredient_names: (u) =>
    sql`t.ingredient_id in (select t.id from ingredients t where ${mineIngredients(u)})`,
  recipe_ingredients: (u) => sql`t.recipe_id in ${recipesOf(u)}`,
  recipe_steps: (u) => sql`t.recipe_id in ${recipesOf(u)}`,
  recipe_categories: (u) => sql`t.recipe_id in ${recipesOf(u)}`,
  recipe_revisions: (u) => sql`t.recipe_id in ${recipesOf(u)}`,
  stores: (u) => sql`t.id in ${storesOf(u)}`,
  shelves: (u) => sql`t.store_id in ${storesOf(u)}`,
  shelf_ingredients: (u) => sql`t.store_id in ${storesOf(u)}`,
  shopping_lists: (u) => sql`t.user_id = ${u}`,
  shopping_list_items: (u) => sql`t.list_id in (select id from shopping_lists where user_id = ${u})`,
  shopping_list_item_parts: (u) =>
    sql`t.item_id in (select i.id from shopping_list_items i join shopping_lists l on l.id = i.list_id where l.user_id = ${u})`,
  shopping_list_recipes: (u) => sql`t.list_id in (select id from shopping_lists where user_id = ${u})`,
  meal_plan_entries: (u) => sql`t.user_id = ${u}`,
};

/**
 * Columns a user's archive writes otherwise than stored, as a jsonb merged into the row: an
 * ingredient made by a recipe the archive does not hold is written without that made-by link,
 * rather than with a reference to a recipe it does not hold.
 */
const MINE_ROW: Partial<Record<ArchiveTable, (userId: number) => RawBuilder<unknown>>> = {
  ingredients: (u) => sql`case when t.recipe_id is not null and t.recipe_id not in ${recipesOf(u)}
    then '{"recipe_id": null}'::jsonb else '{}'::jsonb end`,
};

export type DumpOptions = { scope: ArchiveScope; userId?: number; onProgress?: (line: string) => void };

/** The primary key columns of a table, to write its rows in a stable order. */
async function primaryKey(db: Db, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select a.attname as name
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey, a.attnum)`.execute(db);
  return result.rows.map((r) => r.name);
}

/**
 * Writes `data/<table>.json` for every table of the scope, then `images/<key>` for every picture
 * those rows name, and returns the counts (rows per table, and `pictures`) for the manifest.
 */
export async function dumpToArchive(
  db: Db,
  bucket: Bucket,
  writer: ArchiveWriter,
  options: DumpOptions,
): Promise<Record<string, number>> {
  const { scope, userId } = options;
  if (scope === "mine" && userId === undefined) throw Invalid("A 'mine' archive needs its user.");
  const counts: Record<string, number> = {};
  const pictureKeys = new Set<string>();

  await db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      for (const { name, pictures } of ARCHIVE_TABLES) {
        if (!(SCOPE_TABLES[scope] as readonly ArchiveTable[]).includes(name)) continue;
        const filter = scope === "mine" ? MINE[name as MineTable](userId as number) : sql`true`;
        const adjust = scope === "mine" ? MINE_ROW[name] : undefined;
        const overrides = adjust ? adjust(userId as number) : sql`'{}'::jsonb`;
        const order = (await primaryKey(trx, name)).map((c) => sql.ref(`t.${c}`));
        // Generated columns are derived from the others: the database computes them again on restore.
        const generated = await generatedColumns(trx, name);
        await sql`declare archive_rows no scroll cursor for
          select (to_jsonb(t) - ${generated}::text[]) || ${overrides} as row from ${sql.table(name)} t where ${filter}
          order by ${sql.join(order)}`.execute(trx);
        let count = 0;
        async function* json(): AsyncGenerator<string> {
          yield "[";
          for (;;) {
            const batch = await sql<{
              row: Record<string, unknown>;
            }>`fetch forward ${sql.lit(BATCH_ROWS)} from archive_rows`.execute(trx);
            if (batch.rows.length === 0) break;
            const lines = batch.rows.map(({ row }) => {
              if (pictures) {
                for (const column of PICTURE_COLUMNS) {
                  const url = row[column];
                  const key = typeof url === "string" ? keyOfPictureUrl(bucket, url) : undefined;
                  // A URL outside this bucket (none is written by the service) is kept as it is.
                  if (key !== undefined) {
                    row[column] = key;
                    pictureKeys.add(key);
                  }
                }
              }
              return `${count++ === 0 ? "\n" : ",\n"}${JSON.stringify(row)}`;
            });
            yield lines.join("");
          }
          yield "\n]\n";
        }
        await writer.add(dataPath(name), json());
        await sql`close archive_rows`.execute(trx);
        counts[name] = count;
        options.onProgress?.(`${name}: ${count} rows`);
      }
    });

  let written = 0;
  for (const key of pictureKeys) {
    await writer.add(imagePath(key), await readObject(bucket, key), { stored: true });
    written++;
    if (written % 500 === 0) options.onProgress?.(`pictures: ${written} of ${pictureKeys.size}`);
  }
  counts.pictures = pictureKeys.size;
  options.onProgress?.(`pictures: ${pictureKeys.size}`);
  return counts;
}
