/**
 * Stores that learn their walking order (issue 43, CONTRACT.md: "stores that learn their walking
 * order"). Frozen in time like every migration.
 * - `shopping_list_items.checked_at`: when the item was ticked (the client's time for an offline tick,
 *   clamped between the item's creation and now); null while unchecked, and for items ticked before
 *   this was kept.
 * - `store_ticks`: every tick of an ingredient on a list that follows a store, written with the tick,
 *   kept per store. A separate table rather than the items' `checked_at`, because the items do not
 *   stay: "clear checked" after every trip, deleting a list, or moving it to another store would take
 *   the store's trips with them. A tick keeps the store the list followed then, the list and item
 *   (plain numbers, no foreign key: they may go, the trip stays), who ticked (null once the account is
 *   gone) and the ingredient (a deleted ingredient's ticks go with it: nothing left to place).
 * - `learned_orders` (one row per store that learned anything: how many trips taught it, when it was
 *   last computed; the row writers lock so that one store's ticks recompute it in turn) and
 *   `learned_order_items` (each ingredient's place in the walk and its confidence): the learned order,
 *   recomputed with each tick (core/store/learned-order.ts), so a list read only joins it.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    alter table shopping_list_items add column checked_at timestamptz,
      add constraint shopping_list_items_checked_at_check check (checked_at is null or checked);

    create table store_ticks (
      id integer generated always as identity primary key,
      store_id integer not null references stores (id) on delete cascade,
      list_id integer not null,
      item_id integer not null,
      user_id integer references users (id) on delete set null,
      ingredient_id integer not null references ingredients (id) on delete cascade,
      checked_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index store_ticks_store_id_checked_at_idx on store_ticks (store_id, checked_at);
    create index store_ticks_item_id_idx on store_ticks (item_id);
    create index store_ticks_user_id_idx on store_ticks (user_id);
    create index store_ticks_ingredient_id_idx on store_ticks (ingredient_id);

    create table learned_orders (
      store_id integer primary key references stores (id) on delete cascade,
      trips integer not null default 0 check (trips >= 0),
      computed_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table learned_order_items (
      store_id integer not null references learned_orders (store_id) on delete cascade,
      ingredient_id integer not null references ingredients (id) on delete cascade,
      position integer not null check (position >= 0),
      confidence real not null check (confidence between 0 and 1),
      primary key (store_id, ingredient_id)
    );
    create index learned_order_items_store_id_position_idx on learned_order_items (store_id, position);
    create index learned_order_items_ingredient_id_idx on learned_order_items (ingredient_id)
  `;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
  for (const table of ["store_ticks", "learned_orders"]) {
    await sql`create trigger ${sql.raw(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table learned_order_items, learned_orders, store_ticks`.execute(db);
  await sql`alter table shopping_list_items drop constraint shopping_list_items_checked_at_check,
    drop column checked_at`.execute(db);
}
