/**
 * Full-text search over recipes: title (weight A), ingredient names (B: each ingredient's name and
 * the other names it goes by, so `Zucker` finds the recipes with Sugar) and description (C),
 * kept in recipes.search_vector (GIN-indexed). Writes compute it in the statement that writes the
 * texts (see searchVector()), or refresh it in the same transaction.
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import type { Db } from "../db.ts";

/** The text search configuration used both to build the vector and to parse queries. */
export const SEARCH_CONFIG = "english";

const cfg = sql.lit(SEARCH_CONFIG);

/**
 * The search vector of a recipe from its title, its ingredient names (space-separated, in line
 * order) and its description: the one definition every write and the benchmark's fill use.
 */
export function searchVector(
  title: Expression<string>,
  ingredientNames: Expression<string | null>,
  description: Expression<string | null>,
): RawBuilder<string> {
  return sql<string>`
    setweight(to_tsvector(${cfg}::regconfig, ${title}), 'A') ||
    setweight(to_tsvector(${cfg}::regconfig, coalesce(${ingredientNames}, '')), 'B') ||
    setweight(to_tsvector(${cfg}::regconfig, coalesce(${description}, '')), 'C')`;
}

/** Ingredient `i`'s names as search reads them: its name, then the other names it goes by (`Sugar Zucker`). */
export const searchNames = sql<string>`(i.name || coalesce(' ' || (select string_agg(n.name, ' ' order by n.name)
  from ingredient_names n where n.ingredient_id = i.id), ''))`;

/** The names of recipe `r`'s ingredients (searchNames), in line order. */
export const recipeSearchNames = sql<
  string | null
>`(select string_agg(${searchNames}, ' ' order by ri.position)
  from recipe_ingredients ri join ingredients i on i.id = ri.ingredient_id
  where ri.recipe_id = r.id)`;

/**
 * Recomputes the vector of the given recipes, or of every recipe that uses an ingredient (after a
 * rename, a merge or a change of its other names).
 */
export async function refreshRecipeSearch(
  db: Db,
  which: { recipeIds: readonly number[] } | { ingredientId: number },
): Promise<void> {
  if ("recipeIds" in which && which.recipeIds.length === 0) return;
  await db
    .updateTable("recipes as r")
    .set({ search_vector: searchVector(sql`r.title`, recipeSearchNames, sql`r.description`) })
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
