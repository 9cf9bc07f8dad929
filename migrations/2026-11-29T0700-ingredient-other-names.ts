/**
 * An ingredient's other names (issue 39, item 5): `Zucker` and `Kristallzucker` for Sugar, each in a
 * language or in any (null). Lines that use one match the ingredient, a search finds it, the app
 * shows the one in the reader's language, and a merge keeps the merged ingredient's name here.
 * Frozen in time like every migration.
 *
 * One name, one ingredient, across both tables: the unique index keeps two other names apart (by
 * `name_key()`, case and plural blind, as ingredients' names are), and two triggers keep an other
 * name from being another ingredient's name and a name from being another ingredient's other name.
 * They raise the unique violation of the index the service already maps to a 409 (naming the
 * ingredient that has the name).
 */
import { type Kysely, sql } from "kysely";

const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ingredient_names (
      ingredient_id integer not null references ingredients (id) on delete cascade,
      name text not null check (name = btrim(name) and length(name) between 1 and 100),
      language text check (language in (${sql.join(LANGUAGES.map((l) => sql.lit(l)))})),
      primary key (ingredient_id, name)
    )`.execute(db);
  await sql`create unique index ingredient_names_name_key on ingredient_names (name_key(name))`.execute(db);

  await sql`
    create function ingredient_names_not_a_name() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from ingredients i
                 where name_key(i.name) = name_key(new.name) and i.id <> new.ingredient_id) then
        raise unique_violation using constraint = 'ingredients_name_key',
          message = format('another ingredient is named %L', new.name);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger ingredient_names_not_a_name before insert or update on ingredient_names
    for each row execute function ingredient_names_not_a_name()`.execute(db);

  await sql`
    create function ingredients_name_not_another_name() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from ingredient_names n
                 where name_key(n.name) = name_key(new.name) and n.ingredient_id <> new.id) then
        raise unique_violation using constraint = 'ingredients_name_key',
          message = format('another ingredient goes by %L', new.name);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger ingredients_name_not_another_name before insert or update of name on ingredients
    for each row execute function ingredients_name_not_another_name()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger ingredients_name_not_another_name on ingredients`.execute(db);
  await sql`drop function ingredients_name_not_another_name()`.execute(db);
  await sql`drop table ingredient_names`.execute(db);
  await sql`drop function ingredient_names_not_a_name()`.execute(db);
}
