/**
 * The whole data model. Frozen in time: later changes go in new migrations.
 * Plain SQL keeps every constraint, index and trigger visible in one place.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function set_updated_at() returns trigger language plpgsql as $$
    begin
      new.updated_at := now();
      return new;
    end;
    $$
  `.execute(db);

  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    create table users (
      id integer generated always as identity primary key,
      username text not null check (username ~ '^[a-z0-9_.-]{3,32}$'),
      email text not null check (char_length(email) between 3 and 254 and email like '%_@_%'),
      password_hash text not null,
      role text not null default 'user' check (role in ('user', 'admin')),
      img text,
      preview_img text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_username_key on users (lower(username));
    create unique index users_email_key on users (lower(email));
    create index users_created_at_id_idx on users (created_at, id);

    create table login_throttles (
      username text primary key,
      failures integer not null default 0 check (failures >= 0),
      window_started_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table categories (
      id integer generated always as identity primary key,
      name text not null check (char_length(name) between 1 and 80),
      description text check (char_length(description) <= 2000),
      img text,
      preview_img text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index categories_name_key on categories (lower(name));

    create table recipes (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      title text not null check (char_length(title) between 1 and 200),
      description text check (char_length(description) <= 10000),
      cook_time_sec integer check (cook_time_sec >= 0),
      prep_time_sec integer check (prep_time_sec >= 0),
      servings integer check (servings >= 1),
      img text,
      preview_img text,
      -- title (A), ingredient names (B) and description (C); kept current by the recipe service
      search_vector tsvector not null default ''::tsvector,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index recipes_user_id_idx on recipes (user_id);
    create index recipes_created_at_id_idx on recipes (created_at, id);
    create index recipes_title_id_idx on recipes (title, id);
    create index recipes_cook_time_id_idx on recipes (cook_time_sec, id);
    create index recipes_total_time_idx on recipes ((coalesce(cook_time_sec, 0) + coalesce(prep_time_sec, 0)));
    create index recipes_search_idx on recipes using gin (search_vector);

    create table ingredients (
      id integer generated always as identity primary key,
      user_id integer references users (id) on delete set null,
      name text not null check (char_length(name) between 1 and 100),
      description text check (char_length(description) <= 2000),
      recipe_id integer references recipes (id) on delete set null,
      img text,
      preview_img text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index ingredients_name_key on ingredients (lower(name));
    create index ingredients_name_pattern_idx on ingredients (lower(name) text_pattern_ops);
    create index ingredients_user_id_idx on ingredients (user_id);
    create index ingredients_recipe_id_idx on ingredients (recipe_id);

    create table recipe_ingredients (
      id integer generated always as identity primary key,
      recipe_id integer not null references recipes (id) on delete cascade,
      ingredient_id integer not null references ingredients (id) on delete restrict,
      position integer not null check (position >= 0),
      amount_grams numeric(12, 3) not null check (amount_grams >= 0),
      amount_readable text not null check (char_length(amount_readable) <= 100),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (recipe_id, position)
    );
    create index recipe_ingredients_ingredient_id_idx on recipe_ingredients (ingredient_id);

    create table recipe_steps (
      id integer generated always as identity primary key,
      recipe_id integer not null references recipes (id) on delete cascade,
      step_number integer not null check (step_number >= 1),
      description text not null check (char_length(description) between 1 and 5000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (recipe_id, step_number)
    );

    create table recipe_categories (
      recipe_id integer not null references recipes (id) on delete cascade,
      category_id integer not null references categories (id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (recipe_id, category_id)
    );
    create index recipe_categories_category_id_idx on recipe_categories (category_id);

    create table stores (
      id integer generated always as identity primary key,
      user_id integer references users (id) on delete set null,
      name text not null check (char_length(name) between 1 and 120),
      address text check (char_length(address) <= 500),
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      phone text check (char_length(phone) <= 40),
      website text check (char_length(website) <= 2000),
      description text check (char_length(description) <= 2000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index stores_user_id_idx on stores (user_id);
    create index stores_name_id_idx on stores (name, id);

    create table shelves (
      id integer generated always as identity primary key,
      store_id integer not null references stores (id) on delete cascade,
      name text not null check (char_length(name) between 1 and 120),
      position integer not null check (position >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (id, store_id)
    );
    create index shelves_store_id_position_idx on shelves (store_id, position, id);

    -- Which ingredients a shelf holds. store_id is repeated so that an ingredient
    -- can sit on at most one shelf per store, enforced by the database.
    create table shelf_ingredients (
      shelf_id integer not null,
      store_id integer not null,
      ingredient_id integer not null references ingredients (id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (shelf_id, ingredient_id),
      foreign key (shelf_id, store_id) references shelves (id, store_id) on delete cascade,
      unique (store_id, ingredient_id)
    );
    create index shelf_ingredients_ingredient_id_idx on shelf_ingredients (ingredient_id);
  `;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }

  for (const table of [
    "users",
    "login_throttles",
    "categories",
    "recipes",
    "ingredients",
    "recipe_ingredients",
    "recipe_steps",
    "recipe_categories",
    "stores",
    "shelves",
    "shelf_ingredients",
  ]) {
    await sql`create trigger ${sql.raw(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table shelf_ingredients, shelves, stores, recipe_categories, recipe_steps, recipe_ingredients,
      ingredients, recipes, categories, login_throttles, users
  `.execute(db);
  await sql`drop function set_updated_at()`.execute(db);
}
