/**
 * Favourites, ratings and what was cooked (issue 42, CONTRACT.md: "recipe history, favourites,
 * ratings and what was cooked"). Frozen in time like every migration.
 * - `favourites` (user, recipe) and `ratings` (user, recipe, stars 1–5): one row per user and recipe
 *   (the primary key), gone with the user or the recipe (`on delete cascade`). The recipe-first
 *   indexes serve the cascades.
 * - `recipe_ratings`: each rated recipe's sum of stars, count and average (1 decimal, as reads show
 *   it), kept by a trigger on `ratings` in the rating's own transaction, with the recipe's created_at,
 *   so that `sort=rating` walks one index (best average, then newest) instead of averaging every
 *   rating of every recipe on each page, and a read probes one row instead of all of a recipe's ratings.
 *   Derived, so not archived: a restore's ratings rebuild it.
 * - `cooked`: one row per "I made this" (date, servings, note of at most 500 characters), its maker's
 *   (gone with them) and the recipe's (gone with it); shared with a household or private (null).
 *   Deleting a household leaves its entries to their makers, private (`on delete set null`), as it
 *   does lists and meal plan entries: what someone cooked stays in their own log.
 *   `(recipe_id, date)` serves a recipe's last time cooked; `(user_id, date, id)` and
 *   `(household_id, date, id)` the log, newest first.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: the extended protocol (pg and PGlite alike) takes one at a time.
  const statements = `
    create table favourites (
      user_id integer not null references users (id) on delete cascade,
      recipe_id integer not null references recipes (id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, recipe_id)
    );
    create index favourites_recipe_id_idx on favourites (recipe_id);

    create table ratings (
      user_id integer not null references users (id) on delete cascade,
      recipe_id integer not null references recipes (id) on delete cascade,
      stars smallint not null check (stars between 1 and 5),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, recipe_id)
    );
    create index ratings_recipe_id_idx on ratings (recipe_id);

    create table recipe_ratings (
      recipe_id integer primary key references recipes (id) on delete cascade,
      recipe_created_at timestamptz not null,
      stars_sum integer not null check (stars_sum >= 0),
      count integer not null check (count > 0),
      average numeric(2, 1) generated always as (round(stars_sum::numeric / count, 1)) stored
    );
    create index recipe_ratings_average_idx on recipe_ratings (average desc, recipe_created_at desc, recipe_id desc);

    create table cooked (
      id integer generated always as identity primary key,
      recipe_id integer not null references recipes (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      date date not null,
      servings integer check (servings between 1 and 10000),
      note text not null default '' check (char_length(note) <= 500),
      household_id integer references households (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index cooked_recipe_id_date_idx on cooked (recipe_id, date);
    create index cooked_user_id_date_id_idx on cooked (user_id, date desc, id desc);
    create index cooked_household_id_date_id_idx on cooked (household_id, date desc, id desc)
      where household_id is not null
  `;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
  // After each change of a rating: its recipe's sum and count move by it; a recipe whose last rating
  // goes has no row (unrated). One row per recipe, so concurrent ratings of one recipe take turns.
  await sql`
    create function ratings_summarise() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new.recipe_id = old.recipe_id then
        update recipe_ratings set stars_sum = stars_sum - old.stars + new.stars where recipe_id = new.recipe_id;
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        -- The last rating takes the row; the delete first, so a count it leaves at 1 is not taken too.
        delete from recipe_ratings where recipe_id = old.recipe_id and count = 1;
        update recipe_ratings set stars_sum = stars_sum - old.stars, count = count - 1
          where recipe_id = old.recipe_id and count > 1;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into recipe_ratings (recipe_id, recipe_created_at, stars_sum, count)
          select r.id, r.created_at, new.stars, 1 from recipes r where r.id = new.recipe_id
          on conflict (recipe_id) do update
            set stars_sum = recipe_ratings.stars_sum + excluded.stars_sum, count = recipe_ratings.count + 1;
      end if;
      return null;
    end;
    $$
  `.execute(db);
  await sql`create trigger ratings_summarise after insert or update of stars, recipe_id or delete on ratings
    for each row execute function ratings_summarise()`.execute(db);
  for (const table of ["favourites", "ratings", "cooked"]) {
    await sql`create trigger ${sql.raw(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table cooked, recipe_ratings, ratings, favourites`.execute(db);
  await sql`drop function ratings_summarise()`.execute(db);
}
