/**
 * Full-text search over recipes: title (weight A), ingredient names (B) and description (C),
 * kept in recipes.search_vector (GIN-indexed). Callers refresh it in the same transaction as the
 * write that changes one of those texts.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";

/** The text search configuration used both to build the vector and to parse queries. */
export const SEARCH_CONFIG = "english";

/** Recomputes the vector of the given recipes, or of every recipe that uses an ingredient (after a rename). */
export async function refreshRecipeSearch(
  db: Db,
  which: { recipeIds: readonly number[] } | { ingredientId: number },
): Promise<void> {
  if ("recipeIds" in which && which.recipeIds.length === 0) return;
  const cfg = sql.lit(SEARCH_CONFIG);
  await db
    .updateTable("recipes as r")
    .set({
      search_vector: sql<string>`
        setweight(to_tsvector(${cfg}::regconfig, r.title), 'A') ||
        setweight(to_tsvector(${cfg}::regconfig, coalesce((
          select string_agg(i.name, ' ' order by ri.position)
          from recipe_ingredients ri join ingredients i on i.id = ri.ingredient_id
          where ri.recipe_id = r.id), '')), 'B') ||
        setweight(to_tsvector(${cfg}::regconfig, coalesce(r.description, '')), 'C')`,
    })
    .where((eb) =>
      "recipeIds" in which
        ? eb("r.id", "in", which.recipeIds)
        : eb.exists(
            eb
              .selectFrom("recipe_ingredients as ri")
              .select(sql.lit(1).as("one"))
              .whereRef("ri.recipe_id", "=", "r.id")
              .where("ri.ingredient_id", "=", which.ingredientId),
          ),
    )
    .execute();
}
