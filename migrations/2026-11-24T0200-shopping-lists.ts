/**
 * Shopping lists and the meal plan (issue 15). Frozen in time like every migration.
 * - `shopping_lists`: private to their owner; `store_id` is the store whose walking order the list
 *   follows (a deleted store leaves the list without one).
 * - `shopping_list_items`: an ingredient or free text, with its total grams and readable amounts kept
 *   on the row. At most one unchecked item per ingredient and list (a partial unique index, the backstop
 *   of the merge). `name` holds the free text, or the ingredient's name when the item was made, so an
 *   item outlives a deleted ingredient as free text.
 * - `shopping_list_item_parts`: what each addition put into an item (a recipe's share, or `recipe_id`
 *   null for an addition by hand), so that taking a recipe back removes exactly its grams.
 *   Readable amounts carry no length check: they are joined from recipe lines and hand input that
 *   are bounded where they come in, and another addition must never fail on the sum of them.
 * - `shopping_list_recipes`: the recipes added to a list, with their servings added up.
 * - `meal_plan_entries`: a recipe on a day and meal; a deleted recipe takes its entries with it.
 */
import { type Kysely, sql } from "kysely";

const TABLES = [
  "shopping_lists",
  "shopping_list_items",
  "shopping_list_item_parts",
  "shopping_list_recipes",
  "meal_plan_entries",
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    create table shopping_lists (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      name text not null check (char_length(name) between 1 and 80),
      store_id integer references stores (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index shopping_lists_user_id_name_id_idx on shopping_lists (user_id, name, id);
    create index shopping_lists_store_id_idx on shopping_lists (store_id);

    create table shopping_list_items (
      id integer generated always as identity primary key,
      list_id integer not null references shopping_lists (id) on delete cascade,
      ingredient_id integer references ingredients (id) on delete set null,
      name text not null check (char_length(name) between 1 and 200),
      amount_grams numeric(12, 3) check (amount_grams >= 0),
      amount_readable text not null default '',
      checked boolean not null default false,
      -- set by PUT: from then on the amount is the user's, and taking a recipe back leaves it alone
      amount_set_by_hand boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index shopping_list_items_list_id_idx on shopping_list_items (list_id);
    create index shopping_list_items_ingredient_id_idx on shopping_list_items (ingredient_id);
    create unique index shopping_list_items_unchecked_key on shopping_list_items (list_id, ingredient_id)
      where not checked;

    create table shopping_list_item_parts (
      id integer generated always as identity primary key,
      item_id integer not null references shopping_list_items (id) on delete cascade,
      recipe_id integer references recipes (id) on delete cascade,
      amount_grams numeric(12, 3) check (amount_grams >= 0),
      amount_readable text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index shopping_list_item_parts_item_id_idx on shopping_list_item_parts (item_id);
    create index shopping_list_item_parts_recipe_id_idx on shopping_list_item_parts (recipe_id);

    create table shopping_list_recipes (
      list_id integer not null references shopping_lists (id) on delete cascade,
      recipe_id integer not null references recipes (id) on delete cascade,
      servings integer check (servings >= 1),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (list_id, recipe_id)
    );
    create index shopping_list_recipes_recipe_id_idx on shopping_list_recipes (recipe_id);

    create table meal_plan_entries (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      date date not null,
      meal text not null check (meal in ('breakfast', 'lunch', 'dinner', 'snack')),
      recipe_id integer not null references recipes (id) on delete cascade,
      servings integer check (servings between 1 and 10000),
      note text not null default '' check (char_length(note) <= 200),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index meal_plan_entries_user_id_date_idx on meal_plan_entries (user_id, date);
    create index meal_plan_entries_recipe_id_idx on meal_plan_entries (recipe_id);
  `;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table meal_plan_entries, shopping_list_recipes, shopping_list_item_parts, shopping_list_items,
      shopping_lists
  `.execute(db);
}
