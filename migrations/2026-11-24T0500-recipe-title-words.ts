/**
 * recipe_title_words: one row per word (lexeme) of each recipe's title, with the recipe's
 * creation time, keyed (word, created_at, recipe_id). A search walks one word's rows newest
 * first in that key, so finding the newest recipes whose title holds a rare word costs a few
 * hundred index entries instead of sorting every title that matches (core/recipe/repository.ts,
 * relevanceQuery). Triggers on recipes keep it exact: statement triggers with transition tables
 * for inserts and deletes (a restore writes thousands of recipes in one statement), a row trigger
 * for a changed title. There is no foreign key: the delete trigger removes a recipe's rows by this
 * key, where a cascade would need an index on recipe_id as large again. Frozen in time.
 */
import { type Kysely, sql } from "kysely";

const WORDS = (row: string) =>
  sql.raw(
    `select word, ${row}.created_at, ${row}.id from unnest(tsvector_to_array(${row}.title_vector)) word`,
  );

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table recipe_title_words (
    word text not null,
    created_at timestamptz not null,
    recipe_id integer not null,
    primary key (word, created_at, recipe_id))`.execute(db);

  await sql`create function recipe_title_words_insert() returns trigger language plpgsql as $$
    begin
      insert into recipe_title_words (word, created_at, recipe_id)
        select w.* from inserted_recipes n cross join lateral (${WORDS("n")}) w;
      return null;
    end $$`.execute(db);
  await sql`create trigger recipes_title_words_insert after insert on recipes
    referencing new table as inserted_recipes
    for each statement execute function recipe_title_words_insert()`.execute(db);

  await sql`create function recipe_title_words_delete() returns trigger language plpgsql as $$
    begin
      delete from recipe_title_words t using deleted_recipes o
        where t.word = any (tsvector_to_array(o.title_vector))
          and t.created_at = o.created_at and t.recipe_id = o.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger recipes_title_words_delete after delete on recipes
    referencing old table as deleted_recipes
    for each statement execute function recipe_title_words_delete()`.execute(db);

  await sql`create function recipe_title_words_update() returns trigger language plpgsql as $$
    begin
      delete from recipe_title_words
        where word = any (tsvector_to_array(old.title_vector))
          and created_at = old.created_at and recipe_id = old.id;
      insert into recipe_title_words (word, created_at, recipe_id) ${WORDS("new")};
      return null;
    end $$`.execute(db);
  await sql`create trigger recipes_title_words_update after update of title, created_at on recipes
    for each row when (old.title is distinct from new.title or old.created_at is distinct from new.created_at)
    execute function recipe_title_words_update()`.execute(db);

  await sql`insert into recipe_title_words (word, created_at, recipe_id)
    select w.* from recipes r cross join lateral (${WORDS("r")}) w`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger recipes_title_words_update on recipes`.execute(db);
  await sql`drop trigger recipes_title_words_delete on recipes`.execute(db);
  await sql`drop trigger recipes_title_words_insert on recipes`.execute(db);
  await sql`drop function recipe_title_words_update()`.execute(db);
  await sql`drop function recipe_title_words_delete()`.execute(db);
  await sql`drop function recipe_title_words_insert()`.execute(db);
  await sql`drop table recipe_title_words`.execute(db);
}
