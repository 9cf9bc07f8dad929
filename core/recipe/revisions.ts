/**
 * A recipe's history (CONTRACT.md: "recipe history…", **History**): every create and every PUT that
 * changed something keeps a revision, written in the transaction of the change, numbered from 1 per
 * recipe and never rewritten. What a revision holds and how two are compared is the database's
 * (`recipe_snapshot()`, `recipe_snapshot_changes()`: migrations/2026-11-29T0200-recipe-revisions.ts),
 * so the migration, the routes, the imports and the restores keep the same snapshot.
 *
 * Choices where the contract is silent:
 * - A revision read is the recipe as RecipeRead with the revision's title, description, times,
 *   servings, source, categories, lines and steps; `id`, `user_id`, pictures (not versioned) and
 *   `created_at` are the recipe's, `updated_at` is when the revision was kept. A line or category
 *   whose row still exists reads under its name now; one that is gone reads under the name it had
 *   then, with a null id. Nutrition is computed from the ingredients' nutrients now.
 * - A restore (owner or admin; revision-restore.ts) is a PUT of the revision's whole content: it
 *   keeps a new revision, by the caller, naming what changed; restoring what the recipe already is keeps none. A line
 *   whose ingredient is gone uses the ingredient of that name (ignoring case and plural) if there is
 *   one, else the restore is a 409 and nothing changes; a category that is gone is matched by name
 *   too, else left out (only an admin may create one).
 * - `user` is null when the account that made the revision was deleted.
 * - Where revisions are kept: POST and PUT /recipes (core/recipe/service.ts), a restore, each recipe
 *   an import creates (core/archive/import.ts, import-foreign.ts); a restore or import of an archive
 *   from before histories gives each recipe its revision 1 (recordFirstRevisions). The page import
 *   (POST /recipes/import) only drafts: the POST that saves the draft keeps revision 1.
 */
import { sql } from "kysely";
import * as z from "zod/mini";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { MAX_INT, RowId } from "../ids.ts";
import { nutritionOf } from "../nutrition/compute.ts";
import type { Nutrients } from "../nutrition/table.ts";
import { decodeCursor, type Page, pageOf, toPage } from "../pagination.ts";
import { withTimers } from "../words/timers.ts";
import { noRevision, type RecipeSnapshot } from "./revision-repository.ts";
import { RecipeCategoryRead, RecipeIngredientRead, RecipeRead } from "./schemas.ts";

// Shapes of the routes

const Int = z.number().check(z.int());

export const RevisionSummary = z.object({
  revision: Int,
  created_at: z.iso.datetime(),
  /** Null when the account that made it was deleted. */
  user: z.nullable(z.object({ id: Int, username: z.string() })),
  /** The RecipeCreate fields that changed; empty for revision 1. */
  changes: z.array(z.string()),
});
export type RevisionSummary = z.infer<typeof RevisionSummary>;

export const RevisionPage = pageOf(RevisionSummary);

/**
 * The recipe at a revision: a recipe read without what people did with the recipe (favourite,
 * rating, cooked: about the recipe now, not a revision of it). A line or category that no longer
 * exists reads with a null id and the name it had then.
 */
export const RecipeRevisionRead = z.extend(
  z.omit(RecipeRead, { favourite: true, rating: true, last_cooked: true, times_cooked: true }),
  {
    revision: Int,
    categories: z.array(z.extend(RecipeCategoryRead, { id: z.nullable(Int) })),
    ingredients: z.array(z.extend(RecipeIngredientRead, { ingredient_id: z.nullable(Int) })),
  },
);
export type RecipeRevisionRead = z.infer<typeof RecipeRevisionRead>;

const RevisionCursor = z.tuple([RowId]);

const iso = (value: Date | string) => new Date(value).toISOString();

// Reading

