/**
 * Households and live lists (issue 29). Frozen in time like every migration.
 * - `households`, `household_members` (`owner` | `member`; a user may be in several households) and
 *   `household_invitations`: a code is kept only as its SHA-256 (`code_hash`), single use
 *   (`used_at`), valid until `expires_at`.
 * - `shopping_lists.household_id` and `meal_plan_entries.household_id`: null is private; deleting a
 *   household leaves its lists and entries to their creators (`on delete set null`).
 * - `shopping_list_items.version` (1, then +1 per change) and `updated_by` (who made the last
 *   change), both kept by one trigger: a transaction that changes an item bumps its version once,
 *   however many statements it takes (a meal plan of three recipes adding flour is one change), and
 *   `updated_by` is the user the writing transaction names with
 *   `set_config('recipes.actor_id', <user id>, true)` (kept as it was when none is named).
 * - `shopping_list_item_parts.client_id`: the UUID a client picked for an item it added, kept on the
 *   addition (the part) rather than the item, so an addition that joined an existing unchecked item
 *   is recognised too, and follows its part when items are folded together. Unique.
 * - `live_connections` (a WebSocket of the live API: who subscribed with which token, until when) and
 *   `live_subscriptions` (which lists each follows). A subscription has no foreign key to its list:
 *   the list's deletion is itself announced to its subscribers, after which they are removed.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    create table households (
      id integer generated always as identity primary key,
      name text not null check (char_length(name) between 1 and 80),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table household_members (
      household_id integer not null references households (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      role text not null check (role in ('owner', 'member')),
      joined_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (household_id, user_id)
    );
    create index household_members_user_id_idx on household_members (user_id);

    create table household_invitations (
      id integer generated always as identity primary key,
      household_id integer not null references households (id) on delete cascade,
      code_hash text not null,
      created_by integer references users (id) on delete set null,
      expires_at timestamptz not null,
      used_at timestamptz,
      used_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index household_invitations_code_hash_key on household_invitations (code_hash);
    create index household_invitations_household_id_idx on household_invitations (household_id);

    alter table shopping_lists add column household_id integer references households (id) on delete set null;
    create index shopping_lists_household_id_name_id_idx on shopping_lists (household_id, name, id);

    alter table meal_plan_entries add column household_id integer references households (id) on delete set null;
    create index meal_plan_entries_household_id_date_idx on meal_plan_entries (household_id, date);

    alter table shopping_list_items
      add column version integer not null default 1 check (version >= 1),
      add column updated_by integer references users (id) on delete set null;
    create index shopping_list_items_updated_by_idx on shopping_list_items (updated_by);

    alter table shopping_list_item_parts add column client_id uuid;
    create unique index shopping_list_item_parts_client_id_key on shopping_list_item_parts (client_id);

    create table live_connections (
      connection_id text primary key check (char_length(connection_id) between 1 and 128),
      user_id integer references users (id) on delete cascade,
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index live_connections_user_id_idx on live_connections (user_id);

    create table live_subscriptions (
      list_id integer not null,
      connection_id text not null references live_connections (connection_id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (list_id, connection_id)
    );
    create index live_subscriptions_connection_id_idx on live_subscriptions (connection_id);
  `;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
  for (const table of ["households", "household_members", "household_invitations", "live_connections"]) {
    await sql`create trigger ${sql.raw(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()`.execute(db);
  }
  // One change per transaction: a row this very transaction already changed (written by it, xmin,
  // and stamped with its start, now()) was counted. A write that changes nothing keeps the row's
  // version, updated_at and updated_by (a replayed PUT leaves the item as it was). Runs after
  // shopping_list_items_set_updated_at (triggers fire in name order).
  await sql`
    create function shopping_list_items_track() returns trigger language plpgsql as $$
    declare
      actor integer := nullif(current_setting('recipes.actor_id', true), '')::integer;
    begin
      if tg_op = 'UPDATE' then
        if row(new.list_id, new.ingredient_id, new.name, new.amount_grams, new.amount_readable, new.checked,
            new.amount_set_by_hand)
          is not distinct from row(old.list_id, old.ingredient_id, old.name, old.amount_grams,
            old.amount_readable, old.checked, old.amount_set_by_hand) then
          -- updated_by as the statement left it: unchanged, or null when its user was deleted
          -- (on delete set null), which must stay null.
          new.updated_at := old.updated_at;
          new.version := old.version;
          return new;
        end if;
        if not (old.xmin = pg_current_xact_id()::xid and old.updated_at = now()) then
          new.version := old.version + 1;
        end if;
      end if;
      if actor is not null then
        new.updated_by := actor;
      end if;
      return new;
    end;
    $$
  `.execute(db);
  await sql`create trigger shopping_list_items_track before insert or update on shopping_list_items
    for each row execute function shopping_list_items_track()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger shopping_list_items_track on shopping_list_items`.execute(db);
  await sql`drop function shopping_list_items_track()`.execute(db);
  await sql`drop table live_subscriptions, live_connections`.execute(db);
  await sql`drop index shopping_list_item_parts_client_id_key`.execute(db);
  await sql`alter table shopping_list_item_parts drop column client_id`.execute(db);
  await sql`alter table shopping_list_items drop column updated_by, drop column version`.execute(db);
  await sql`alter table meal_plan_entries drop column household_id`.execute(db);
  await sql`alter table shopping_lists drop column household_id`.execute(db);
  await sql`drop table household_invitations, household_members, households`.execute(db);
}
