/**
 * What a caller keeps about a recipe (CONTRACT.md: favourites, ratings, cooked): the favourite and
 * rating writes, and the SQL that puts `favourite`, `rating`, `last_cooked` and `times_cooked` into
 * the recipe reads' and lists' own statement (one column, `personal`, of scalar subqueries, each an
 * index probe), so a read stays one round trip.
 *
 * A signed-in caller's reads carry all four; a Public read carries `rating` alone (its average and
 * count are everyone's to see, `mine` null): the contract gives `favourite`, `last_cooked` and
 * `times_cooked` to "a signed-in caller's" reads, so they are left out rather than answered false
 * or null for nobody.
 */
import { type RawBuilder, sql } from "kysely";
import type { Caller } from "../auth/caller.ts";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";

export type RatingRead = { average: number | null; count: number; mine: number | null };

/** The personal fields of a recipe read, as `personal` holds them (spread into the read). */
export type PersonalFields = {
  favourite?: boolean;
  rating: RatingRead;
  last_cooked?: string | null;
  times_cooked?: number;
};

/**
 * SQL: the cooked entry `c` is in `viewer`'s log: theirs, or shared with one of their households.
 * `= any(array(...))` rather than a subquery in an OR, so that the log can combine its two indexes.
 */
export const cookedInLogOf = (viewer: unknown) =>
  sql<boolean>`(c.user_id = ${viewer} or c.household_id = any(array(
    select hm.household_id from household_members hm where hm.user_id = ${viewer})))`;

/** SQL: whether the recipe `r` is `viewer`'s favourite. */
export const isFavouriteSql = (viewer: unknown) =>
  sql<boolean>`exists (select 1 from favourites f where f.user_id = ${viewer} and f.recipe_id = r.id)`;

/**
 * The `personal` column of a recipe `r` read by `viewer` (a user id, or a parameter standing for
 * one), or by Public (undefined): see PersonalFields.
 */
export function personalJson(viewer: unknown): RawBuilder<PersonalFields> {
  const rating = ratingJson(viewer);
  if (viewer === undefined) return sql<PersonalFields>`json_build_object('rating', ${rating})`;
  return sql<PersonalFields>`(select json_build_object(
      'favourite', ${isFavouriteSql(viewer)},
      'rating', ${rating},
      'last_cooked', k.last_cooked, 'times_cooked', k.times_cooked)
    from (select max(c.date)::text as last_cooked, count(*)::int as times_cooked
      from cooked c where c.recipe_id = r.id and ${cookedInLogOf(viewer)}) k)`;
}

/**
 * SQL: `rating` of the recipe `r`: the average and count from its one row of recipe_ratings (kept by
 * a trigger on ratings), the viewer's stars by the primary key of ratings. A recipe without that
 * row has no rating at all, so no `mine` either.
 */
function ratingJson(viewer: unknown) {
  const mine =
    viewer === undefined
      ? sql`null`
      : sql`(select g.stars from ratings g where g.user_id = ${viewer} and g.recipe_id = r.id)`;
  return sql`coalesce((select json_build_object('average', rr.average, 'count', rr.count, 'mine', ${mine})
      from recipe_ratings rr where rr.recipe_id = r.id),
    json_build_object('average', null, 'count', 0, 'mine', null))`;
}

/** A row with `personal` → the row with its fields in place of it. */
export function withPersonal<T extends { personal: PersonalFields }>({
  personal,
  ...row
}: T): Omit<T, "personal"> & PersonalFields {
  return { ...row, ...personal };
}

/**
 * Runs a write on the caller's row for recipe `recipeId`; 404 when the recipe does not exist. One
 * statement: the recipe is read `for key share` (it cannot vanish before the write), the write takes
 * it from there, and the answer says whether it was found.
 */
async function onRecipe(
  db: Db,
  recipeId: number,
  write: (recipe: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`
    with recipe as (select id from recipes where id = ${recipeId} for key share),
    written as (${write(sql`recipe`)})
    select exists (select 1 from recipe) as found`.execute(db);
  if (!rows[0]?.found) throw notFound("Recipe", recipeId);
}

/** Makes the recipe one of the caller's favourites (again: nothing changes). */
export async function favouriteRecipe(db: Db, recipeId: number, caller: Caller): Promise<void> {
  await onRecipe(
    db,
    recipeId,
    (recipe) => sql`insert into favourites (user_id, recipe_id) select ${caller.id}::int, id from ${recipe}
      on conflict do nothing`,
  );
}

/** The recipe is no longer one of the caller's favourites (if it was). */
export async function unfavouriteRecipe(db: Db, recipeId: number, caller: Caller): Promise<void> {
  await onRecipe(
    db,
    recipeId,
    (recipe) => sql`delete from favourites where user_id = ${caller.id}
      and recipe_id in (select id from ${recipe})`,
  );
}

/** The caller's stars for the recipe (1–5), replacing theirs if they had rated it. */
export async function rateRecipe(
  db: Db,
  recipeId: number,
  stars: number,
  caller: Caller,
): Promise<{ stars: number }> {
  await onRecipe(
    db,
    recipeId,
    (
      recipe,
    ) => sql`insert into ratings (user_id, recipe_id, stars) select ${caller.id}::int, id, ${stars}::int
      from ${recipe}
      on conflict (user_id, recipe_id) do update set stars = excluded.stars
      where ratings.stars is distinct from excluded.stars`,
  );
  return { stars };
}

/** Takes the caller's rating of the recipe back (if they had one). */
export async function unrateRecipe(db: Db, recipeId: number, caller: Caller): Promise<void> {
  await onRecipe(
    db,
    recipeId,
    (recipe) => sql`delete from ratings where user_id = ${caller.id}
      and recipe_id in (select id from ${recipe})`,
  );
}