/** A page of the recipe's revisions, newest first (Public: whoever may read the recipe). */
export async function listRevisions(
  db: Db,
  recipeId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<RevisionSummary>> {
  // Below the cursor's revision, or below any: a bound the primary key's backward walk starts at.
  const [before] = query.cursor ? decodeCursor(query.cursor, RevisionCursor) : [MAX_INT + 1];
  // One statement: the recipe (for its 404) and the page, read backwards along the primary key.
  const { rows } = await sql<{
    revision: number | null;
    created_at: Date | null;
    changes: string[] | null;
    user_id: number | null;
    username: string | null;
  }>`select rv.revision, rv.created_at, rv.changes, u.id as user_id, u.username
    from recipes r
    left join lateral (select revision, created_at, changes, user_id from recipe_revisions
      where recipe_id = r.id and revision < ${before}::bigint
      order by revision desc limit ${query.limit + 1}) rv on true
    left join users u on u.id = rv.user_id
    where r.id = ${recipeId}::int
    order by rv.revision desc`.execute(db);
  if (rows.length === 0) throw notFound("Recipe", recipeId);
  const items = rows.flatMap((row) =>
    row.revision === null || row.created_at === null
      ? []
      : [
          {
            revision: row.revision,
            created_at: iso(row.created_at),
            user: row.user_id === null ? null : { id: row.user_id, username: row.username ?? "" },
            changes: row.changes ?? [],
          },
        ],
  );
  return toPage(items, query.limit, (item) => [item.revision]);
}

/** The recipe as it was at `revision` (see the module's comment for what is whose). */
export async function getRevision(db: Db, recipeId: number, revision: number): Promise<RecipeRevisionRead> {
  const { rows } = await sql<{
    id: number;
    user_id: number;
    img: string | null;
    preview_img: string | null;
    created_at: Date;
    revision: number | null;
    revised_at: Date | null;
    snapshot: RecipeSnapshot | null;
    ingredients_now: { id: number; name: string; per100g: Nutrients | null }[];
    categories_now: { id: number; name: string }[];
  }>`select r.id, r.user_id, r.img, r.preview_img, r.created_at,
      rv.revision, rv.created_at as revised_at, rv.snapshot,
      coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name, 'per100g', i.nutrients_per_100g))
        from ingredients i where i.id in (select (l->>'ingredient_id')::int
          from jsonb_array_elements(rv.snapshot->'ingredients') l)), '[]'::json) as ingredients_now,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name))
        from categories c where c.id in (select (x->>'id')::int
          from jsonb_array_elements(rv.snapshot->'categories') x)), '[]'::json) as categories_now
    from recipes r left join recipe_revisions rv on rv.recipe_id = r.id and rv.revision = ${revision}::int
    where r.id = ${recipeId}::int`.execute(db);
  const [row] = rows;
  if (!row) throw notFound("Recipe", recipeId);
  const { snapshot } = row;
  if (row.revision === null || row.revised_at === null || snapshot === null)
    throw noRevision(recipeId, revision);
  const ingredientsNow = new Map(row.ingredients_now.map((i) => [i.id, i]));
  const categoriesNow = new Map(row.categories_now.map((c) => [c.id, c]));
  const ingredients = snapshot.ingredients.map((line) => {
    const now = line.ingredient_id === null ? undefined : ingredientsNow.get(line.ingredient_id);
    return {
      ingredient_id: now ? now.id : null,
      name: now ? now.name : line.name,
      amount_grams: line.amount_grams === null ? null : Number(line.amount_grams),
      amount_readable: line.amount_readable,
    };
  });
  const categories = snapshot.categories
    .map((c) => {
      const now = c.id === null ? undefined : categoriesNow.get(c.id);
      return now ? { id: now.id, name: now.name } : { id: null, name: c.name };
    })
    // As a recipe read orders them: by name ignoring case, then id.
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || (a.id ?? 0) - (b.id ?? 0));
  const nutritionLines = ingredients.map((line) => ({
    name: line.name,
    grams: line.amount_grams,
    per100g:
      (line.ingredient_id === null ? undefined : ingredientsNow.get(line.ingredient_id)?.per100g) ?? null,
  }));
  return {
    id: row.id,
    user_id: row.user_id,
    title: snapshot.title,
    description: snapshot.description,
    cook_time_sec: snapshot.cook_time_sec,
    prep_time_sec: snapshot.prep_time_sec,
    total_time_sec: snapshot.total_time_sec,
    servings: snapshot.servings,
    source_url: snapshot.source_url,
    img: row.img,
    preview_img: row.preview_img,
    categories,
    created_at: iso(row.created_at),
    updated_at: iso(row.revised_at),
    ingredients,
    steps: withTimers(
      snapshot.steps.map(({ description }, index) => ({ step_number: index + 1, description })),
    ),
    nutrition: nutritionOf(nutritionLines, snapshot.servings),
    revision: row.revision,
  };
}
