/**
 * SQL for a recipe's history (core/recipe/revisions.ts says what it is): keeping a revision in the
 * transaction of a change, and the revision 1 of recipes written in bulk. The snapshot and the
 * comparison are the database's functions (migrations/2026-11-29T0200-recipe-revisions.ts). Apart
 * from revisions.ts because the recipe service calls it, and revisions.ts calls the service.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { NotFound } from "../errors.ts";

/** The table, as Kysely sees it. */
export interface RecipeRevisionsTable {
  recipe_id: number;
  revision: number;
  user_id: number | null;
  changes: string[];
  snapshot: RecipeSnapshot;
  created_at: Date;
}

declare module "../db/database.ts" {
  interface Database {
    recipe_revisions: RecipeRevisionsTable;
  }
}

/** What `recipe_snapshot()` writes: the RecipeCreate fields, with the names of the rows they name. */
export type RecipeSnapshot = {
  title: string;
  description: string | null;
  cook_time_sec: number | null;
  prep_time_sec: number | null;
  total_time_sec: number | null;
  servings: number | null;
  source_url: string | null;
  categories: { id: number | null; name: string }[];
  ingredients: {
    ingredient_id: number | null;
    name: string;
    amount_grams: number | null;
    amount_readable: string;
  }[];
  steps: { description: string }[];
};

/**
 * Keeps the recipe as it now is as its next revision, by `userId`, naming what changed since the
 * last one; keeps nothing when nothing changed (a PUT that changes nothing). Call it in the
 * transaction of the change, after the change, with the recipe locked (updates take turns).
 * Returns the revision kept, if any.
 */
export async function recordRevision(db: Db, recipeId: number, userId: number): Promise<number | undefined> {
  const { rows } = await sql<{ revision: number }>`
    insert into recipe_revisions (recipe_id, revision, user_id, changes, snapshot)
    select ${recipeId}::int, coalesce(last.revision, 0) + 1, ${userId}::int,
      coalesce(recipe_snapshot_changes(last.snapshot, now.snapshot), '{}'), now.snapshot
    from (select recipe_snapshot(${recipeId}::int) as snapshot) now
    left join lateral (select revision, snapshot from recipe_revisions
      where recipe_id = ${recipeId}::int order by revision desc limit 1) last on true
    where now.snapshot is not null
      and (last.revision is null or cardinality(recipe_snapshot_changes(last.snapshot, now.snapshot)) > 0)
    returning revision`.execute(db);
  return rows[0]?.revision;
}

/**
 * Gives each of these recipes (or every recipe) that has no revision its revision 1: its state now,
 * by its owner, at its last change. For recipes written in bulk without their history: a restored
 * or imported archive from before histories were kept.
 */
export async function recordFirstRevisions(db: Db, recipeIds?: readonly number[]): Promise<void> {
  const only = recipeIds ? sql`and r.id = any(${[...recipeIds]}::int[])` : sql``;
  await sql`insert into recipe_revisions (recipe_id, revision, user_id, changes, snapshot, created_at)
    select r.id, 1, r.user_id, '{}', recipe_snapshot(r.id), r.updated_at from recipes r
    where not exists (select 1 from recipe_revisions rv where rv.recipe_id = r.id) ${only}`.execute(db);
}

/** 404 for a revision number the recipe does not have (yet). */
export const noRevision = (recipeId: number, revision: number) =>
  NotFound(`Recipe ID ${recipeId} has no revision ${revision}.`);

/**
 * Locks (in id order, as concurrent changes take turns) and returns the recipes with a line of the
 * ingredient or in the category: what a merge changes besides their owners' PUTs.
 */
export async function lockRecipesUsing(
  db: Db,
  what: { ingredientId: number } | { categoryId: number },
): Promise<number[]> {
  const using =
    "ingredientId" in what
      ? sql`select recipe_id from recipe_ingredients where ingredient_id = ${what.ingredientId}`
      : sql`select recipe_id from recipe_categories where category_id = ${what.categoryId}`;
  const { rows } = await sql<{ id: number }>`select id from recipes where id in (${using})
    order by id for update`.execute(db);
  return rows.map((row) => row.id);
}

/** Keeps a revision, by `userId`, of each recipe a merge changed (locked by lockRecipesUsing). */
export async function recordRevisions(db: Db, recipeIds: readonly number[], userId: number): Promise<void> {
  for (const id of recipeIds) await recordRevision(db, id, userId);
}
